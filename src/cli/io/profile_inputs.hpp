// SPDX-License-Identifier: Apache-2.0
// A profile (msprof's op_summary, torch_npu's kernel_details.csv) as a kind
// of input (input_kind.hpp): one PROFILE of the command line (a file, a
// `PROF_*` folder, an `ASCEND_PROFILER_OUTPUT` folder, a folder holding
// them, or - for standard input) into its files read, then one `Profile`.
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/profile.hpp"

#include "io/input_kind.hpp"

namespace aoe::cli {

/// The files of one profile read, each a part of it.
using ProfileInputs = InputsOf<ProfilePart>;

/// A profile's file as a kind of input. msprof writes where `--output`
/// says, so there is no place to discover: with no path, standard input is
/// read when it is not a terminal.
struct ProfileKind {
  using Model = ProfilePart;
  ProfileReadOptions read;  ///< the reader's options
  /// Whether standard input is a terminal (`Context::in_is_terminal`).
  bool stdin_is_terminal = false;

  /// "profile", `op_summary_*.csv` and `kernel_details.csv` by name.
  [[nodiscard]] static const FileNaming& naming();
  /// Standard input ("-") when it is not a terminal; nothing otherwise.
  [[nodiscard]] Discovery discover() const;
  /// What to do instead: name a profile.
  [[nodiscard]] std::string nothing_discovered(const Discovery& found) const;
  [[nodiscard]] ProfilePart read_file(const std::string& path) const;
  [[nodiscard]] ProfilePart read_stream(std::istream& in, const std::string& display_path) const;
  [[nodiscard]] bool one_at_a_time() const { return false; }
  /// The reader's warnings (rows not read) and errors as notes; false when
  /// the file could not be read.
  bool after_read(ProfilePart& part, std::vector<InputNote>& notes) const;
  [[nodiscard]] InputProblem problem_of(const ProfilePart& part) const;
};

/// The paths to read for the profile `path`: a folder is searched as
/// msprof and torch_npu lay it out (`find_profile_files`: `PROF_*`,
/// `ASCEND_PROFILER_OUTPUT`, a folder holding them); a folder where none is
/// found, a file and "-" are kept as given (the path handling then says
/// what is wrong, or reads the folder's files by name with -r).
[[nodiscard]] std::vector<std::string> profile_paths(const std::string& path);

/// Reads the files of one profile, `options.paths` (each expanded by
/// `profile_paths`): `load_inputs<ProfileKind>` (load_inputs.hpp). With no
/// path and standard input a terminal, throws `UsageError` with
/// `nothing_discovered`'s advice rather than waiting for input.
[[nodiscard]] ProfileInputs load_profile_inputs(const PathOptions& options, const Context& ctx);

/// A profile's operator names that are not valid UTF-8, which JSON (it
/// carries only UTF-8) writes with U+FFFD in place of each bad byte.
struct NamesNotUtf8 {
  std::size_t count = 0;  ///< 0: every name is valid
  /// "<source>: 2 operator names are not valid UTF-8 (the first:
  /// Mat\xffMul); written with U+FFFD in place of each bad byte", not yet
  /// escaped (the caller escapes the whole message); empty when `count` is 0.
  std::string message;
};

/// The names of `names` that are not valid UTF-8, said once for all: for
/// the commands that write a profile's names to JSON.
[[nodiscard]] NamesNotUtf8 names_not_utf8(std::string_view source,
                                          const std::vector<std::string_view>& names);

/// One PROFILE of the command line read and combined into one profile.
struct ReadProfile {
  std::string label;  ///< PROFILE as given ("<stdin>" for -)
  Profile profile;
  /// Inputs that gave nothing (the JSON outputs' "problems"), a profile
  /// with no row read among them (`not-a-profile`, or `invalid-csv` when
  /// rows were there but none could be read).
  std::vector<InputProblem> problems;
  Exit status = Exit::ok;  ///< Exit::input when an input could not be read
};

/// Reads PROFILE `path` (`load_profile_inputs` with `options` but its
/// paths; an empty `path` is none given: standard input when it is not a
/// terminal, else `UsageError`) and says on stderr what went wrong, as
/// every command that reads a profile says it (`report_inputs`): a profile
/// of which no row was read is an input that gave nothing (exit 3). Throws
/// as `load_profile_inputs`.
[[nodiscard]] ReadProfile read_one_profile(const PathOptions& options, const std::string& path,
                                           const Context& ctx);

}  // namespace aoe::cli
