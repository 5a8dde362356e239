// SPDX-License-Identifier: Apache-2.0
// Markdown output (GitHub-flavoured), e.g. for $GITHUB_STEP_SUMMARY: safe
// escaping of strings from files and tables that stay within a byte limit.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "text/term.hpp"

namespace aoe::cli {

/// A string from a file made safe for a Markdown table cell or line:
/// control characters escaped as in text output (`\x1b`), backslashes
/// doubled, and the characters Markdown would interpret (`|`, `*`, `_`,
/// `` ` ``, `[`, `]`, `<`, `>`, `#`, `~`) preceded by a backslash.
[[nodiscard]] std::string md_escape(std::string_view s);

/// A GitHub-flavoured Markdown table built row by row (cells already
/// escaped with `md_escape` or made of numbers).
class MarkdownTable {
 public:
  MarkdownTable(std::vector<std::string> headers, std::vector<Align> aligns);

  void add_row(std::vector<std::string> cells);
  /// Rows added, kept or only counted.
  [[nodiscard]] std::size_t rows() const noexcept { return total_rows_; }

  /// From now on a row that `render(limit_bytes)` could not show is counted,
  /// not kept (nor any row after it), so a table of a million rows holds
  /// only what fits; `render(limit_bytes)` gives the same text as without.
  void keep_within(std::size_t limit_bytes) noexcept { keep_limit_ = limit_bytes; }
  /// Whether every further row is only counted (see `keep_within`): the
  /// caller may then `count_rows` instead of building them.
  [[nodiscard]] bool full() const noexcept { return full_; }
  /// `n` more rows, left out without being built (as if added while `full`).
  void count_rows(std::size_t n) noexcept { total_rows_ += n; }

  /// The table, keeping as many rows as fit in `limit_bytes` (header
  /// included); when rows are left out, a line after the table says how
  /// many and why, and where every row is: `every_row` names an output the
  /// command has ("--format csv for every row"). An empty string when not
  /// even the header fits.
  [[nodiscard]] std::string render(std::size_t limit_bytes,
                                   std::string_view every_row = "--format csv for every row") const;

 private:
  std::vector<std::string> headers_;
  std::vector<Align> aligns_;
  std::vector<std::string> rows_;  ///< rendered lines, each ending in '\n'
  std::size_t total_rows_ = 0;     ///< rows added, kept or not
  std::size_t kept_bytes_ = 0;     ///< header, rule and kept rows
  std::size_t keep_limit_ = static_cast<std::size_t>(-1);
  bool full_ = false;
};

/// What is left of a Markdown limit once `used` bytes are written (0 when
/// none).
[[nodiscard]] constexpr std::size_t remaining(std::size_t limit, std::size_t used) noexcept {
  return used >= limit ? 0 : limit - used;
}

}  // namespace aoe::cli
