// SPDX-License-Identifier: Apache-2.0
// Help that reads as a person wrote it, and "did you mean" for a mistyped
// command.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
class Formatter;
class Option;
}  // namespace CLI

namespace aoe::cli {

/// A CLI11 formatter (a `CLI::Formatter` subclass, CLI11's documented way
/// to change help) that prints each option as its names, its value name
/// (`--top N`, `PATH...`) and what it does, with the default in words when
/// the option has one: none of CLI11's type and validator notes
/// (`UINT:UINT in [1 - 1000000000]=10`, `{false}`, `Needs: ...`). A
/// command's help also lists the global options (those of its parent) it
/// takes. Works with CLI11 2.1 to 2.7.
/// The help is wrapped at the width of the terminal (`wrap_help`) when it
/// goes to one (`COLUMNS`, else standard output's width); to a file or a
/// pipe, as written.
[[nodiscard]] std::shared_ptr<CLI::Formatter> make_help_formatter();

/// The column at which an option's description starts in the help.
inline constexpr std::size_t kHelpColumn = 34;

/// `help` laid out again at `width` columns where it does not fit (lines
/// that fit are kept as they are):
/// - an option's row keeps its description in the column `kHelpColumn`
///   (below the option, indented by 6, when that leaves fewer than 40
///   columns);
/// - an example command ("  aoe-result ...") goes on lines joined by the
///   shell's " \", broken only between words (an option keeps its value, a
///   quoted string is one word), its "# comment" on lines of its own above
///   it: what is copied runs as written;
/// - a line of prose and the lines that continue it, indented under its
///   words ("  1    check: ...", then "         threshold ..."), are laid
///   out again as one, the first line's margin and term kept, the next ones
///   at the continuation's indent (an item that starts with a label of its
///   own, "       retune: ...", is a new item);
/// - any other line keeps its leading spaces on each of its lines.
[[nodiscard]] std::string wrap_help(std::string_view help, std::size_t width);

/// The name of `opt`'s value as its help shows it ("N" of `--top N`,
/// "FORMAT" of `--format FORMAT`); "..." after it when it takes several.
[[nodiscard]] std::string option_value_name(const CLI::Option& opt);

/// The candidate closest to `word` by edit distance (insertions,
/// deletions, substitutions and swaps of two neighbours, ignoring case)
/// when it is close enough to be a typo: at most 2 edits and fewer than
/// half of the word's letters (`shwo` → `show`, `sumary` → `summary`).
/// `nullopt` when none is.
[[nodiscard]] std::optional<std::string> closest_word(std::string_view word,
                                                      const std::vector<std::string>& candidates);

/// Edit distance between `a` and `b` (optimal string alignment: a swap of
/// two neighbouring letters counts one), ignoring ASCII case.
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace aoe::cli
