// SPDX-License-Identifier: Apache-2.0
/// @file
/// Reading AOE result files into the model (model.hpp).
///
/// The reader streams: its own JSON tokenizer (strict RFC 8259, UTF-8
/// validated) turns the input, read in chunks, into events, and the model
/// is built from the events as they come, never from a whole-document
/// tree. That is what lets it keep both of two reports with the same key,
/// give back the complete part of a file cut off mid-write (at any byte),
/// and use memory in proportion to the model rather than to the text.
/// Positions in diagnostics are 1-based lines and byte columns.
///
/// Problems in the content never throw: they become diagnostics in
/// `ResultFile::diagnostics`, and `ResultFile::readable` says whether
/// anything could be read at all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/error.hpp"
#include "aoe_result/model.hpp"

namespace aoe {

/// Takes the operators of one file read in parts at once
/// (`ReadOptions::operator_parts`): each part's operators go to `take` on
/// that part's own thread, so that a consumer which keeps no model (`trend`)
/// reads a large file on every core. The consumer keeps each part's
/// operators apart (`take` is called for different parts at the same time,
/// never for one part at the same time) and, once told the parts read as
/// one file (`keep`), adds them in part order: what it then holds is what
/// `ReadOptions::on_operator` would have been given on one thread, in file
/// order. Calls for one file: `begin`, `take` (any number, from the parts'
/// threads), then `keep` or `drop` on the thread that called the reader,
/// before the read returns. An exception thrown by `take` (or a
/// `std::bad_alloc` of the read) leaves the read after the other parts end;
/// neither `keep` nor `drop` is called then, and the next `begin` starts
/// afresh.
class OperatorParts {
 public:
  virtual ~OperatorParts() = default;
  /// `parts` parts (at least two) of the file are about to be read at once.
  virtual void begin(std::size_t parts) = 0;
  /// An operator of part `part` (0-based, in file order), as
  /// `ReadOptions::on_operator` takes one, but from the part's own file:
  /// `report` is an element of `part_file.reports`, which holds the part's
  /// reports only, counted from its first.
  virtual void take(std::size_t part, const ResultFile& part_file, const Report& report,
                    Operator&& op) = 0;
  /// The parts read as one file: the reports of part k begin at
  /// `first_report[k]` in the file the read returns (`first_report[0]` is
  /// 0, one entry a part). Add what the parts took, in part order.
  virtual void keep(const std::vector<std::size_t>& first_report) = 0;
  /// The parts did not prove to be one file (see `ReadOptions::threads`):
  /// everything `take` was given since `begin` is to be forgotten; the file
  /// is then read again whole, on one thread, through `on_operator`.
  virtual void drop() = 0;
};

/// Options of the reader.
struct ReadOptions {
  /// Bytes read from a stream at a time (at least 16 are used). Any size
  /// gives the same model and the same diagnostics.
  std::size_t chunk_bytes = std::size_t{1} << 16;
  /// Unknown sections and keys are kept as raw JSON up to this many bytes
  /// each; a longer one is kept cut short, with a diagnostic.
  std::size_t max_raw_bytes = std::size_t{1} << 20;
  /// When set, each operator is handed to this as soon as its object
  /// closes (complete, with all its modes; an operator cut off is never
  /// handed over), with the file and the report it belongs to (their path,
  /// id and line are set; members written after the operator are not read
  /// yet), instead of being kept in `Report::operators`, which then stays
  /// empty. Everything else, diagnostics included, is as without. For a
  /// consumer that needs each operator once rather than the model (`diff`),
  /// so that a large file's operators are never all held at once. Called
  /// on the reading thread, in file order (but see `operator_parts`); an
  /// exception it throws leaves the read. A file found to be invalid JSON
  /// further on ends with `readable == false` and no reports, as without:
  /// what was handed over from it is then to be discarded.
  std::function<void(const ResultFile& file, const Report& report, Operator&& op)> on_operator;
  /// With `on_operator` and `threads` above 1: a file that `threads` splits
  /// (see there) is read in parts at once and its operators go to this
  /// (`OperatorParts`), part by part on the parts' threads, instead of to
  /// `on_operator`; a file not split, or whose parts are dropped, goes to
  /// `on_operator` as without. Null (the default): such reads are on one
  /// thread. Not owned: it must outlive the read.
  OperatorParts* operator_parts = nullptr;
  /// Threads that read one report-keyed file of at least `split_min_bytes`
  /// named by path (`read_result_file`) without `on_operator` (or with
  /// `operator_parts`): the file is split between reports of the root
  /// object into this many parts, read at once, and their reports,
  /// diagnostics and outcome merged in file order. The result is what one
  /// thread gives, field for field, diagnostics (and their lines and
  /// columns) included: a file whose parts do not prove to be split
  /// between reports (a guess inside a string or a nested value), whose
  /// part before the last does not read to its end (bad JSON, a cut), with
  /// a report id in two parts, or that fails to read is read again whole,
  /// on one thread. A file of one report, a list or a stream is read on one
  /// thread. 0 and 1: one thread.
  unsigned threads = 1;
  /// The smallest file split into parts (`threads`), bytes.
  std::uint64_t split_min_bytes = std::uint64_t{8} << 20U;
};

/// Reads a result file from `text` (the whole file's bytes).
/// `display_path` names the input in diagnostics.
/// Never throws for bad content: see `ResultFile::readable` and
/// `ResultFile::diagnostics`. May throw `std::bad_alloc`.
[[nodiscard]] ResultFile read_result_text(std::string_view text,
                                          std::string display_path = "<text>",
                                          const ReadOptions& options = {});

/// Reads a result file from a stream, in chunks of `options.chunk_bytes`.
/// Behaves as `read_result_text`; a stream that fails mid-read gives an
/// `io-error` diagnostic and keeps what was read.
[[nodiscard]] ResultFile read_result_stream(std::istream& in, std::string display_path,
                                            const ReadOptions& options = {});

/// What `path` is when it is no file to read: "a named pipe (FIFO)" (opening
/// one waits for a writer that may never come, and reading it takes what
/// it is given once), "a socket", "a block device" or "a character device"
/// (`/dev/zero` never ends); `nullopt` for a regular file, a directory, a
/// missing path, and a descriptor a shell hands over (`/dev/fd/N`,
/// `/proc/self/fd/N`, `/dev/stdin`: `<(cmd)`), which is read as a stream.
/// Looks with stat(2), which follows links and never blocks. Never throws.
[[nodiscard]] std::optional<std::string_view> special_file_kind(
    const std::filesystem::path& path) noexcept;

/// Reads the result file at `path`, in chunks.
/// A file that cannot be opened gives `readable == false` and an `io-error`
/// diagnostic (no exception), so one bad file among many never stops the
/// others.
/// Throws `aoe::InputError` ("the file is a named pipe (FIFO), not a result
/// file; not read") before opening `path` when `special_file_kind` names
/// it: such a path is a mistake to stop at, not a file to report on. May
/// throw `std::bad_alloc`.
[[nodiscard]] ResultFile read_result_file(const std::filesystem::path& path,
                                          const ReadOptions& options = {});

/// Reads the result file at `path` and insists that it is usable.
/// Throws `aoe::InputError` (with the path, and line/column where known)
/// when it is no file to read (`special_file_kind`), cannot be opened or
/// holds nothing readable; a file cut off
/// mid-write is returned with `complete == false`.
[[nodiscard]] ResultFile load_result_file(const std::filesystem::path& path,
                                          const ReadOptions& options = {});

/// Reads one file again and again while it is rewritten whole with the
/// same beginning (AOE while tuning; `aoe-result watch`), parsing each time
/// only from the first member of the root object whose bytes changed, the
/// reports before it taken from the read before.
///
/// Each `read` gives what `read_result_file(path, options)` gives for the
/// bytes it read, field for field, diagnostics (lines, columns) included.
/// A read resumes at a member of the root object after the first (a key
/// after a ',') that the previous read of the same path reached, when the
/// file still holds the same bytes up to that member's key and the previous
/// read kept its reports; the bytes are compared by a 64-bit hash of each
/// chunk read (its offset and length kept with it), not kept themselves.
/// Otherwise (a list-shaped file, a single report, the first report
/// changed, another path, `on_operator` set, a report id in both the part
/// kept and the part read, a read failing part-way) the file is read whole,
/// on one thread (`threads` is not used).
class ResultRereader {
 public:
  explicit ResultRereader(ReadOptions options = {});
  ~ResultRereader();
  ResultRereader(ResultRereader&&) noexcept;
  ResultRereader& operator=(ResultRereader&&) noexcept;
  ResultRereader(const ResultRereader&) = delete;
  ResultRereader& operator=(const ResultRereader&) = delete;

  /// Reads `path` (see the class comment); the result stays valid until
  /// the next `read`. Throws as `read_result_file`.
  [[nodiscard]] const ResultFile& read(const std::filesystem::path& path);

  /// Where the last `read` began to parse, bytes into the file: 0 when it
  /// read the file whole.
  [[nodiscard]] std::uint64_t last_parse_offset() const noexcept { return parse_offset_; }

  /// How many leading reports of the last `read` were taken from the read
  /// before it, as they were (the same values, not parsed again): 0 when it
  /// read the file whole or kept no report. A caller that merged the read
  /// before may skip these (`Follower::update`).
  [[nodiscard]] std::size_t last_kept_reports() const noexcept { return kept_reports_; }

 private:
  struct Kept;
  bool read_from_kept(int fd, std::uint64_t size, const std::string& path);
  void read_whole(int fd, const std::string& path);

  ReadOptions options_;
  ResultFile result_;
  std::unique_ptr<Kept> kept_;
  std::uint64_t parse_offset_ = 0;
  std::size_t kept_reports_ = 0;
};

}  // namespace aoe
