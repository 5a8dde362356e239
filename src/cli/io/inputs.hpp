// SPDX-License-Identifier: Apache-2.0
// Turning the command line's [PATH...] into read result files.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/model.hpp"
#include "aoe_result/reader.hpp"

#include "core/context.hpp"

namespace aoe::cli {

struct InputOptions {
  std::vector<std::string> paths;  ///< files, directories, "-" for stdin
  bool recursive = false;          ///< -r: descend into subdirectories
  /// -j: files read at the same time; 0 means one per available core.
  unsigned jobs = 0;
  /// `ReadOptions::on_operator`: when set, each operator goes to it rather
  /// than into the files' reports, and the files are read one at a time,
  /// in input order, whatever `jobs` says.
  std::function<void(const ResultFile&, const Report&, Operator&&)> on_operator;
};

/// An input that yielded no result file at all: a directory without
/// `aoe_result_opat_*.json`, or no path given and none found.
struct EmptyInput {
  /// The input as given (a directory); with no path given, the directory
  /// searched last (the current one).
  std::string path;
  std::string message;  ///< what was looked for and where, not yet escaped
};

/// An input that gave nothing to read, as the JSON outputs name it in their
/// "problems" (docs/format.md, "Nothing read"): a file that could not be
/// read (missing, not JSON, JSON of another shape, refused as a FIFO or a
/// device), or an input that yielded no file (a directory without results;
/// no path given and none found).
struct InputProblem {
  /// The input as given; with no path given, the directory searched last.
  std::string path;
  /// The diagnostic code (docs/check-codes.md): "io-error", "invalid-json",
  /// "not-aoe-result", ... for a file; "no-result-file" for an input that
  /// gave no file.
  std::string code;
  std::string problem;  ///< what went wrong, as stderr says it (not escaped)
};

/// Something found while loading the inputs, for the command to report.
struct InputNote {
  enum class Kind {
    info,     ///< what was done ("reading X (the newest result found)")
    warning,  ///< a reader warning
    error,    ///< an error finding in a file read anyway
    lost,     ///< an input that could not be used at all
  };
  Kind kind = Kind::info;
  std::string message;  ///< already escaped for the terminal
};

struct Inputs {
  std::vector<ResultFile> files;  ///< in the order given; a directory's files oldest first
  Exit status = Exit::ok;         ///< Exit::input when any input was unusable
  /// What the command may tell: every problem of every input (reader
  /// diagnostics of severity warning and error, missing files, empty
  /// directories) in the order of the inputs.
  std::vector<InputNote> notes;
  /// Inputs that yielded no file at all (a directory without results, no
  /// path and no result found): `check` makes each a failing finding, so
  /// that nothing read is never a pass.
  std::vector<EmptyInput> empty_inputs;
  /// Every input that gave nothing to read, in the order of the inputs:
  /// what the JSON outputs carry as "problems".
  std::vector<InputProblem> problems;
};

/// Why `path` is refused before it is opened, or `nullopt`: a named FIFO
/// (opening one waits for a writer that may never come), a socket or a
/// device is not a result file ("PATH is a named pipe (FIFO), not a result
/// file; not read"; not yet escaped). A descriptor the shell hands over
/// (`/dev/fd/N`, `/proc/self/fd/N`, `/dev/stdin`: `<(cmd)`) is read like
/// `-`. A missing path is not refused here (the reader says so). Uses
/// `stat`, which follows links and never blocks. Never throws but
/// `std::bad_alloc`.
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

/// What the search for a result went through when no path was given.
struct Discovery {
  std::optional<std::filesystem::path> picked;   ///< the file to read; nullopt when none
  std::vector<std::filesystem::path> looked_in;  ///< every folder searched, in order
};

/// Finds the result to read when no path is given. The places are tried in
/// priority order: first `$ASCEND_WORK_PATH` and `$ASCEND_WORK_PATH/aoe_data`
/// together (AOE writes to one of them when the variable is set; the newest
/// of both wins), then the current directory `cwd` only if they hold none.
/// "Newest" is by the timestamp in the name. Never throws for missing or
/// unreadable folders.
[[nodiscard]] Discovery discover_newest(const char* ascend_work_path,
                                        const std::filesystem::path& cwd = ".");

/// Reads `targets` (paths; "-" is `in`) on up to `jobs` threads (0: one per
/// available core) and returns them in the order of `targets`, whatever
/// the order in which they finished. Reading never prints.
/// Rethrows on the calling thread what a reader threw (std::bad_alloc).
/// With `read.on_operator` set, one file at a time, in order.
[[nodiscard]] std::vector<ResultFile> read_all(const std::vector<std::string>& targets,
                                               std::istream& in, unsigned jobs = 0,
                                               const ReadOptions& read = {});

/// Reads every input ("-" is `ctx.in`). Directories are expanded, files are
/// read in parallel (`options.jobs`). Prints nothing: what there is to say
/// is in `Inputs::notes`, in the order of the inputs, for the command to
/// report (`report_inputs`). An unusable input sets `status` to
/// `Exit::input` without stopping the others. With no path, picks the
/// newest result (`discover_newest`) and notes it. Throws `UsageError` when
/// "-" is given more than once.
[[nodiscard]] Inputs load_inputs(const InputOptions& options, const Context& ctx);

/// Which notes `report_inputs` prints.
enum class NoteFilter {
  all,        ///< every note (-q hides info, warnings and errors in read files)
  lost_only,  ///< only inputs that could not be used (`check`: the rest are its findings)
};

/// Prints `inputs.notes` on `ctx.err`: lost inputs always, the rest unless
/// quiet (or filtered out).
void report_inputs(const Inputs& inputs, const Context& ctx, NoteFilter filter = NoteFilter::all);

/// "path:line:col: message [code]", escaped for the terminal.
[[nodiscard]] std::string describe(const Diagnostic& d);

}  // namespace aoe::cli
