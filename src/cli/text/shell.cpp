// SPDX-License-Identifier: Apache-2.0
#include "text/shell.hpp"

namespace aoe::cli {

std::string shell_word(const std::string& s) {
  const bool safe = !s.empty() && s.find_first_not_of(
                                      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                      "0123456789_./-+=:,@%") == std::string::npos;
  if (safe) return s;
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace aoe::cli
