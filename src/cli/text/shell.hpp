// SPDX-License-Identifier: Apache-2.0
// Text for a POSIX shell: a path as one word of a command line that the
// user can copy (retune's "re-tune them with", report's CSV command).
#pragma once

#include <string>

namespace aoe::cli {

/// `s` as one shell word: unchanged when it is not empty and holds only
/// letters, digits and `_./-+=:,@%`; else in single quotes, each `'` written
/// `'\''` ("my run.json" → `'my run.json'`, "" → `''`). Not escaped for the
/// terminal: the caller does that where the word is printed.
[[nodiscard]] std::string shell_word(const std::string& s);

}  // namespace aoe::cli
