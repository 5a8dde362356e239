// SPDX-License-Identifier: Apache-2.0
#include "io/bank_inputs.hpp"

#include <algorithm>
#include <istream>
#include <system_error>
#include <utility>

#include "aoe_result/natural_order.hpp"

#include "io/inputs.hpp"
#include "io/load_inputs.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

const FileNaming& BankKind::naming() {
  static const FileNaming words{
      "repository file",
      "*_runtime_kb.json",
      [](std::string_view name) { return is_bank_file_name(name); },
      [](std::vector<fs::path>& files) {
        std::sort(files.begin(), files.end(), [](const fs::path& a, const fs::path& b) {
          return natural_less(a.native(), b.native());
        });
      },
      "Repository files (*_runtime_kb.json, *_gradient_fusion.json) or folders",
      "by path",
      "the custom repository as AOE finds it: $TUNE_BANK_PATH, $ASCEND_CACHE_PATH/aoe_data, "
      "then $HOME/Ascend/{latest,cann}/data/aoe/custom/op"};
  return words;
}

Discovery discover_bank(const LocateEnv& env, const BankPlaceOptions& place) {
  LocateEnv e = env;
  e.soc_version = place.soc;
  const PlaceKind kind =
      place.built_in ? PlaceKind::built_in_repository : PlaceKind::custom_repository;
  Discovery found;
  // Only the places AOE itself would use: a variable set wins over the
  // rest, which are then not searched either.
  for (Place& p : places(kind, e)) {
    if (!p.path || !p.in_use) continue;
    found.looked_in.push_back(*p.path);
    if (found.picked) continue;
    look_at(p);
    if (!p.exists) continue;
    found.picked = *p.path;
    found.why = (place.built_in ? "the built-in repository, " : "the custom repository, ") +
                p.source + (place.soc ? ", SoC " + *place.soc : std::string());
  }
  return found;
}

Discovery BankKind::discover() const {
  return discover_bank(env ? *env : process_locate_env(), place);
}

std::string BankKind::nothing_discovered(const Discovery& found) const {
  // A variable that is set decides alone: its folder is the reason.
  LocateEnv e = env ? *env : process_locate_env();
  e.soc_version = place.soc;
  if (!place.built_in) {
    for (const Place& p : places(PlaceKind::custom_repository, e)) {
      if (!p.in_use || !p.path || p.source.rfind("$HOME", 0) == 0) continue;
      return "no path given, and " + p.source.substr(1, p.source.find('/') - 1) +
             " is set: AOE would use " + p.path->string() +
             ", which is not a folder (name a file or folder" +
             (place.soc ? std::string(", or drop --soc") : std::string()) + ")";
    }
  }
  std::string where;
  for (const fs::path& dir : found.looked_in) where += (where.empty() ? "" : ", ") + dir.string();
  if (place.built_in && where.empty()) {
    return "no path given and ASCEND_OPP_PATH is not set (source CANN's set_env.sh, or name a "
           "file or folder)";
  }
  if (where.empty()) {
    return "no path given, and no repository place could be told (HOME is not set); name a file "
           "or folder";
  }
  return "no path given and no " + std::string(place.built_in ? "built-in" : "custom") +
         " repository found in " + where +
         " (set TUNE_BANK_PATH, or name a file or folder; --soc picks one SoC)";
}

BankFile BankKind::read_file(const std::string& path) const { return read_bank_file(path, read); }

BankFile BankKind::read_stream(std::istream& in, const std::string& display_path) const {
  return read_bank_stream(in, display_path, read);
}

bool BankKind::after_read(BankFile& file, std::vector<InputNote>& notes) const {
  return note_diagnostics(file.diagnostics, file.readable, notes);
}

InputProblem BankKind::problem_of(const BankFile& file) const {
  return first_problem(file.path, file.diagnostics);
}

}  // namespace aoe::cli
