// SPDX-License-Identifier: Apache-2.0
#include "core/output.hpp"

#include <algorithm>

namespace aoe::cli {

RenderOptions render_options(const Context& ctx) {
  return RenderOptions{ctx.style, ctx.width, ctx.global.wide, ctx.markdown_limit_bytes};
}

FormatList::FormatList(std::string_view command, std::vector<Entry> entries)
    : command_(command), entries_(std::move(entries)) {}

bool FormatList::has(Format f) const noexcept {
  return std::any_of(entries_.begin(), entries_.end(),
                     [f](const Entry& e) { return e.format == f; });
}

std::string FormatList::names() const {
  std::string out;
  for (const Entry& e : entries_) {
    if (!out.empty()) out += ", ";
    out += format_name(e.format);
  }
  return out;
}

std::string FormatList::help_line() const {
  // Wrapped before 80 columns, continued lines indented by two spaces.
  constexpr std::size_t kWidth = 79;
  std::string out = "Formats:";
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    std::string item(format_name(entries_[i].format));
    if (!entries_[i].description.empty()) item += " (" + std::string(entries_[i].description) + ")";
    item += i + 1 < entries_.size() ? "," : ".";
    if (out.size() - line_start + 1 + item.size() > kWidth) {
      out += "\n ";
      line_start = out.size() - 2;
    }
    out += " " + item;
  }
  return out;
}

void FormatList::refuse(Format f) const {
  throw UsageError("'" + std::string(command_) + "' does not write " + std::string(format_name(f)) +
                   "; it writes " + names());
}

std::string_view format_name(Format f) noexcept {
  for (const FormatName& n : format_names()) {
    if (n.format == f) return n.name;
  }
  return "text";  // not reached: every Format has a name
}

const std::vector<FormatName>& format_names() {
  static const std::vector<FormatName> names{
      {"text", Format::text},    {"json", Format::json},         {"jsonl", Format::jsonl},
      {"csv", Format::csv},      {"markdown", Format::markdown}, {"junit", Format::junit},
      {"github", Format::github}};
  return names;
}

const std::vector<FormatName>& format_aliases() {
  static const std::vector<FormatName> aliases{{"md", Format::markdown}};
  return aliases;
}

}  // namespace aoe::cli
