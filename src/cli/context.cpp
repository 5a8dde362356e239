// SPDX-License-Identifier: Apache-2.0
#include "context.hpp"

#include <cstdlib>
#include <iostream>

namespace aoe::cli {

void Context::warn(std::string_view message) const {
  if (global.quiet) return;
  err << "aoe-result: " << style.yellow("warning") << ": " << message << '\n';
}

void Context::problem(std::string_view message) const {
  if (global.quiet) return;
  error(message);
}

void Context::error(std::string_view message) const {
  err << "aoe-result: " << style.red("error") << ": " << message << '\n';
}

Context make_process_context(const GlobalOptions& global) {
  const bool tty = stdout_is_tty();
  Context ctx{std::cout, std::cerr, std::cin, global,
              Style(use_color(global.color, tty, std::getenv("NO_COLOR"), std::getenv("TERM"))),
              terminal_width(std::getenv("COLUMNS"), stdout_tty_columns())};
  return ctx;
}

}  // namespace aoe::cli
