// SPDX-License-Identifier: Apache-2.0
// What every kind of input shares: the options, the notes, the result of
// loading, what a kind must say about itself (`InputKind`), and the path
// handling written once for all kinds (load_inputs.hpp puts it together).
#pragma once

#include <concepts>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/context.hpp"

namespace aoe::cli {

/// The path options every reading command takes, whatever it reads.
struct PathOptions {
  std::vector<std::string> paths;  ///< files, directories, "-" for stdin
  bool recursive = false;          ///< -r: descend into subdirectories
  /// -j: files read at the same time; 0 means one per available core.
  unsigned jobs = 0;
};

/// An input that yielded no file at all: a directory without the kind's
/// files, or no path given and none found.
struct EmptyInput {
  /// The input as given (a directory); with no path given, the directory
  /// searched last (the current one).
  std::string path;
  std::string message;  ///< what was looked for and where, not yet escaped
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

/// What loading the inputs gave, but the files themselves.
struct InputsBase {
  Exit status = Exit::ok;  ///< Exit::input when any input was unusable
  /// What the command may tell: every problem of every input (reader
  /// diagnostics of severity warning and error, missing files, empty
  /// directories) in the order of the inputs.
  std::vector<InputNote> notes;
  /// Inputs that yielded no file at all (a directory without the kind's
  /// files, no path and none found): `check` makes each a failing finding,
  /// so that nothing read is never a pass.
  std::vector<EmptyInput> empty_inputs;
  /// Every input that gave nothing to read, in the order of the inputs:
  /// what the JSON outputs carry as "problems".
  std::vector<InputProblem> problems;
};

/// The inputs of one kind, read: `Model` is the kind's model (`ResultFile`).
template <class Model>
struct InputsOf : InputsBase {
  std::vector<Model> files;  ///< in the order given; a directory's in the kind's order
};

/// What the search for a kind's file went through when no path was given.
struct Discovery {
  /// The file to read (or a folder, whose files are then read, with its
  /// subdirectories); nullopt when none.
  std::optional<std::filesystem::path> picked;
  std::vector<std::filesystem::path> looked_in;  ///< every folder searched, in order
  /// Why `picked` was picked, for the note "reading X (WHY)".
  std::string why;
};

/// How a kind's files are named and ordered, and the words for them.
struct FileNaming {
  /// The kind's name in messages: "result file" ("X is a socket, not a
  /// result file; not read").
  std::string_view name;
  /// Its files as a pattern, in messages and help: "aoe_result_opat_*.json".
  std::string_view pattern;
  /// True for the name (not the path) of one of its files.
  bool (*is_file_name)(std::string_view filename) = nullptr;
  /// Puts a directory's files in the kind's order.
  void (*sort)(std::vector<std::filesystem::path>& files) = nullptr;
  /// The help's words: "Result files", "oldest first", and where it looks
  /// with no path ("the newest result in $ASCEND_WORK_PATH, ...").
  std::string_view files_help;
  std::string_view order_help;
  std::string_view discovery_help;
};

/// A kind of input: a small struct, its read options as members, whose
/// const member functions are called from several threads at once.
/// See docs/architecture.md, "Adding an input kind".
template <class K>
concept InputKind = requires(const K& kind, const std::string& path, std::istream& in,
                             typename K::Model& model, std::vector<InputNote>& notes,
                             const Discovery& found) {
  typename K::Model;
  { kind.naming() } -> std::convertible_to<const FileNaming&>;
  /// The place to read with no path (built on `aoe::locate`).
  { kind.discover() } -> std::same_as<Discovery>;
  /// The message when `discover` found nothing (not yet escaped).
  { kind.nothing_discovered(found) } -> std::convertible_to<std::string>;
  /// Reading never throws for bad content: it goes into the model.
  { kind.read_file(path) } -> std::same_as<typename K::Model>;
  { kind.read_stream(in, path) } -> std::same_as<typename K::Model>;
  /// True when the files must be read one at a time, in input order.
  { kind.one_at_a_time() } -> std::convertible_to<bool>;
  /// What follows a read: the model's notes added; false when nothing of
  /// it could be used (the exit status is then `Exit::input`).
  { kind.after_read(model, notes) } -> std::convertible_to<bool>;
  /// Why a model that `after_read` found unusable gave nothing.
  { kind.problem_of(std::as_const(model)) } -> std::same_as<InputProblem>;
};

/// The kind's files in `dir` (and below it with `recursive`), in its
/// order. A missing or unreadable `dir` gives none. With `not_regular`,
/// the entries named like the kind's files that are neither a regular file
/// nor a folder (a named pipe, a socket, a device, a broken link) are added
/// to it, in the order met: they are not read, but an input that looks
/// like a result and is skipped is said, not lost in silence.
[[nodiscard]] std::vector<std::filesystem::path> files_in(
    const std::filesystem::path& dir, bool recursive, const FileNaming& naming,
    std::vector<std::filesystem::path>* not_regular = nullptr);

/// Why `path` is refused before it is opened, or `nullopt`: the library's
/// rule (`aoe::special_file_kind`: a named FIFO, a socket or a device; a
/// descriptor the shell hands over, `/dev/fd/N`, is read like `-`) in the
/// words of the command line ("PATH is a named pipe (FIFO), not a result
/// file; not read"; not yet escaped). A missing path is not refused here
/// (the reader says so).
[[nodiscard]] std::optional<std::string> not_a_regular_file(const std::string& path,
                                                            std::string_view kind_name);

/// One input to read, in the order given; an input that yields no file
/// keeps its message here so that every note comes out in input order.
struct InputItem {
  std::string target;                ///< path to read, or, with `error`, the input
  std::optional<std::string> error;  ///< a problem found before reading; "" a repeat
};

/// With no path: `found.picked` as an item (a folder expanded), and its
/// note; or, when nothing was found, `nothing` recorded as lost and false.
bool take_discovery(const Discovery& found, const std::string& nothing, const FileNaming& naming,
                    std::vector<InputItem>& items, InputsBase& inputs);

/// Each path given: "-" (given twice: `UsageError`), a directory's files,
/// a refused path, a file.
void expand_paths(const PathOptions& options, const FileNaming& naming,
                  std::vector<InputItem>& items);

/// The same file given twice (by device and inode: another spelling, a
/// link, a directory and a file in it) is read once, and noted.
void mark_repeats(std::vector<InputItem>& items, std::vector<InputNote>& notes);

/// The items to read, in order.
[[nodiscard]] std::vector<std::string> targets_of(const std::vector<InputItem>& items);

/// `jobs` as -j gives it, 0 made one per available core (at least 1).
[[nodiscard]] unsigned resolved_jobs(unsigned jobs);

/// Calls `read_one(i)` for each i below `count` on up to `jobs` threads
/// (0: one per available core; 1: in order on this thread). Rethrows on
/// the calling thread the first exception (in index order) a call threw.
void for_each_in_parallel(std::size_t count, unsigned jobs,
                          const std::function<void(std::size_t)>& read_one);

/// An item's problem (found before reading) as a lost input; false when
/// the item has none and was read.
bool note_item_problem(const InputItem& item, InputsBase& inputs);

/// Which notes `report_inputs` prints.
enum class NoteFilter {
  all,        ///< every note (-q hides info, warnings and errors in read files)
  lost_only,  ///< only inputs that could not be used (`check --log`: the log is no finding)
  /// Only what was done: the place read when no path was given, a file
  /// given twice (`check`, `bank check`: the rest are their findings).
  info_only,
};

/// Prints `inputs.notes` on `ctx.err`: lost inputs always, the rest unless
/// quiet (or filtered out). Works for every kind.
void report_inputs(const InputsBase& inputs, const Context& ctx,
                   NoteFilter filter = NoteFilter::all);

}  // namespace aoe::cli
