// SPDX-License-Identifier: Apache-2.0
#include "core/context.hpp"

#include <cstdlib>
#include <iostream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include <unistd.h>

#include "text/csv.hpp"
#include "text/term.hpp"
#include "text/wrap.hpp"

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

namespace {

// "aoe-result: <level>: <message>" and a line end; each line of the
// message wrapped at `width` when set, the lines after a line's first
// indented by two.
void write_message(std::ostream& err, const std::string& level, std::string_view message,
                   std::optional<std::size_t> width) {
  const std::string head = "aoe-result: " + level + ": ";
  if (!width) {
    err << head << message << '\n';
    return;
  }
  bool first = true;
  for (std::size_t at = 0; at <= message.size();) {
    std::size_t end = message.find('\n', at);
    if (end == std::string_view::npos) end = message.size();
    const std::string_view line = message.substr(at, end - at);
    err << wrap_text((first ? head : std::string()) + std::string(line), *width, 0, 2);
    first = false;
    at = end + 1;
  }
}

}  // namespace

std::optional<std::size_t> process_err_width() {
  if (!stderr_is_tty()) return std::nullopt;
  return terminal_width(std::getenv("COLUMNS"), stderr_tty_columns());
}

void write_error(std::ostream& err, std::string_view message, std::optional<std::size_t> width) {
  write_message(err, "error", message, width);
}

void Context::warn(std::string_view message) const {
  if (global.quiet) return;
  write_message(err, err_style.yellow("warning"), message, err_width);
}

void Context::problem(std::string_view message) const {
  if (global.quiet) return;
  error(message);
}

void Context::error(std::string_view message) const {
  write_message(err, err_style.red("error"), message, err_width);
}

void Context::gate_error(std::string_view line) const {
  if (!person_reads_out()) error(line);
}

bool Context::person_reads_out() const noexcept {
  return out_is_terminal && (global.format == Format::text || global.format == Format::markdown);
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
  ctx.err_width = process_err_width();
  ctx.width_is_terminal =
      columns_env_width(std::getenv("COLUMNS")).has_value() || stdout_tty_columns().has_value();
  ctx.in_is_terminal = ::isatty(STDIN_FILENO) == 1;
  ctx.out_is_terminal = tty;
  return ctx;
}

}  // namespace aoe::cli
