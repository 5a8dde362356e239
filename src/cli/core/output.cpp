// SPDX-License-Identifier: Apache-2.0
#include "core/output.hpp"

#include <algorithm>

#include "text/wrap.hpp"

namespace aoe::cli {

RenderOptions render_options(const Context& ctx) {
  RenderOptions options{ctx.style, ctx.width, ctx.global.wide, ctx.markdown_limit_bytes};
  options.wrap_prose = ctx.width_is_terminal;
  options.out_is_terminal = ctx.out_is_terminal;
  return options;
}

std::string prose(const RenderOptions& options, std::string_view text, std::size_t indent,
                  std::size_t hang, ProseInk ink) {
  const std::string wrapped = options.wide || !options.wrap_prose
                                  ? std::string(indent, ' ') + std::string(text) + "\n"
                                  : wrap_text(text, options.width, indent, hang);
  if (ink == ProseInk::plain || !options.style.enabled()) return wrapped;
  std::string out;
  std::size_t start = 0;
  while (start < wrapped.size()) {
    const std::size_t end = wrapped.find('\n', start);
    const std::string_view line(wrapped.data() + start, end - start);
    const std::size_t margin = std::min(line.find_first_not_of(' '), line.size());
    const std::string body(line.substr(margin));
    out.append(margin, ' ');
    switch (ink) {
      case ProseInk::dim:
        out += options.style.dim(body);
        break;
      case ProseInk::warn:
        out += options.style.yellow(body);
        break;
      case ProseInk::bad:
        out += options.style.red(body);
        break;
      case ProseInk::good:
        out += options.style.green(body);
        break;
      case ProseInk::plain:
        out += body;
        break;
    }
    out += '\n';
    start = end + 1;
  }
  return out;
}

std::string reflow(const RenderOptions& options, std::string_view text) {
  if (options.wide || !options.wrap_prose) return std::string(text);
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    if (styled_width(line) <= options.width) {
      out += line;
      if (end < text.size()) out += '\n';
    } else {
      const std::size_t margin = std::min(line.find_first_not_of(' '), line.size());
      out += prose(options, line.substr(margin), margin, margin + 2);
      if (end == text.size()) out.pop_back();
    }
    start = end + 1;
  }
  return out;
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

void FormatList::refuse(Format f, std::string_view said_as) const {
  throw UsageError("'" + std::string(said_as.empty() ? command_ : said_as) + "' does not write " +
                   std::string(format_name(f)) + "; it writes " + names());
}

std::string_view format_name(Format f) noexcept {
  for (const FormatName& n : format_names()) {
    if (n.format == f) return n.name;
  }
  return "text";  // not reached: every Format has a name
}

const std::vector<FormatName>& format_names() {
  static const std::vector<FormatName> names{
      {"text", Format::text},     {"json", Format::json},         {"jsonl", Format::jsonl},
      {"csv", Format::csv},       {"markdown", Format::markdown}, {"junit", Format::junit},
      {"github", Format::github}, {"html", Format::html}};
  return names;
}

const std::vector<FormatName>& format_aliases() {
  static const std::vector<FormatName> aliases{{"md", Format::markdown}};
  return aliases;
}

}  // namespace aoe::cli
