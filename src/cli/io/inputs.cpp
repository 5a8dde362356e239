// SPDX-License-Identifier: Apache-2.0
#include "io/inputs.hpp"

#include <cstdlib>
#include <istream>
#include <map>
#include <optional>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "aoe_result/check.hpp"
#include "aoe_result/locate.hpp"
#include "aoe_result/reader.hpp"

#include "io/load_inputs.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

const FileNaming& ResultFileKind::naming() {
  static const FileNaming words{
      "result file",
      "aoe_result_opat_*.json",
      [](std::string_view name) { return is_result_file_name(name); },
      [](std::vector<fs::path>& files) { sort_result_files(files); },
      "Result files",
      "oldest first",
      "the newest result in $ASCEND_WORK_PATH, $ASCEND_WORK_PATH/aoe_data, then the current "
      "directory"};
  return words;
}

Discovery ResultFileKind::discover() const {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (ec) cwd = ".";
  return discover_newest(std::getenv("ASCEND_WORK_PATH"), cwd);
}

std::string ResultFileKind::nothing_discovered(const Discovery& found) const {
  std::string where;
  for (const fs::path& dir : found.looked_in) where += (where.empty() ? "" : ", ") + dir.string();
  const char* work = std::getenv("ASCEND_WORK_PATH");
  std::string advice = " (set ASCEND_WORK_PATH or name a file or directory)";
  if (work != nullptr && *work != '\0') {
    std::error_code ec;
    advice = fs::is_directory(work, ec) ? " (ASCEND_WORK_PATH=" + std::string(work) +
                                              " holds no result; name a file or directory)"
                                        : " (ASCEND_WORK_PATH=" + std::string(work) +
                                              " is not an existing directory; name a file or "
                                              "directory)";
  }
  return "no path given and no aoe_result_opat_*.json found in " + where + advice;
}

InputProblem ResultFileKind::problem_of(const ResultFile& file) const {
  return first_problem(file.path, file.diagnostics);
}

ResultFile ResultFileKind::read_file(const std::string& path) const {
  ResultFile file = read_result_file(path, read);
  if (on_file) on_file(file);
  return file;
}

ResultFile ResultFileKind::read_stream(std::istream& in, const std::string& display_path) const {
  ResultFile file = read_result_stream(in, display_path, read);
  if (on_file) on_file(file);
  return file;
}

ResultFile ResultFileKind::read_at(std::size_t index, const std::string& target,
                                   std::istream& in) const {
  if (!digest_operators) return target == "-" ? read_stream(in, "<stdin>") : read_file(target);
  const std::unique_ptr<OperatorDigest> taker = digest_operators(index);
  OperatorDigest* const to = taker.get();
  ReadOptions options = read;
  options.on_operator = [to](const ResultFile& f, const Report& r, Operator&& op) {
    to->take(f, r, std::move(op));
  };
  options.operator_parts = to;
  ResultFile file = target == "-" ? read_result_stream(in, "<stdin>", options)
                                  : read_result_file(target, options);
  if (on_file) on_file(file);
  to->done(file);
  return file;
}

bool ResultFileKind::after_read(ResultFile& file, std::vector<InputNote>& notes) const {
  // One severity rule (check.hpp): a cut-off file that was read is a
  // warning for the reading commands; `check` raises it again.
  settle_reading_severities(file);
  return note_diagnostics(file.diagnostics, file.readable, notes);
}

namespace {
// Of a code and severity met more than `kNotesListedAll` times in a file,
// the first `kNotesPerCode` are listed.
constexpr std::size_t kNotesListedAll = 10;
constexpr std::size_t kNotesPerCode = 5;
}  // namespace

bool note_diagnostics(const std::vector<Diagnostic>& diagnostics, bool readable,
                      std::vector<InputNote>& notes) {
  // Of a file that was read: a newer CANN's mode name on every operator is
  // one finding told 5 times and counted, not a screen per thousand
  // operators. An unusable file's errors are all said.
  std::map<std::pair<Code, Severity>, std::size_t> count;
  for (const Diagnostic& d : diagnostics) ++count[{d.code, d.severity}];
  const auto listed = [&](const Diagnostic& d) {
    return !readable || count[{d.code, d.severity}] <= kNotesListedAll;
  };
  std::map<std::pair<Code, Severity>, std::size_t> seen;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == Severity::info) continue;
    if (!listed(d) && ++seen[{d.code, d.severity}] > kNotesPerCode) continue;
    if (d.severity == Severity::error) {
      // Lost: said even with -q. Read anyway: -q hides it.
      notes.push_back({readable ? InputNote::Kind::error : InputNote::Kind::lost, describe(d)});
    } else {
      notes.push_back({InputNote::Kind::warning, describe(d)});
    }
  }
  for (const auto& [key, n] : seen) {
    const bool error = key.second == Severity::error;
    const std::string& path = diagnostics.front().file;
    notes.push_back({error ? InputNote::Kind::error : InputNote::Kind::warning,
                     escape_text(fmt::format("{}: {} more {} {} not listed; 'aoe-result check' "
                                             "lists every finding",
                                             path, n - kNotesPerCode, to_string(key.first),
                                             error ? "errors" : "warnings"))});
  }
  return readable;
}

InputProblem first_problem(const std::string& path, const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == Severity::error) return {path, std::string(to_string(d.code)), d.message};
  }
  return {path, std::string(to_string(Code::io_error)), "could not be read"};
}

std::optional<std::string> not_a_regular_file(const std::string& path) {
  return not_a_regular_file(path, ResultFileKind::naming().name);
}

std::vector<fs::path> result_files_in(const fs::path& dir, bool recursive) {
  return files_in(dir, recursive, ResultFileKind::naming());
}

std::vector<fs::path> default_search_dirs(const char* ascend_work_path, const fs::path& cwd) {
  std::vector<fs::path> dirs;
  if (ascend_work_path != nullptr && *ascend_work_path != '\0') {
    dirs.emplace_back(ascend_work_path);
    dirs.push_back(fs::path(ascend_work_path) / "aoe_data");
  }
  dirs.push_back(cwd);
  return dirs;
}

Discovery discover_newest(const char* ascend_work_path, const fs::path& cwd) {
  LocateEnv env;
  if (ascend_work_path != nullptr && *ascend_work_path != '\0')
    env.ascend_work_path = ascend_work_path;
  env.cwd = cwd;
  std::vector<Place> tiers[2];  // the places AOE uses, then the others
  for (Place& p : places(PlaceKind::results, env)) {
    if (p.path) tiers[p.in_use ? 0 : 1].push_back(std::move(p));
  }
  Discovery found;
  found.why = "the newest result found";
  for (std::vector<Place>& tier : tiers) {
    for (Place& p : tier) {
      found.looked_in.push_back(*p.path);
      if (found.picked) continue;  // named as looked in, not looked at
      look_at(p);
    }
    for (const Place& p : tier) {
      if (!p.found.empty() &&
          (!found.picked || result_file_before(*found.picked, p.found.back()))) {
        found.picked = p.found.back();
      }
    }
  }
  return found;
}

std::vector<ResultFile> read_all(const std::vector<std::string>& targets, std::istream& in,
                                 unsigned jobs, const ReadOptions& read) {
  return read_all_of(ResultFileKind{read, {}, {}}, targets, in, jobs);
}

std::string describe(const Diagnostic& d) {
  std::string about;
  if (d.report) about += " [" + *d.report + "]";
  return escape_message(
      d, fmt::format("{}:{} {} ({})", location(d), about, d.message, to_string(d.code)));
}

Inputs load_inputs(const InputOptions& options, const Context& ctx) {
  ResultFileKind kind;
  kind.read.on_operator = options.on_operator;
  kind.read.operator_parts = options.operator_parts;
  if (options.operator_parts != nullptr) kind.read.threads = resolved_jobs(options.jobs);
  kind.on_file = options.on_file;
  if (!options.on_operator) kind.digest_operators = options.digest_operators;
  return load_inputs(kind, options, ctx);
}

}  // namespace aoe::cli
