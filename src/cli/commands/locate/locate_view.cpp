// SPDX-License-Identifier: Apache-2.0
#include "commands/locate/locate_view.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "io/inputs.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

namespace {

std::optional<std::string> env(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return std::nullopt;
  return std::string(v);
}

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

Place results_place(std::string source, std::optional<fs::path> path, bool in_use) {
  Place p{std::move(source), std::move(path), false, in_use, 0, std::nullopt, {}};
  if (p.path && is_dir(*p.path)) {
    p.exists = true;
    const auto files = result_files_in(*p.path, false);
    p.result_files = files.size();
    if (!files.empty()) p.newest = files.back();
  }
  return p;
}

Place repository_place(std::string source, std::optional<fs::path> base, bool in_use,
                       const std::optional<std::string>& soc_version) {
  if (base && soc_version) *base /= *soc_version;
  Place p{std::move(source), std::move(base), false, in_use, 0, std::nullopt, {}};
  if (p.path && is_dir(*p.path)) {
    p.exists = true;
    if (!soc_version) {
      std::error_code ec;
      for (auto it = fs::directory_iterator(*p.path, ec); !ec && it != fs::directory_iterator();
           it.increment(ec)) {
        std::error_code ec2;
        if (it->is_directory(ec2)) p.soc_versions.push_back(it->path().filename().string());
      }
      std::sort(p.soc_versions.begin(), p.soc_versions.end());
    }
  }
  return p;
}

}  // namespace

LocateEnv process_locate_env(std::optional<std::string> soc_version) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (ec) cwd = ".";
  return LocateEnv{env("ASCEND_WORK_PATH"),  env("TUNE_BANK_PATH"),
                   env("ASCEND_CACHE_PATH"), env("HOME"),
                   std::move(cwd),           std::move(soc_version)};
}

Location locate(const LocateEnv& e) {
  Location loc;
  // Results: $ASCEND_WORK_PATH (AOE's data may sit in its aoe_data), else
  // the working directory where tuning ran.
  const bool work = e.ascend_work_path.has_value();
  const std::optional<fs::path> work_path =
      work ? std::optional<fs::path>(*e.ascend_work_path) : std::nullopt;
  loc.results.push_back(results_place("$ASCEND_WORK_PATH", work_path, work));
  loc.results.push_back(
      results_place("$ASCEND_WORK_PATH/aoe_data",
                    work ? std::optional<fs::path>(*work_path / "aoe_data") : std::nullopt, work));
  loc.results.push_back(results_place("current directory", e.cwd, !work));

  // Repository: TUNE_BANK_PATH > ASCEND_CACHE_PATH/aoe_data > the default
  // under $HOME; the tiling policies are in <place>/<soc_version>.
  const bool bank = e.tune_bank_path.has_value();
  const bool cache = e.ascend_cache_path.has_value();
  loc.repository.push_back(repository_place(
      "$TUNE_BANK_PATH", bank ? std::optional<fs::path>(*e.tune_bank_path) : std::nullopt, bank,
      e.soc_version));
  loc.repository.push_back(repository_place(
      "$ASCEND_CACHE_PATH/aoe_data",
      cache ? std::optional<fs::path>(fs::path(*e.ascend_cache_path) / "aoe_data") : std::nullopt,
      !bank && cache, e.soc_version));
  loc.repository.push_back(
      repository_place("$HOME/Ascend/latest/data/aoe/custom/op",
                       e.home ? std::optional<fs::path>(fs::path(*e.home) / "Ascend" / "latest" /
                                                        "data" / "aoe" / "custom" / "op")
                              : std::nullopt,
                       !bank && !cache, e.soc_version));
  return loc;
}

}  // namespace aoe::cli
