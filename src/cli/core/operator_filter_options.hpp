// SPDX-License-Identifier: Apache-2.0
// The options that choose operators, shared by the commands that list
// them (`ops`, `trend`): `--top N`, `--type T` (repeatable) and
// `--name REGEX`, and the check of the regular expression.
#pragma once

#include <cstddef>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace aoe::cli {

/// Registers, in this order, `--top N` (a whole number, 0 or more, into
/// `top`; `top_help` says what it counts), `--type T` (repeatable, one type
/// each, into `types`) and `--name REGEX` (into `name_regex`) on `cmd`.
void add_operator_filter_options(CLI::App& cmd, std::size_t& top, std::vector<std::string>& types,
                                 std::optional<std::string>& name_regex,
                                 const std::string& top_help);

/// The `--name` regular expression (ECMAScript), `nullopt` when not given.
/// Throws `UsageError` "--name: '(' is not a valid regular expression
/// (why)" when it does not compile.
[[nodiscard]] std::optional<std::regex> name_filter(const std::optional<std::string>& name_regex);

}  // namespace aoe::cli
