// SPDX-License-Identifier: Apache-2.0
// The one output mechanism of every command: a table of the formats it
// writes, each with its renderer and a short description. The command
// checks `--format` against the table before it reads any input; the help's
// "Formats:" line and the usage error are made from the same table.
//
// A renderer takes a view (plain data the command computed) and the render
// options, and returns the bytes of its format. It only formats: it never
// reads, and never calls the analysis.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/context.hpp"
#include "text/term.hpp"

namespace aoe::cli {

/// What a renderer may know about where its text goes.
struct RenderOptions {
  Style style;              ///< colour decision applied
  std::size_t width = 100;  ///< columns to fit tables to
  bool wide = false;        ///< never shorten names (`--wide`)
  /// Most bytes a Markdown document may take (GitHub's step-summary limit).
  std::size_t markdown_limit_bytes = 1000 * 1000;
};

/// The render options of a context (its style, width, --wide and limit).
[[nodiscard]] RenderOptions render_options(const Context& ctx);

/// Turns a computed view into the bytes of one format.
template <class View>
using RenderFn = std::string (*)(const View& view, const RenderOptions& options);

/// One row of a command's output table.
template <class View>
struct Renderer {
  Format format;
  RenderFn<View> render;
  std::string_view description;  ///< a few words for the help, e.g. "one row per line"
};

/// The formats of a command without their renderers: what the help and the
/// usage error are made from (not a template, so it lives in output.cpp).
class FormatList {
 public:
  struct Entry {
    Format format;
    std::string_view description;
  };
  FormatList(std::string_view command, std::vector<Entry> entries);

  [[nodiscard]] std::string_view command() const noexcept { return command_; }
  [[nodiscard]] const std::vector<Entry>& entries() const noexcept { return entries_; }
  [[nodiscard]] bool has(Format f) const noexcept;
  /// "text, json, markdown".
  [[nodiscard]] std::string names() const;
  /// "Formats: text (a table), json (schema version 1), markdown." for
  /// the help footer.
  [[nodiscard]] std::string help_line() const;
  /// Throws `UsageError` "'<command>' does not write <f>; it writes <names>"
  /// unless `f` is in the list.
  void require(Format f) const;

 private:
  std::string_view command_;
  std::vector<Entry> entries_;
};

/// A command's output table: every format it writes, each with its
/// renderer. Declared once per command (in `<name>_render.cpp`), read by
/// its setup (help) and its run (`pick`).
template <class View>
class OutputTable {
 public:
  OutputTable(std::string_view command, std::initializer_list<Renderer<View>> renderers)
      : renderers_(renderers), formats_(command, entries_of(renderers)) {}

  /// The renderer of `f`. Throws `UsageError` (see `FormatList::require`)
  /// when the command does not write `f`: call it before reading inputs.
  [[nodiscard]] RenderFn<View> pick(Format f) const {
    formats_.require(f);
    for (const Renderer<View>& r : renderers_) {
      if (r.format == f) return r.render;
    }
    return nullptr;  // not reached: require() threw
  }
  [[nodiscard]] const FormatList& formats() const noexcept { return formats_; }

 private:
  static std::vector<FormatList::Entry> entries_of(std::initializer_list<Renderer<View>> rs) {
    std::vector<FormatList::Entry> entries;
    for (const Renderer<View>& r : rs) entries.push_back({r.format, r.description});
    return entries;
  }
  std::vector<Renderer<View>> renderers_;
  FormatList formats_;
};

/// Every `--format` value with its name, in the order of the `Format` enum:
/// what the global option's `enum_choice_option` maps from.
struct FormatName {
  std::string_view name;
  Format format;
};
[[nodiscard]] const std::vector<FormatName>& format_names();

}  // namespace aoe::cli
