// SPDX-License-Identifier: Apache-2.0
// Where profile files are: a `PROF_*` folder as msprof writes it (CANN
// 8.x's `mindstudio_profiler_output/`, CANN 7.x's `device_<n>/summary/`),
// torch_npu's `ASCEND_PROFILER_OUTPUT/`, or a folder holding such folders.
#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "aoe_result/profile.hpp"

namespace aoe {
namespace {

namespace fs = std::filesystem;

// How deep a folder holding profiles is searched (a run folder, then
// torch_npu's `<host>_<pid>_<time>_ascend_pt`, then `ASCEND_PROFILER_OUTPUT`).
constexpr int kSearchDepth = 3;

bool starts_with(std::string_view s, std::string_view prefix) noexcept {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

bool ends_with(std::string_view s, std::string_view suffix) noexcept {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool is_op_summary_name(std::string_view name) noexcept {
  return starts_with(name, "op_summary_") && ends_with(name, ".csv");
}

// The subfolders of `dir` (sorted); none when it cannot be listed.
std::vector<fs::path> subfolders(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (it->is_directory(type_ec)) out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The op_summary files directly in `dir`.
std::vector<fs::path> op_summaries_in(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (it->is_regular_file(type_ec) && is_op_summary_name(it->path().filename().string())) {
      out.push_back(it->path());
    }
  }
  return out;
}

std::vector<fs::path> in_prof_folder(const fs::path& dir) {
  std::vector<fs::path> out = op_summaries_in(dir / "mindstudio_profiler_output");
  if (!out.empty()) return out;
  for (const fs::path& sub : subfolders(dir)) {
    if (starts_with(sub.filename().string(), "device_")) {
      std::vector<fs::path> found = op_summaries_in(sub / "summary");
      out.insert(out.end(), found.begin(), found.end());
    }
  }
  return out;
}

std::vector<fs::path> in_ascend_output(const fs::path& dir) {
  std::error_code ec;
  const fs::path file = dir / "kernel_details.csv";
  if (fs::is_regular_file(file, ec)) return {file};
  return {};
}

void search(const fs::path& dir, int depth, std::vector<fs::path>& out) {
  const std::string name = dir.filename().string();
  if (name == "ASCEND_PROFILER_OUTPUT") {
    const auto found = in_ascend_output(dir);
    out.insert(out.end(), found.begin(), found.end());
    return;
  }
  if (starts_with(name, "PROF_")) {
    const auto found = in_prof_folder(dir);
    out.insert(out.end(), found.begin(), found.end());
    return;
  }
  // The files themselves (a `mindstudio_profiler_output` or `summary`
  // folder given).
  std::vector<fs::path> here = op_summaries_in(dir);
  if (const auto kd = in_ascend_output(dir); !kd.empty()) here.push_back(kd.front());
  if (!here.empty()) {
    out.insert(out.end(), here.begin(), here.end());
    return;
  }
  if (depth >= kSearchDepth) return;
  const std::vector<fs::path> subs = subfolders(dir);
  // torch_npu writes `ASCEND_PROFILER_OUTPUT` beside the `PROF_*` it was
  // made from: the same tasks, read once.
  const bool has_ascend = std::any_of(subs.begin(), subs.end(), [](const fs::path& p) {
    return p.filename() == "ASCEND_PROFILER_OUTPUT" && !in_ascend_output(p).empty();
  });
  for (const fs::path& sub : subs) {
    if (has_ascend && starts_with(sub.filename().string(), "PROF_")) continue;
    search(sub, depth + 1, out);
  }
}

}  // namespace

bool is_profile_file_name(std::string_view filename) noexcept {
  return is_op_summary_name(filename) || filename == "kernel_details.csv";
}

fs::path profiling_run_of(const fs::path& file) {
  const fs::path folder = file.parent_path();
  if (folder.filename() == "ASCEND_PROFILER_OUTPUT") return folder.parent_path();
  for (fs::path p = folder; !p.empty() && p.has_filename(); p = p.parent_path()) {
    if (starts_with(p.filename().string(), "PROF_")) return p;
    if (p == p.parent_path()) break;
  }
  return folder;
}

std::vector<fs::path> find_profile_files(const fs::path& folder) {
  // Throws when the folder itself cannot be listed, as documented.
  { fs::directory_iterator check(folder); }
  std::vector<fs::path> out;
  search(folder, 0, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace aoe
