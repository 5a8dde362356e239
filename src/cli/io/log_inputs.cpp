// SPDX-License-Identifier: Apache-2.0
#include "io/log_inputs.hpp"

#include <algorithm>

#include "aoe_result/log.hpp"

#include "io/inputs.hpp"
#include "io/load_inputs.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

bool is_log_file_name(std::string_view filename) noexcept {
  constexpr std::string_view kSuffix = ".log";
  return filename.size() > kSuffix.size() &&
         filename.substr(filename.size() - kSuffix.size()) == kSuffix;
}

const FileNaming& LogKind::naming() {
  static const FileNaming words{
      "log",
      "*.log",
      [](std::string_view name) { return is_log_file_name(name); },
      [](std::vector<fs::path>& files) { std::sort(files.begin(), files.end()); },
      "Logs of AOE's console output (aoe ... 2>&1 | tee aoe.log)",
      "by name",
      "standard input when it is not a terminal (aoe ... 2>&1 | aoe-result log)"};
  return words;
}

Discovery LogKind::discover() const {
  Discovery found;
  if (!stdin_is_terminal) {
    found.picked = "-";
    found.why = "standard input: no file named";
  }
  return found;
}

std::string LogKind::nothing_discovered(const Discovery& /*found*/) const {
  return "no log named, and standard input is a terminal: name AOE's console output "
         "(aoe-result log aoe.log) or pipe it in (aoe ... 2>&1 | tee aoe.log | aoe-result log)";
}

LogFile LogKind::read_file(const std::string& path) const { return read_log_file(path, read); }

LogFile LogKind::read_stream(std::istream& in, const std::string& display_path) const {
  return read_log_stream(in, display_path, read);
}

bool LogKind::after_read(LogFile& file, std::vector<InputNote>& notes) const {
  return note_diagnostics(file.diagnostics, file.readable, notes);
}

InputProblem LogKind::problem_of(const LogFile& file) const {
  return first_problem(file.path, file.diagnostics);
}

LogInputs load_log_inputs(const PathOptions& options, const Context& ctx) {
  LogKind kind;
  kind.stdin_is_terminal = ctx.in_is_terminal;
  if (options.paths.empty()) {
    const Discovery found = kind.discover();
    if (!found.picked) throw UsageError(kind.nothing_discovered(found));
  }
  return load_inputs(kind, options, ctx);
}

}  // namespace aoe::cli
