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
  void resume_in_root_object() { ctx_.stack().emplace_back(Ctx::root_object); }
  /// The part read so far ended right between two members of the root
  /// object, nothing held over for the next event (a number): where the
  /// next part can take over.
  [[nodiscard]] bool ended_at_root_member();
  /// Takes in, before its own, the reports, diagnostics and what was seen
  /// of the parts before this one, in file order (the first part first).
  /// False, taking nothing, when a report id of one part is also in
  /// another: its warning belongs where one read of the whole would put it.
  [[nodiscard]] bool take_earlier_parts(const std::vector<DocumentBuilder*>& earlier);

 private:
  // --- events (document_builder.cpp)
  void on_scalar(const Scalar& v, const std::string* raw_float);
  void on_key(std::string_view k);
  void on_open(bool object);
  void on_close(char c);
  void open_in_sections(Frame& f, bool object, std::string_view kind);
  void begin_report(const std::string& id);
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
  std::string pending_raw_;
  std::unordered_set<std::string> report_ids_;
  std::vector<std::pair<std::string, TextPosition>> bad_roots_;
  unsigned report_sections_ = 0;  // bit 1: basic seen in the open report, bit 2: OPAT
  OutcomeFacts facts_;            // what the file showed of its kind
  bool root_closed_ = false;      // the root value ended (anything after it is extra)
};

}  // namespace aoe::internal
