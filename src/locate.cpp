// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/locate.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>
#include <utility>

namespace aoe {
namespace fs = std::filesystem;

namespace {

std::optional<std::string> variable(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return std::nullopt;
  return std::string(v);
}

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

bool is_result_name(const std::string& name) {
  constexpr std::string_view kPrefix = "aoe_result_opat_";
  constexpr std::string_view kSuffix = ".json";
  return name.size() > kPrefix.size() + kSuffix.size() && name.rfind(kPrefix, 0) == 0 &&
         name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0;
}

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The `YYYYMMDD_HHMMSSmmm` of aoe_result_opat_YYYYMMDD_HHMMSSmmm_pidN.json.
std::optional<std::string> name_timestamp(const std::string& filename) {
  constexpr std::string_view kPrefix = "aoe_result_opat_";
  if (filename.rfind(kPrefix, 0) != 0) return std::nullopt;
  const std::string_view rest = std::string_view(filename).substr(kPrefix.size());
  if (rest.size() < 18 || rest[8] != '_') return std::nullopt;
  if (!is_digits(rest.substr(0, 8)) || !is_digits(rest.substr(9, 9))) return std::nullopt;
  return std::string(rest.substr(0, 18));
}

// The entries of `dir` that `keep` accepts; none when it cannot be read.
template <class Keep>
std::vector<fs::path> entries(const fs::path& dir, Keep&& keep) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    if (keep(*it)) out.push_back(it->path());
  }
  return out;
}

std::optional<fs::path> path_of(const std::optional<std::string>& variable_value) {
  return variable_value ? std::optional<fs::path>(*variable_value) : std::nullopt;
}

Place place(PlaceKind kind, std::string source, std::optional<fs::path> path, bool in_use) {
  Place p;
  p.kind = kind;
  p.source = std::move(source);
  p.path = std::move(path);
  p.in_use = in_use;
  return p;
}

std::vector<Place> result_places(const LocateEnv& e) {
  // $ASCEND_WORK_PATH (AOE's data may sit in its aoe_data), else the
  // working directory where tuning ran.
  const bool work = e.ascend_work_path.has_value();
  const std::optional<fs::path> work_path = path_of(e.ascend_work_path);
  return {place(PlaceKind::results, "$ASCEND_WORK_PATH", work_path, work),
          place(PlaceKind::results, "$ASCEND_WORK_PATH/aoe_data",
                work ? std::optional<fs::path>(*work_path / "aoe_data") : std::nullopt, work),
          place(PlaceKind::results, "current directory", e.cwd, !work)};
}

std::vector<Place> repository_places(const LocateEnv& e) {
  // TUNE_BANK_PATH > ASCEND_CACHE_PATH/aoe_data > the default under $HOME;
  // the tiling policies are in <place>/<soc_version>.
  const bool bank = e.tune_bank_path.has_value();
  const bool cache = e.ascend_cache_path.has_value();
  std::vector<Place> out{
      place(PlaceKind::custom_repository, "$TUNE_BANK_PATH", path_of(e.tune_bank_path), bank),
      place(PlaceKind::custom_repository, "$ASCEND_CACHE_PATH/aoe_data",
            cache ? std::optional<fs::path>(fs::path(*e.ascend_cache_path) / "aoe_data")
                  : std::nullopt,
            !bank && cache),
      place(PlaceKind::custom_repository, "$HOME/Ascend/latest/data/aoe/custom/op",
            e.home ? std::optional<fs::path>(fs::path(*e.home) / "Ascend" / "latest" / "data" /
                                             "aoe" / "custom" / "op")
                   : std::nullopt,
            !bank && !cache)};
  for (Place& p : out) {
    if (!e.soc_version) continue;
    p.soc_version = e.soc_version;
    if (p.path) *p.path /= *e.soc_version;
  }
  return out;
}

}  // namespace

LocateEnv process_locate_env(std::optional<std::string> soc_version) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (ec) cwd = ".";
  return LocateEnv{variable("ASCEND_WORK_PATH"),
                   variable("TUNE_BANK_PATH"),
                   variable("ASCEND_CACHE_PATH"),
                   variable("HOME"),
                   std::move(cwd),
                   std::move(soc_version)};
}

std::string_view to_string(PlaceKind kind) noexcept {
  switch (kind) {
    case PlaceKind::results:
      return "results";
    case PlaceKind::custom_repository:
      return "custom-repository";
  }
  return "results";
}

std::vector<Place> places(PlaceKind kind, const LocateEnv& env) {
  switch (kind) {
    case PlaceKind::results:
      return result_places(env);
    case PlaceKind::custom_repository:
      return repository_places(env);
  }
  return {};
}

void look_at(Place& place) {
  place.exists = place.path && is_dir(*place.path);
  place.found.clear();
  if (!place.exists) return;
  switch (place.kind) {
    case PlaceKind::results:
      place.found = list_result_files(*place.path);
      break;
    case PlaceKind::custom_repository: {
      if (place.soc_version) break;  // the SoC's own folder
      place.found = entries(*place.path, [](const fs::directory_entry& e) {
        std::error_code ec;
        return e.is_directory(ec);
      });
      std::sort(place.found.begin(), place.found.end(), [](const fs::path& a, const fs::path& b) {
        return a.filename().string() < b.filename().string();
      });
      break;
    }
  }
}

std::vector<Place> locate(PlaceKind kind, const LocateEnv& env) {
  std::vector<Place> out = places(kind, env);
  for (Place& p : out) look_at(p);
  return out;
}

std::vector<fs::path> list_result_files(const fs::path& dir) {
  std::vector<fs::path> files = entries(dir, [](const fs::directory_entry& e) {
    std::error_code ec;
    return e.is_regular_file(ec) && is_result_name(e.path().filename().string());
  });
  // Each name's timestamp is taken once, not once per comparison.
  struct Stamped {
    std::optional<std::string> stamp;
    fs::path path;
  };
  std::vector<Stamped> stamped;
  stamped.reserve(files.size());
  for (fs::path& p : files) {
    std::optional<std::string> stamp = name_timestamp(p.filename().string());
    stamped.push_back({std::move(stamp), std::move(p)});
  }
  std::sort(stamped.begin(), stamped.end(), [](const Stamped& a, const Stamped& b) {
    if (a.stamp && b.stamp && *a.stamp != *b.stamp) return *a.stamp < *b.stamp;
    if (a.stamp.has_value() != b.stamp.has_value()) return b.stamp.has_value();
    return a.path < b.path;
  });
  for (std::size_t i = 0; i < stamped.size(); ++i) files[i] = std::move(stamped[i].path);
  return files;
}

}  // namespace aoe
