// SPDX-License-Identifier: Apache-2.0
#include "inputs.hpp"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <istream>
#include <system_error>

#include "aoe_result/reader.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

namespace {

bool is_result_name(const std::string& name) {
  constexpr std::string_view kPrefix = "aoe_result_opat_";
  constexpr std::string_view kSuffix = ".json";
  return name.size() > kPrefix.size() + kSuffix.size() && name.rfind(kPrefix, 0) == 0 &&
         name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0;
}

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Oldest first by name timestamp; names without one after, by name.
bool older(const fs::path& a, const fs::path& b) {
  const auto ta = name_timestamp(a.filename().string());
  const auto tb = name_timestamp(b.filename().string());
  if (ta && tb && *ta != *tb) return *ta < *tb;
  if (ta.has_value() != tb.has_value()) return ta.has_value();
  return a < b;
}

}  // namespace

std::optional<std::string> name_timestamp(const std::string& filename) {
  // aoe_result_opat_YYYYMMDD_HHMMSSmmm_pidN.json
  constexpr std::string_view kPrefix = "aoe_result_opat_";
  if (filename.rfind(kPrefix, 0) != 0) return std::nullopt;
  const std::string_view rest = std::string_view(filename).substr(kPrefix.size());
  if (rest.size() < 18 || rest[8] != '_') return std::nullopt;
  if (!is_digits(rest.substr(0, 8)) || !is_digits(rest.substr(9, 9))) return std::nullopt;
  return std::string(rest.substr(0, 18));
}

std::vector<fs::path> result_files_in(const fs::path& dir, bool recursive) {
  std::vector<fs::path> out;
  std::error_code ec;
  const auto consider = [&](const fs::directory_entry& e) {
    std::error_code ec2;
    if (e.is_regular_file(ec2) && is_result_name(e.path().filename().string())) {
      out.push_back(e.path());
    }
  };
  if (recursive) {
    for (auto it = fs::recursive_directory_iterator(
             dir, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      consider(*it);
    }
  } else {
    for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator();
         it.increment(ec)) {
      consider(*it);
    }
  }
  std::sort(out.begin(), out.end(), older);
  return out;
}

std::vector<fs::path> default_search_dirs(const char* ascend_work_path) {
  std::vector<fs::path> dirs;
  if (ascend_work_path != nullptr && *ascend_work_path != '\0') {
    dirs.emplace_back(ascend_work_path);
    dirs.push_back(fs::path(ascend_work_path) / "aoe_data");
  }
  dirs.emplace_back(".");
  return dirs;
}

std::string describe(const Diagnostic& d) {
  std::string where = d.file;
  if (d.line) {
    where += fmt::format(":{}", *d.line);
    if (d.column) where += fmt::format(":{}", *d.column);
  }
  std::string about;
  if (d.report) about += " [" + *d.report + "]";
  return escape_text(fmt::format("{}:{} {} ({})", where, about, d.message, d.code));
}

void print_reader_diagnostics(const ResultFile& file, Context& ctx) {
  for (const Diagnostic& d : file.diagnostics) {
    if (d.severity == Severity::error && !file.readable) {
      ctx.error(describe(d));
    } else if (d.severity != Severity::info) {
      ctx.warn(describe(d));
    }
  }
}

Inputs load_inputs(const InputOptions& options, Context& ctx) {
  Inputs inputs;
  std::vector<std::string> targets;
  if (options.paths.empty()) {
    const auto dirs = default_search_dirs(std::getenv("ASCEND_WORK_PATH"));
    std::optional<fs::path> newest;
    for (const fs::path& dir : dirs) {
      const auto files = result_files_in(dir, false);
      if (!files.empty() && (!newest || older(*newest, files.back()))) newest = files.back();
    }
    if (!newest) {
      std::string where;
      for (const fs::path& dir : dirs) where += (where.empty() ? "" : ", ") + dir.string();
      ctx.error(escape_text("no path given and no aoe_result_opat_*.json found in " + where +
                            " (set ASCEND_WORK_PATH or name a file)"));
      inputs.status = Exit::input;
      return inputs;
    }
    if (!ctx.global.quiet) {
      ctx.err << "aoe-result: reading " << escape_text(newest->string())
              << " (the newest result found)\n";
    }
    targets.push_back(newest->string());
  }
  for (const std::string& p : options.paths) {
    std::error_code ec;
    if (p != "-" && fs::is_directory(p, ec)) {
      const auto files = result_files_in(p, options.recursive);
      if (files.empty()) {
        ctx.error(escape_text("no aoe_result_opat_*.json in directory " + p +
                              (options.recursive ? "" : " (use -r to look in subdirectories)")));
        inputs.status = worst(inputs.status, Exit::input);
      }
      for (const fs::path& f : files) targets.push_back(f.string());
    } else {
      targets.push_back(p);
    }
  }
  for (const std::string& t : targets) {
    ResultFile file = t == "-" ? read_result_stream(ctx.in, "<stdin>") : read_result_file(t);
    print_reader_diagnostics(file, ctx);
    if (!file.readable) inputs.status = worst(inputs.status, Exit::input);
    inputs.files.push_back(std::move(file));
  }
  return inputs;
}

}  // namespace aoe::cli
