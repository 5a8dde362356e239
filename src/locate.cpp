// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/locate.hpp"

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
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

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The names of the entries of `dir` that `keep` accepts; none when it
// cannot be read.
template <class Keep>
std::vector<std::string> names_in(const fs::path& dir, Keep&& keep) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    if (keep(*it)) out.push_back(it->path().filename().string());
  }
  return out;
}

// `dir / name` for each of `names`.
std::vector<fs::path> paths_below(const fs::path& dir, const std::vector<std::string>& names) {
  std::vector<fs::path> out;
  out.reserve(names.size());
  for (const std::string& name : names) out.push_back(dir / name);
  return out;
}

// `base` with `below` appended; nullopt when `base` is not set.
std::optional<fs::path> under(const std::optional<std::string>& base,
                              std::initializer_list<std::string_view> below) {
  if (!base) return std::nullopt;
  fs::path p(*base);
  for (const std::string_view b : below) p /= b;
  return p;
}

void add(std::vector<Place>& out, PlaceKind kind, const char* source, std::optional<fs::path> path,
         bool in_use) {
  Place& p = out.emplace_back();
  p.kind = kind;
  p.source = source;
  p.path = std::move(path);
  p.in_use = in_use;
}

std::vector<Place> result_places(const LocateEnv& e) {
  // $ASCEND_WORK_PATH (AOE's data may sit in its aoe_data), else the
  // working directory where tuning ran.
  const bool work = e.ascend_work_path.has_value();
  std::vector<Place> out;
  out.reserve(3);
  add(out, PlaceKind::results, "$ASCEND_WORK_PATH", under(e.ascend_work_path, {}), work);
  add(out, PlaceKind::results, "$ASCEND_WORK_PATH/aoe_data",
      under(e.ascend_work_path, {"aoe_data"}), work);
  add(out, PlaceKind::results, "current directory", e.cwd, !work);
  return out;
}

std::vector<Place> repository_places(const LocateEnv& e) {
  // TUNE_BANK_PATH > ASCEND_CACHE_PATH/aoe_data > the default under $HOME;
  // the tiling policies are in <place>/<soc_version>.
  const bool bank = e.tune_bank_path.has_value();
  const bool cache = e.ascend_cache_path.has_value();
  constexpr PlaceKind kind = PlaceKind::custom_repository;
  std::vector<Place> out;
  out.reserve(4);
  add(out, kind, "$TUNE_BANK_PATH", under(e.tune_bank_path, {}), bank);
  add(out, kind, "$ASCEND_CACHE_PATH/aoe_data", under(e.ascend_cache_path, {"aoe_data"}),
      !bank && cache);
  add(out, kind, "$HOME/Ascend/latest/data/aoe/custom/op",
      under(e.home, {"Ascend", "latest", "data", "aoe", "custom", "op"}), !bank && !cache);
  add(out, kind, "$HOME/Ascend/cann/data/aoe/custom/op",
      under(e.home, {"Ascend", "cann", "data", "aoe", "custom", "op"}), !bank && !cache);
  for (Place& p : out) {
    if (!e.soc_version) continue;
    p.soc_version = e.soc_version;
    if (p.path) *p.path /= *e.soc_version;
  }
  return out;
}

std::vector<Place> built_in_places(const LocateEnv& e) {
  std::vector<Place> out;
  add(out, PlaceKind::built_in_repository, "$ASCEND_OPP_PATH/built-in/data/op",
      under(e.ascend_opp_path, {"built-in", "data", "op"}), e.ascend_opp_path.has_value());
  if (e.soc_version && out.front().path) {
    out.front().soc_version = e.soc_version;
    *out.front().path /= *e.soc_version;
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
                   std::move(soc_version),
                   variable("ASCEND_OPP_PATH")};
}

std::string_view to_string(PlaceKind kind) noexcept {
  switch (kind) {
    case PlaceKind::results:
      return "results";
    case PlaceKind::custom_repository:
      return "custom-repository";
    case PlaceKind::built_in_repository:
      return "built-in-repository";
  }
  return "results";
}

std::vector<Place> places(PlaceKind kind, const LocateEnv& env) {
  switch (kind) {
    case PlaceKind::results:
      return result_places(env);
    case PlaceKind::custom_repository:
      return repository_places(env);
    case PlaceKind::built_in_repository:
      return built_in_places(env);
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
    case PlaceKind::custom_repository:
    case PlaceKind::built_in_repository: {
      if (place.soc_version) break;  // the SoC's own folder
      std::vector<std::string> socs = names_in(*place.path, [](const fs::directory_entry& e) {
        std::error_code ec;
        return e.is_directory(ec);
      });
      std::sort(socs.begin(), socs.end());
      place.found = paths_below(*place.path, socs);
      break;
    }
  }
}

std::vector<Place> locate(PlaceKind kind, const LocateEnv& env) {
  std::vector<Place> out = places(kind, env);
  for (Place& p : out) look_at(p);
  return out;
}

bool is_result_file_name(std::string_view filename) {
  constexpr std::string_view kPrefix = "aoe_result_opat_";
  constexpr std::string_view kSuffix = ".json";
  return filename.size() > kPrefix.size() + kSuffix.size() &&
         filename.substr(0, kPrefix.size()) == kPrefix &&
         filename.substr(filename.size() - kSuffix.size()) == kSuffix;
}

std::optional<std::string> result_file_timestamp(std::string_view filename) {
  constexpr std::string_view kPrefix = "aoe_result_opat_";
  if (filename.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  const std::string_view rest = filename.substr(kPrefix.size());
  if (rest.size() < 18 || rest[8] != '_') return std::nullopt;
  if (!is_digits(rest.substr(0, 8)) || !is_digits(rest.substr(9, 9))) return std::nullopt;
  return std::string(rest.substr(0, 18));
}

namespace {

// A result file with its name's timestamp, taken once.
struct Stamped {
  std::optional<std::string> stamp;
  fs::path path;
};

Stamped stamped(fs::path path) {
  auto stamp = result_file_timestamp(path.filename().string());
  return {std::move(stamp), std::move(path)};
}

bool before(const Stamped& a, const Stamped& b) {
  if (a.stamp && b.stamp && *a.stamp != *b.stamp) return *a.stamp < *b.stamp;
  if (a.stamp.has_value() != b.stamp.has_value()) return b.stamp.has_value();
  return a.path < b.path;
}

}  // namespace

bool result_file_before(const fs::path& a, const fs::path& b) {
  return before(stamped(a), stamped(b));
}

void sort_result_files(std::vector<fs::path>& files) {
  std::vector<Stamped> keyed;
  keyed.reserve(files.size());
  for (fs::path& p : files) keyed.push_back(stamped(std::move(p)));
  std::sort(keyed.begin(), keyed.end(), before);
  for (std::size_t i = 0; i < keyed.size(); ++i) files[i] = std::move(keyed[i].path);
}

std::vector<fs::path> list_result_files(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    std::error_code ec2;
    if (it->is_regular_file(ec2) && is_result_file_name(it->path().filename().string())) {
      files.push_back(it->path());
    }
  }
  sort_result_files(files);
  return files;
}

}  // namespace aoe
