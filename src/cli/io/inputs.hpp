// SPDX-License-Identifier: Apache-2.0
// The result file as a kind of input (input_kind.hpp): the command line's
// [PATH...] into read result files.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/model.hpp"
#include "aoe_result/reader.hpp"

#include "core/context.hpp"
#include "io/input_kind.hpp"

namespace aoe::cli {

/// Takes the operators of one file as they are read, in place of the
/// file's reports keeping them (`InputOptions::digest_operators`): on the
/// reading thread through `take`, or, for a large file read in parts at
/// once, through the `OperatorParts` calls; then `done` once the file is
/// read. One digest a file: calls for one file never overlap but the
/// parts' `take`s (see `OperatorParts`).
class OperatorDigest : public OperatorParts {
 public:
  using OperatorParts::take;
  /// An operator of `report` (`file.reports.back()`), read on one thread
  /// in file order (`ReadOptions::on_operator`).
  virtual void take(const ResultFile& file, const Report& report, Operator&& op) = 0;
  /// The file as read (its reports hold no operator), on the thread that
  /// read it, before its notes are taken. An unreadable file's operators
  /// (any handed over before the file proved unreadable) are to be forgotten.
  virtual void done(const ResultFile& file) = 0;
};

/// A digest that drops every operator as it is read: for a command that
/// needs the reports without their operators (`failed`), so that no model
/// is held.
class OperatorsDropped final : public OperatorDigest {
 public:
  void take(const ResultFile& /*file*/, const Report& /*report*/, Operator&& /*op*/) override {}
  void begin(std::size_t /*parts*/) override {}
  void take(std::size_t /*part*/, const ResultFile& /*part_file*/, const Report& /*report*/,
            Operator&& /*op*/) override {}
  void keep(const std::vector<std::size_t>& /*first_report*/) override {}
  void drop() override {}
  void done(const ResultFile& /*file*/) override {}
};

/// The inputs of the commands that read result files.
struct InputOptions : PathOptions {
  /// `ReadOptions::on_operator`: when set, each operator goes to it rather
  /// than into the files' reports, and the files are read one at a time,
  /// in input order, whatever `jobs` says.
  std::function<void(const ResultFile&, const Report&, Operator&&)> on_operator;
  /// With `on_operator`: `ReadOptions::operator_parts`; when set, each large
  /// file (still one at a time) is read in parts on `jobs` threads.
  OperatorParts* operator_parts = nullptr;
  /// With `on_operator`: called with each file as read (after its last
  /// operator, before its notes are taken), in input order, once a file.
  std::function<void(const ResultFile&)> on_file;
  /// When set (and `on_operator` not), called for each file on the thread
  /// that reads it, `index` its place in `Inputs::files`, for the digest its
  /// operators go to as they are read: none is kept in the file's reports.
  /// Files are read at once on several threads as without, each large one
  /// in parts (`summary`: each report judged as read, no model held).
  std::function<std::unique_ptr<OperatorDigest>(std::size_t index)> digest_operators;
};

/// The result files read.
using Inputs = InputsOf<ResultFile>;

/// The result file (`aoe_result_opat_*.json`) as a kind of input.
struct ResultFileKind {
  using Model = ResultFile;
  ReadOptions read;  ///< the reader's options (`on_operator`: one at a time)
  /// Called with each file as read (`InputOptions::on_file`), when set.
  std::function<void(const ResultFile&)> on_file;
  /// The digest of each file's operators (`InputOptions::digest_operators`), when set.
  std::function<std::unique_ptr<OperatorDigest>(std::size_t index)> digest_operators;

  /// "result file", `aoe_result_opat_*.json`, oldest first by the name's
  /// timestamp (`sort_result_files`).
  [[nodiscard]] static const FileNaming& naming();
  /// The newest result: `discover_newest` of the process's environment.
  [[nodiscard]] Discovery discover() const;
  /// Where it looked, and what to do (ASCEND_WORK_PATH named when set).
  [[nodiscard]] std::string nothing_discovered(const Discovery& found) const;
  [[nodiscard]] ResultFile read_file(const std::string& path) const;
  [[nodiscard]] ResultFile read_stream(std::istream& in, const std::string& display_path) const;
  /// `target` ("-": `in`) read as the file at `index` of the inputs: through
  /// `digest_operators(index)` when set, else as `read_file`/`read_stream`.
  [[nodiscard]] ResultFile read_at(std::size_t index, const std::string& target,
                                   std::istream& in) const;
  [[nodiscard]] bool one_at_a_time() const { return static_cast<bool>(read.on_operator); }
  /// Each large file is read in `threads` parts at once (`ReadOptions::threads`).
  void split_threads(unsigned threads) { read.threads = threads; }
  /// `settle_reading_severities`, then the reader's warnings and errors as
  /// notes; false when the file was not readable.
  bool after_read(ResultFile& file, std::vector<InputNote>& notes) const;
  /// The file's first error (the reader gives one when it is unreadable).
  [[nodiscard]] InputProblem problem_of(const ResultFile& file) const;
};

/// Why `path` is refused as a result file before it is opened, or
/// `nullopt` (`not_a_regular_file(path, "result file")`).
[[nodiscard]] std::optional<std::string> not_a_regular_file(const std::string& path);

/// The `aoe_result_opat_*.json` files in `dir` (and below it with
/// `recursive`), oldest first by the `YYYYMMDD_HHMMSSmmm` timestamp in the
/// name. Names without a timestamp (renamed files) come first, by name, so
/// that the last file is always the newest timestamped one; equal
/// timestamps are ordered by path. A missing or unreadable `dir` gives none.
[[nodiscard]] std::vector<std::filesystem::path> result_files_in(const std::filesystem::path& dir,
                                                                 bool recursive);

/// Where to look when no path is given: `$ASCEND_WORK_PATH`,
/// `$ASCEND_WORK_PATH/aoe_data` (when the variable is set and not empty),
/// then `cwd`.
[[nodiscard]] std::vector<std::filesystem::path> default_search_dirs(
    const char* ascend_work_path, const std::filesystem::path& cwd = ".");

/// Finds the result to read when no path is given, from the library's
/// places of `PlaceKind::results` (`aoe::places`, `aoe::look_at`): first
/// those AOE uses (`$ASCEND_WORK_PATH` and `$ASCEND_WORK_PATH/aoe_data`
/// together when the variable is set: the newest of both wins), then the
/// others (the current directory `cwd`) only if they hold none. "Newest"
/// is by the timestamp in the name. Never throws for missing or
/// unreadable folders.
[[nodiscard]] Discovery discover_newest(const char* ascend_work_path,
                                        const std::filesystem::path& cwd = ".");

/// Reads `targets` (paths; "-" is `in`) on up to `jobs` threads (0: one per
/// available core) and returns them in the order of `targets`
/// (`read_all_of` with `ResultFileKind`). With `read.on_operator` set, one
/// file at a time, in order.
[[nodiscard]] std::vector<ResultFile> read_all(const std::vector<std::string>& targets,
                                               std::istream& in, unsigned jobs = 0,
                                               const ReadOptions& read = {});

/// Reads every input as result files: `load_inputs<ResultFileKind>`
/// (load_inputs.hpp), `options.on_operator` passed to the reader.
[[nodiscard]] Inputs load_inputs(const InputOptions& options, const Context& ctx);

/// "path:line:col: message [code]", escaped for the terminal.
[[nodiscard]] std::string describe(const Diagnostic& d);

/// What every kind's `after_read` adds: a file's diagnostics of severity
/// warning and error as notes (an error of an unusable file is `lost`,
/// said even with -q); of a readable file with more than 10 of one code
/// and severity, the first 5 of them, then one note of how many more
/// (`check` lists every one);
/// returns `readable`.
bool note_diagnostics(const std::vector<Diagnostic>& diagnostics, bool readable,
                      std::vector<InputNote>& notes);

/// What every kind's `problem_of` says: the file's first error, or
/// `io-error` "could not be read" when it has none.
[[nodiscard]] InputProblem first_problem(const std::string& path,
                                         const std::vector<Diagnostic>& diagnostics);

}  // namespace aoe::cli
