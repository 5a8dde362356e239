// SPDX-License-Identifier: Apache-2.0
#include "context.hpp"

#include <cstdlib>
#include <iostream>

namespace aoe::cli {

std::string_view to_string(Format f) noexcept {
  switch (f) {
    case Format::text: return "text";
    case Format::json: return "json";
    case Format::jsonl: return "jsonl";
    case Format::csv: return "csv";
    case Format::markdown: return "markdown";
    case Format::junit: return "junit";
    case Format::github: break;
  }
  return "github";
}

void Context::require_format(std::string_view command, std::initializer_list<Format> allowed) const {
  std::string names;
  for (Format f : allowed) {
    if (f == global.format) return;
    if (!names.empty()) names += ", ";
    names += to_string(f);
  }
  throw UsageError("'" + std::string(command) + "' does not write " +
                   std::string(to_string(global.format)) + "; it writes " + names);
}

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
