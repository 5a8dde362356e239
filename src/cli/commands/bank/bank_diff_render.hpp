// SPDX-License-Identifier: Apache-2.0
// `bank diff`'s formats: text, json, markdown, csv.
#pragma once

#include <string>

#include "commands/bank/bank_diff_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

[[nodiscard]] std::string bank_diff_text(const BankDiffView& view, const RenderOptions& options);
[[nodiscard]] std::string bank_diff_json(const BankDiffView& view, const RenderOptions& options);
[[nodiscard]] std::string bank_diff_markdown(const BankDiffView& view,
                                             const RenderOptions& options);
[[nodiscard]] std::string bank_diff_csv(const BankDiffView& view, const RenderOptions& options);

/// `bank diff`'s output table.
[[nodiscard]] const OutputTable<BankDiffView>& bank_diff_outputs();

}  // namespace aoe::cli
