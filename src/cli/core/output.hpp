// SPDX-License-Identifier: Apache-2.0
// The one output mechanism of every command: a table of the formats it
// writes, each with its renderer and a short description. The command
// looks `--format` up in the table once (`pick`), before it reads any
// input; the help's "Formats:" line and the usage error are made from the
// same table.
//
// A renderer takes a view (plain data the command computed) and the render
// options, and gives the bytes of its format. It is of one of two kinds: a
// whole-view renderer returns them as a string (`StringFn`); a streamed one
// writes them to a stream as it makes them, a row at a time (`StreamFn`),
// for outputs that grow with the input. A table may mix both; the command
// writes through the picked renderer (`RenderFn::write`) without knowing
// which kind it is. A renderer only formats: it never reads, and never
// calls the analysis.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <ostream>
#include <sstream>
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
  /// Prose (`prose`, `reflow`) wraps at `width`: it is a terminal's
  /// (`Context::width_is_terminal`); else a line of prose stays one line.
  bool wrap_prose = true;
  /// Standard output is a terminal (`Context::out_is_terminal`). Lines a
  /// script greps one by one (`check`'s findings, as a compiler writes
  /// them) are wrapped only then, whatever `COLUMNS` says.
  bool out_is_terminal = false;
};

/// The render options of a context (its style, width, --wide and limit).
[[nodiscard]] RenderOptions render_options(const Context& ctx);

/// How a line of prose is coloured once wrapped (each line on its own, so
/// that a margin is never coloured).
enum class ProseInk { plain, dim, warn, bad, good };

/// A line of prose (a note, a summary, a header; already escaped) as the
/// text renderers write it: broken at its spaces into lines of at most
/// `options.width` columns (`wrap_text`), the first after `indent` spaces,
/// the next after `hang`, each line coloured with `ink`; with `--wide`, or
/// without `wrap_prose`, one line. Every line ends in '\n'.
[[nodiscard]] std::string prose(const RenderOptions& options, std::string_view text,
                                std::size_t indent = 0, std::size_t hang = 0,
                                ProseInk ink = ProseInk::plain);

/// `text` (lines ending in '\n') with every line wider than
/// `options.width` wrapped by `prose`, its leading spaces its margin and
/// two more for the rows after its first; lines that fit are kept as they
/// are (with `--wide` or without `wrap_prose`, every line).
[[nodiscard]] std::string reflow(const RenderOptions& options, std::string_view text);

/// A whole-view renderer: the bytes of one format, as a string.
template <class View>
using StringFn = std::string (*)(const View& view, const RenderOptions& options);

/// A streamed renderer: writes the bytes of one format to `out` as it
/// makes them (a row at a time), never holding the whole output.
template <class View>
using StreamFn = void (*)(const View& view, const RenderOptions& options, std::ostream& out);

/// The renderer of one format, of either kind: what a table row holds and
/// what `OutputTable::pick` gives. Called, it returns the bytes as a string
/// (a streamed renderer writes them to a string stream); `write` sends them
/// to a stream (a whole-view renderer's string in one piece). Either way the
/// bytes are the same.
template <class View>
class RenderFn {
 public:
  /// A whole-view renderer (implicit, so a table row lists `&name_text`).
  RenderFn(StringFn<View> whole) noexcept : whole_(whole) {}
  /// A streamed renderer (implicit, so a table row lists `&write_name_text`).
  RenderFn(StreamFn<View> streamed) noexcept : streamed_(streamed) {}

  /// The bytes of `view` in this renderer's format.
  [[nodiscard]] std::string operator()(const View& view, const RenderOptions& options) const {
    if (whole_ != nullptr) return whole_(view, options);
    std::ostringstream out;
    streamed_(view, options, out);
    return std::move(out).str();
  }
  /// Writes the bytes of `view` to `out`: a row at a time when the renderer
  /// streams.
  void write(std::ostream& out, const View& view, const RenderOptions& options) const {
    if (streamed_ != nullptr) {
      streamed_(view, options, out);
    } else {
      out << whole_(view, options);
    }
  }
  /// Whether the renderer writes as it goes (`StreamFn`).
  [[nodiscard]] bool streams() const noexcept { return streamed_ != nullptr; }

 private:
  StringFn<View> whole_ = nullptr;
  StreamFn<View> streamed_ = nullptr;
};

/// One row of a command's output table.
template <class View>
struct Renderer {
  Format format;
  RenderFn<View> render;         ///< `&x_text` (whole view) or `&write_x_text` (streamed)
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
  /// Throws `UsageError` "'<command>' does not write <f>; it writes
  /// <names>": what `OutputTable::pick` says of a format not in the list.
  /// `said_as` names the command when another than the list's own writes
  /// through it ("bank check" writes check's formats).
  [[noreturn]] void refuse(Format f, std::string_view said_as = {}) const;

 private:
  std::string_view command_;
  std::vector<Entry> entries_;
};

/// A command's output table: every format it writes, each with its
/// renderer of either kind. Declared once per command (in
/// `<name>_render.cpp`), read by its setup (help) and its run (`pick`).
template <class View>
class OutputTable {
 public:
  OutputTable(std::string_view command, std::initializer_list<Renderer<View>> renderers)
      : renderers_(renderers), formats_(command, entries_of(renderers)) {}

  /// The renderer of `f`: `render(view, options)` for a string,
  /// `render.write(out, view, options)` to stream. Throws `UsageError` (see
  /// `FormatList::refuse`, which names `said_as` if given) when the
  /// command does not write `f`: call it before reading inputs.
  [[nodiscard]] RenderFn<View> pick(Format f, std::string_view said_as = {}) const {
    for (const Renderer<View>& r : renderers_) {
      if (r.format == f) return r.render;
    }
    formats_.refuse(f, said_as);
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
/// Other names `--format` takes: "md" for markdown (the man page's short
/// name). Never printed as a format's name (`format_name` gives the first).
[[nodiscard]] const std::vector<FormatName>& format_aliases();

}  // namespace aoe::cli
