// SPDX-License-Identifier: Apache-2.0
#include "core/context.hpp"

#include <cstdlib>
#include <iostream>

#include <unistd.h>

#include "text/csv.hpp"

namespace aoe::cli {
namespace {

// Standard output for data: CSV on a terminal goes through the guard that
// escapes control characters (a file or a pipe gets the real bytes).
std::ostream& data_stream(bool terminal_csv) {
  if (!terminal_csv) return std::cout;
  static TerminalCsvBuffer buffer(std::cout.rdbuf());
  static std::ostream stream(&buffer);
  return stream;
}

}  // namespace

void Context::warn(std::string_view message) const {
  if (global.quiet) return;
  err << "aoe-result: " << err_style.yellow("warning") << ": " << message << '\n';
}

void Context::problem(std::string_view message) const {
  if (global.quiet) return;
  error(message);
}

void Context::error(std::string_view message) const {
  err << "aoe-result: " << err_style.red("error") << ": " << message << '\n';
}

Context make_process_context(const GlobalOptions& global) {
  const bool tty = stdout_is_tty();
  const auto colour = [&](bool terminal) {
    return Style(use_color(global.color, terminal, std::getenv("NO_COLOR"), std::getenv("TERM")));
  };
  Context ctx{data_stream(tty && global.format == Format::csv),
              std::cerr,
              std::cin,
              global,
              colour(tty),
              terminal_width(std::getenv("COLUMNS"), stdout_tty_columns())};
  ctx.err_style = colour(stderr_is_tty());
  ctx.width_is_terminal =
      columns_env_width(std::getenv("COLUMNS")).has_value() || stdout_tty_columns().has_value();
  ctx.in_is_terminal = ::isatty(STDIN_FILENO) == 1;
  return ctx;
}

}  // namespace aoe::cli
