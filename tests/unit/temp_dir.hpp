// SPDX-License-Identifier: Apache-2.0
// A temporary directory for a test, removed when the test ends.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace aoe::test {

class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("aoe_result_test_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }

  /// Writes `text` to `relative` (creating folders) and returns its path.
  std::filesystem::path write(const std::string& relative, const std::string& text) const {
    const std::filesystem::path p = path_ / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }

 private:
  std::filesystem::path path_;
};

/// A one-report list file holding one operator `name` tuned in `mode`.
inline std::string one_op_file(const std::string& task, const std::string& name = "Add_1",
                               double before_us = 10, double after_us = 8) {
  return "[{\"basic\": {\"tuning_name\": \"" + task +
         "\"}}, {\"OPAT\": {\"opat_tuning_result\": \"tuning successful\", "
         "\"repo_modified_operators\": [{\"op_name\": \"" +
         name +
         "\", \"op_type\": \"Add\", \"tune_performance\": {\"Schedule\": "
         "{\"performance_before_tune(us)\": " +
         std::to_string(before_us) +
         ", \"performance_after_tune(us)\": " + std::to_string(after_us) + "}}}]}}]";
}

/// A report-keyed file of `n` reports, each with warnings (a number written as a string, an
/// unknown key) at its own line and column, `filler` in every tuning name.
inline std::string reports_with_warnings(int n, const std::string& filler = "x",
                                         const std::string& id_prefix = "report_") {
  std::string text = "{\n";
  for (int i = 0; i < n; ++i) {
    if (i > 0) text += ",\n";
    text += "  \"" + id_prefix + std::to_string(i) + "\": [\n    {\"basic\": {\"tuning_name\": \"" +
            filler + "\", \"tuning_time(s)\": \"" + std::to_string(i) +
            "\"}},\n    {\"OPAT\": {\"opat_tuning_result\": \"tuning successful\", \"odd_" +
            std::to_string(i) +
            "\": [1, 2],\n      \"repo_modified_operators\": [{\"op_name\": \"op" +
            std::to_string(i) +
            "\", \"op_type\": \"Add\", \"tune_performance\": {\"Schedule\": "
            "{\"performance_before_tune(us)\": 10, \"performance_after_tune(us)\": " +
            std::to_string(5 + i % 3) + ", \"update_mode\": \"add\"}}}]}}\n  ]";
  }
  return text + "\n}\n";
}

}  // namespace aoe::test
