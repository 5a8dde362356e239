// SPDX-License-Identifier: Apache-2.0
// The document builder: reads every event of the event source, keeps the
// levels above the sections (the root, the reports, the section objects)
// itself, routes everything inside a section to that section's builder
// (section_builders.hpp), and at the end decides what the file was
// (outcome.hpp).
//
// How a cut-off file is handled: an operator, a tuning-mode result and a
// repository summary are committed only when their object closes, so a
// partial one is dropped; a number is applied only once the next event has
// been read, or, in a cut-off file, when a byte followed it: a number at
// the very end of a cut-off file may itself be cut ("14" of "145.5").
// Strings and literals cannot be cut silently: the tokenizer rejects a
// missing closing quote or a partial literal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "reader/build_context.hpp"
#include "reader/outcome.hpp"
#include "reader/section_builders.hpp"

namespace aoe::internal {

/// What one part of a file read in parts holds once read (before the read
/// is finished): its reports, diagnostics, root values that were not
/// reports, what it saw of the file's kind, and its report ids.
struct PartRead {
  std::vector<Report> reports;
  std::vector<Diagnostic> diagnostics;
  std::vector<std::pair<std::string, TextPosition>> bad_roots;
  OutcomeFacts facts;
  Layout layout = Layout::report_keyed;
  std::unordered_set<std::string> report_ids;
};

/// A member of the root object after its first (a key right after a ','):
/// where a later read may begin (`JsonEvents::resume_at_root_member`), and
/// how much the read had built before it.
struct RootMember {
  std::uint64_t offset = 0;  ///< the key's opening quote
  std::size_t lines_before = 0;
  std::uint64_t line_start = 0;
  std::size_t reports = 0;
  std::size_t diagnostics = 0;
  std::size_t bad_roots = 0;
  OutcomeFacts facts;
  /// The bytes of the chunk being read from its start to `offset`: where
  /// that chunk began, and a hash of those bytes.
  std::uint64_t chunk_offset = 0;
  std::size_t chunk_hash = 0;
};

class DocumentBuilder {
 public:
  DocumentBuilder(ResultFile& out, JsonEvents& events, const ReadOptions& options)
      : ctx_(out, events, options) {}

  /// Reads every event, then decides what the file was.
  void run() { finish_read(read_events()); }

  // --- A file read in parts at once (reader.cpp, `ReadOptions::threads`):
  // each part a builder over its own bytes, the last one finishing the read.

  /// Reads every event up to the last (`end`, `truncated` or `error`), which
  /// it returns, without deciding anything.
  Event read_events();
  /// Decides what the file was from `last`, what `read_events` returned.
  void finish_read(const Event& last);
  /// Begins inside the root object, as `JsonEvents::resume_at_root_member`.
  void resume_in_root_object() {
    ctx_.stack().emplace_back(Ctx::root_object);
    root_members_ = 1;
  }
  /// The part read so far ended right between two members of the root
  /// object, nothing held over for the next event (a number): where the
  /// next part can take over.
  [[nodiscard]] bool ended_at_root_member();
  /// Takes in, before its own, the reports, diagnostics and what was seen
  /// of the parts before this one, in file order (the first part first).
  /// False, taking nothing, when a report id of one part is also in
  /// another: its warning belongs where one read of the whole would put it.
  [[nodiscard]] bool take_earlier_parts(std::vector<PartRead>& earlier);
  /// What this part read (moved out): for `take_earlier_parts` of a later part.
  [[nodiscard]] PartRead take_part();
  /// Root values that were not reports, so far (reported at the end).
  [[nodiscard]] const std::vector<std::pair<std::string, TextPosition>>& bad_roots()
      const noexcept {
    return bad_roots_;
  }

  // --- A file read again from a member of its root object (reread.cpp).

  /// Appends to `into` (null: nothing) each member of the root object read
  /// from now on after its first, at its key, where the chunk being read
  /// holds the key's first byte; a part resumed in the root object
  /// (`resume_in_root_object`) records its first member too.
  void record_root_members(std::vector<RootMember>* into) noexcept { members_ = into; }

 private:
  // --- events (document_builder.cpp)
  void on_scalar(const Scalar& v, const std::string_view* raw_float);
  void on_key(std::string_view k);
  void on_open(bool object);
  void on_close(char c);
  void open_in_sections(Frame& f, bool object, std::string_view kind);
  void begin_report(const std::string& id);
  void record_root_member();
  void non_report_value(const std::string& id, std::string_view kind);
  void bad_section_element(Frame& f, std::string_view kind);
  /// A number is applied only when the next event shows it was not cut off.
  void flush();

  // --- the end of the input (document_end.cpp)
  void finish(bool parsed_ok);
  void after_document(bool stopped_at_nul);
  void on_truncated(TextPosition p, std::string_view why = {});
  void decide_outcome();

  BuildContext ctx_;
  SummaryBuilder summary_{ctx_};
  BasicBuilder basic_{ctx_};
  ModeBuilder modes_{ctx_, ops_};
  OperatorBuilder ops_{ctx_, modes_};
  OpatBuilder opat_{ctx_, ops_, summary_};

  std::optional<Scalar> pending_;
  std::string_view pending_raw_;  // a floating number's text as written
  std::string kept_raw_;          // that text, when the number waits past its event
  std::unordered_set<std::string> report_ids_;
  std::vector<std::pair<std::string, TextPosition>> bad_roots_;
  unsigned report_sections_ = 0;  // bit 1: basic seen in the open report, bit 2: OPAT
  OutcomeFacts facts_;            // what the file showed of its kind
  bool root_closed_ = false;      // the root value ended (anything after it is extra)
  std::size_t root_members_ = 0;  // members of the root object met (keys)
  std::vector<RootMember>* members_ = nullptr;
};

}  // namespace aoe::internal
