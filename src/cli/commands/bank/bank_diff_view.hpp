// SPDX-License-Identifier: Apache-2.0
// `bank diff`: two repositories compared (the library's `BankDiff`), the
// inputs that could not be read, and `--result`'s loose cross-check.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/bank.hpp"
#include "aoe_result/model.hpp"

#include "io/input_kind.hpp"

namespace aoe::cli {

/// What `--result FILE...` says was written to the repository: the sums of
/// `repo_add_num` and `repo_update_num` over the reports. Tiling policies
/// per report, not records per shape: a loose cross-check, not a test.
struct BankResultCheck {
  std::uint64_t files = 0;                 ///< result files given
  std::uint64_t readable_files = 0;        ///< of them, read
  std::uint64_t reports = 0;               ///< reports of the files read
  std::uint64_t reports_with_summary = 0;  ///< of them, with a `repo_summary`
  std::optional<std::int64_t> add_num;     ///< sum of `repo_add_num`; nullopt: none read
  std::optional<std::int64_t> update_num;  ///< sum of `repo_update_num`; nullopt: none read
};

/// The cross-check of `files` (unreadable ones counted, not summed).
[[nodiscard]] BankResultCheck make_bank_result_check(const std::vector<ResultFile>& files);

struct BankDiffView {
  const BankDiff* diff = nullptr;
  /// A side or a file that could not be read, as the JSON "problems".
  std::vector<InputProblem> problems;
  std::optional<BankResultCheck> result_check;  ///< with --result
};

/// The view of `diff`: its problems (a side, an unreadable file).
[[nodiscard]] BankDiffView make_bank_diff_view(const BankDiff& diff);

}  // namespace aoe::cli
