// SPDX-License-Identifier: Apache-2.0
#include "io/profile_inputs.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <system_error>

#include <fmt/format.h>

#include "io/inputs.hpp"
#include "io/load_inputs.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

const FileNaming& ProfileKind::naming() {
  static const FileNaming words{
      "profile",
      "op_summary_*.csv or kernel_details.csv",
      [](std::string_view name) { return is_profile_file_name(name); },
      [](std::vector<fs::path>& files) { std::sort(files.begin(), files.end()); },
      "Profiles: msprof's op_summary_*.csv, torch_npu's kernel_details.csv, a PROF_* folder, an "
      "ASCEND_PROFILER_OUTPUT folder or a folder holding them",
      "by path",
      "standard input when it is not a terminal"};
  return words;
}

Discovery ProfileKind::discover() const {
  Discovery found;
  if (!stdin_is_terminal) {
    found.picked = "-";
    found.why = "standard input: no profile named";
  }
  return found;
}

std::string ProfileKind::nothing_discovered(const Discovery& /*found*/) const {
  return "no profile named, and standard input is a terminal: name a PROF_* folder, an "
         "ASCEND_PROFILER_OUTPUT folder, an op_summary_*.csv or a kernel_details.csv "
         "(aoe-result profile PROF_000001_...)";
}

ProfilePart ProfileKind::read_file(const std::string& path) const {
  return read_profile_part(path, read);
}

ProfilePart ProfileKind::read_stream(std::istream& in, const std::string& display_path) const {
  return read_profile_part_stream(in, display_path, read);
}

bool ProfileKind::after_read(ProfilePart& part, std::vector<InputNote>& notes) const {
  return note_diagnostics(part.file.diagnostics, part.file.readable, notes);
}

InputProblem ProfileKind::problem_of(const ProfilePart& part) const {
  return first_problem(part.file.path, part.file.diagnostics);
}

std::vector<std::string> profile_paths(const std::string& path) {
  std::error_code ec;
  if (path == "-" || !fs::is_directory(path, ec)) return {path};
  std::vector<fs::path> found;
  try {
    found = find_profile_files(path);
  } catch (const fs::filesystem_error&) {
    return {path};  // the path handling says why it cannot be listed
  }
  if (found.empty()) return {path};
  std::vector<std::string> out;
  out.reserve(found.size());
  for (const fs::path& f : found) out.push_back(f.string());
  return out;
}

namespace {

// A device seen in two profiling runs read as one profile: two collections
// (a run before tuning and one after, or two tries) whose tasks are pooled,
// which a comparison of one against the other would not be. Several
// devices of one run (a PROF_* folder per device, or torch_npu's folder
// per rank) are one collection and are not noted; files that name no
// device are not judged.
void note_pooled_runs(ProfileInputs& inputs) {
  std::map<std::int64_t, std::set<fs::path>> runs_of_device;
  for (const ProfilePart& part : inputs.files) {
    if (!part.file.readable || part.file.path == "-" || part.file.path == "<stdin>") continue;
    const fs::path run = profiling_run_of(part.file.path);
    for (const std::int64_t device : part.file.devices) runs_of_device[device].insert(run);
  }
  for (const auto& [device, runs] : runs_of_device) {
    if (runs.size() < 2) continue;
    std::string names;
    std::size_t shown = 0;
    for (const fs::path& run : runs) {
      if (shown == 3) {
        names += fmt::format(", and {} more", runs.size() - shown);
        break;
      }
      names += (shown++ ? ", " : "") + run.string();
    }
    inputs.notes.push_back(
        {InputNote::Kind::warning,
         escape_text(fmt::format("device {} is in {} profiling runs read as one profile ({}): "
                                 "their tasks are pooled; name one run, or two to compare "
                                 "(aoe-result profile BEFORE AFTER)",
                                 device, runs.size(), names))});
    return;  // one note: every device of those runs is likely the same story
  }
}

}  // namespace

ProfileInputs load_profile_inputs(const PathOptions& options, const Context& ctx) {
  ProfileKind kind;
  kind.stdin_is_terminal = ctx.in_is_terminal;
  if (options.paths.empty()) {
    const Discovery found = kind.discover();
    if (!found.picked) throw UsageError(kind.nothing_discovered(found));
  }
  PathOptions expanded = options;
  expanded.paths.clear();
  for (const std::string& p : options.paths) {
    for (std::string& f : profile_paths(p)) expanded.paths.push_back(std::move(f));
  }
  ProfileInputs inputs = load_inputs(kind, expanded, ctx);
  note_pooled_runs(inputs);
  return inputs;
}

ReadProfile read_one_profile(const PathOptions& options, const std::string& path,
                             const Context& ctx) {
  PathOptions in = options;
  in.paths.clear();
  if (!path.empty()) in.paths.push_back(path);
  ProfileInputs inputs = load_profile_inputs(in, ctx);
  ReadProfile out;
  out.profile = combine_profile_parts(inputs.files);
  out.label = path.empty() || path == "-" ? std::string("<stdin>") : path;
  if (out.profile.rows == 0 && inputs.problems.empty()) {
    // Files read, but not one task in them: nothing measured is no profile.
    const std::string why =
        out.profile.bad_rows > 0
            ? "no row could be read (" + plural(out.profile.bad_rows, "row") + " not read)"
            : "no task row in it (a header only)";
    const std::string code(
        to_string(out.profile.bad_rows > 0 ? Code::invalid_csv : Code::not_a_profile));
    // Said with its code, as the reader's own problems are.
    inputs.notes.push_back(
        {InputNote::Kind::lost, escape_text(out.label) + ": " + why + " (" + code + ")"});
    inputs.problems.push_back({out.label, code, why});
    inputs.status = worst(inputs.status, Exit::input);
  }
  report_inputs(inputs, ctx);
  out.problems = std::move(inputs.problems);
  out.status = inputs.status;
  return out;
}

NamesNotUtf8 names_not_utf8(std::string_view source, const std::vector<std::string_view>& names) {
  NamesNotUtf8 out;
  std::string_view first;
  for (const std::string_view name : names) {
    if (is_valid_utf8(name)) continue;
    if (out.count++ == 0) first = name;
  }
  if (out.count == 0) return out;
  out.message = fmt::format(
      "{}: {} operator name{} not valid UTF-8 (the first: {}); written with U+FFFD in place of "
      "each bad byte",
      source, out.count, out.count == 1 ? " is" : "s are", first);
  return out;
}

}  // namespace aoe::cli
