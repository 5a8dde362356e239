// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the unit tests.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "aoe_result/model.hpp"
#include "aoe_result/reader.hpp"

namespace aoe::test {

/// The bytes of the file at `path` (empty when it cannot be read).
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Path of a file in tests/data.
inline std::string data(const std::string& name) {
  return std::string(AOE_TEST_DATA_DIR) + "/" + name;
}

inline constexpr const char* k601 = "aoe_result_opat_20221103_101522418_pid7311.json";
inline constexpr const char* k62 = "aoe_result_opat_20230315_094502113_pid20431.json";
inline constexpr const char* k63 = "aoe_result_opat_20240607_160233905_pid3312.json";
inline constexpr const char* k8x = "aoe_result_opat_20250428_203017761_pid18230.json";
inline constexpr const char* kCut = "aoe_result_opat_20251120_230001514_pid40211.json";

/// Every .json file of docs/examples and tests/data (in folders too),
/// sorted: the corpus of the tests that compare two ways of reading.
inline std::vector<std::string> example_and_data_json_files() {
  std::vector<std::string> paths;
  for (const char* dir : {AOE_EXAMPLES_DIR, AOE_TEST_DATA_DIR}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
      if (entry.is_regular_file() && entry.path().extension() == ".json")
        paths.push_back(entry.path().string());
    }
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

/// Reads a file from tests/data.
inline ResultFile read_data(const std::string& name) { return read_result_file(data(name)); }

/// An operator of one type tuned in one mode (the mode left unset), with
/// its before- and after-tune time in µs.
inline Operator timed_operator(const std::string& name, const std::string& type, double before_us,
                               double after_us) {
  Operator op;
  op.name = name;
  op.types = {type};
  ModeResult m;
  m.before_us = before_us;
  m.after_us = after_us;
  op.modes.push_back(m);
  return op;
}

/// The codes of `ds`, in order ("invalid-json", ...).
inline std::vector<std::string> codes_of(const std::vector<Diagnostic>& ds) {
  std::vector<std::string> out;
  for (const Diagnostic& d : ds) out.emplace_back(to_string(d.code));
  return out;
}

/// Number of diagnostics with `code`.
inline std::size_t count_code(const ResultFile& f, const std::string& code) {
  return static_cast<std::size_t>(
      std::count_if(f.diagnostics.begin(), f.diagnostics.end(),
                    [&](const Diagnostic& d) { return d.code == code; }));
}

/// The operator named `name` in `r`, or nullptr.
inline const Operator* find_op(const Report& r, const std::string& name) {
  for (const Operator& op : r.operators) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

}  // namespace aoe::test
