// SPDX-License-Identifier: Apache-2.0
// `bank`'s formats: the listing (text, json, markdown) and the records
// (jsonl, csv; text and markdown too with --op/--where).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands/bank/bank_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

[[nodiscard]] std::string bank_text(const BankListView& view, const RenderOptions& options);
[[nodiscard]] std::string bank_json(const BankListView& view, const RenderOptions& options);
[[nodiscard]] std::string bank_jsonl(const BankListView& view, const RenderOptions& options);
[[nodiscard]] std::string bank_csv(const BankListView& view, const RenderOptions& options);
[[nodiscard]] std::string bank_markdown(const BankListView& view, const RenderOptions& options);

/// `info_dict` or `knowledge` entries as a JSON object (numbers by value).
[[nodiscard]] nlohmann::ordered_json bank_entries_json(const std::vector<BankEntry>& entries);

/// `bank`'s output table.
[[nodiscard]] const OutputTable<BankListView>& bank_outputs();

/// The formats that list records, so every record must be kept in memory.
[[nodiscard]] bool bank_format_lists_records(Format format) noexcept;

}  // namespace aoe::cli
