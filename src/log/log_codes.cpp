// SPDX-License-Identifier: Apache-2.0
// The documented codes of AOE's console output and the outcome's words.
#include <algorithm>

#include "aoe_result/log.hpp"

namespace aoe {

std::string_view to_string(LogOutcome outcome) noexcept {
  switch (outcome) {
    case LogOutcome::finished:
      return "finished";
    case LogOutcome::failed:
      return "failed";
    case LogOutcome::interrupted:
      return "interrupted";
  }
  return "interrupted";
}

const std::vector<LogCodeInfo>& documented_log_codes() {
  // CANN's troubleshooting guide, "AOE Errors" (EG..., WG0000); EC0011 is
  // what the repository code reports without permission on the custom
  // repository.
  static const std::vector<LogCodeInfo> table{
      {"EG0000", "invalid command line argument", false},
      {"EG0001", "invalid configuration argument", false},
      {"EG0002", "invalid environment variable argument", false},
      {"EG0003", "invalid option argument", false},
      {"EG0004", "invalid command line argument", false},
      {"EG0010", "directory operation failed", false},
      {"EG0011", "file operation failed", false},
      {"EG0012", "invalid component", false},
      {"EG0013", "device operation failed", false},
      {"EG10000", "network communication failed", false},
      {"EG10001", "private key or certificate verification failed", false},
      {"WG0000", "insufficient memory", true},
      {"EC0011", "no permission on the custom repository", false},
  };
  return table;
}

std::optional<LogCodeInfo> log_code_info(std::string_view code) noexcept {
  const std::vector<LogCodeInfo>& table = documented_log_codes();
  const auto it = std::find_if(table.begin(), table.end(),
                               [&](const LogCodeInfo& info) { return info.code == code; });
  if (it == table.end()) return std::nullopt;
  return *it;
}

const LogError* LogFile::first_error() const noexcept {
  for (const LogError& e : errors) {
    if (!e.warning) return &e;
  }
  return nullptr;
}

}  // namespace aoe
