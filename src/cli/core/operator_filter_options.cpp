// SPDX-License-Identifier: Apache-2.0
#include "core/operator_filter_options.hpp"

#include <CLI/CLI.hpp>

#include "core/context.hpp"
#include "core/number_option.hpp"
#include "text/term.hpp"

namespace aoe::cli {

void add_operator_filter_options(CLI::App& cmd, std::size_t& top, std::vector<std::string>& types,
                                 std::optional<std::string>& name_regex,
                                 const std::string& top_help) {
  cmd.add_option("--top", top, top_help)
      ->transform(number_option({NumberSpec::Kind::count, 0.0, 1e9}))
      ->option_text("N")
      ->capture_default_str();
  cmd.add_option("--type", types,
                 "Only operators of this type (repeatable; ignores case; a fused operator "
                 "matches each of its types, Conv2D+Relu and AOE's Conv2D__Relu)")
      ->option_text("T")
      ->expected(1)  // one type per --type, so a path after it stays a path
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd.add_option_function<std::string>(
         "--name", [&name_regex](const std::string& v) { name_regex = v; },
         "Only operators whose name contains a match of REGEX (ECMAScript syntax)")
      ->option_text("REGEX");
}

std::optional<std::regex> name_filter(const std::optional<std::string>& name_regex) {
  if (!name_regex) return std::nullopt;
  try {
    return std::regex(*name_regex, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw UsageError("--name: '" + escape_text(*name_regex) +
                     "' is not a valid regular expression (" + e.what() + ")");
  }
}

}  // namespace aoe::cli
