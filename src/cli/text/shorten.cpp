// SPDX-License-Identifier: Apache-2.0
#include "text/shorten.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_set>

#include "text/term.hpp"

namespace aoe::cli {
namespace {

constexpr std::string_view kEllipsis = "…";

// Cells longer than this are cut in the middle first: a name of megabytes
// is never compared or copied whole.
constexpr std::size_t kLongCellBytes = 4096;

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Bytes every cell starts with, ended at a character boundary.
std::size_t shared_start(const std::vector<std::string_view>& cells) {
  if (cells.empty()) return 0;
  std::size_t n = cells.front().size();
  for (const auto& c : cells) {
    n = std::min(n, c.size());
    std::size_t i = 0;
    while (i < n && c[i] == cells.front()[i]) ++i;
    n = i;
  }
  // Back to a character start, in every cell alike (they share these bytes).
  while (n > 0 && n < cells.front().size() && is_continuation(cells.front()[n])) --n;
  return n;
}

// Bytes every cell ends with, not reaching into the first `start` bytes.
std::size_t shared_end(const std::vector<std::string_view>& cells, std::size_t start) {
  if (cells.empty()) return 0;
  std::size_t n = cells.front().size() - start;
  for (const auto& c : cells) {
    n = std::min(n, c.size() - start);
    std::size_t i = 0;
    while (i < n && c[c.size() - 1 - i] == cells.front()[cells.front().size() - 1 - i]) ++i;
    n = i;
  }
  // The kept end must begin at a character start.
  const auto& f = cells.front();
  while (n > 0 && is_continuation(f[f.size() - n])) --n;
  return n;
}

// One "…", where the cell's shared parts let it go: between what every
// cell starts with and what tells the cells apart (the tail kept whole),
// else between what tells them apart and what they end with, else in the
// middle. The cut is never nearer to an end than the middle, so what is
// kept starts and ends the cell: `aoe_result_opat_2024…_pid20431.json`.
std::string shorten_one(std::string_view cell, std::size_t start, std::size_t end,
                        std::size_t width) {
  if (display_width(cell) <= width) return std::string(cell);
  if (width <= 1) return width == 0 ? std::string() : std::string(kEllipsis);
  const std::size_t room = width - 1;  // one column for "…"
  const std::size_t half_tail = room / 2;
  const std::size_t half_head = room - half_tail;
  std::size_t tail_w = half_tail;
  if (start > 0 && display_width(cell.substr(start)) <= room) {
    tail_w = std::max(display_width(cell.substr(start)), half_tail);
  } else if (end > 0 && display_width(cell.substr(0, cell.size() - end)) <= room) {
    tail_w = room - std::max(display_width(cell.substr(0, cell.size() - end)), half_head);
  }
  const std::string_view tail = tail_columns(cell, tail_w);
  const std::string_view head = head_columns(cell, room - display_width(tail));
  return std::string(head) + std::string(kEllipsis) + std::string(tail);
}

}  // namespace

std::optional<std::vector<std::string>> shorten_column(const std::vector<std::string>& cells,
                                                       std::size_t width) {
  // Views of the cells; only a cell too long to work on is copied, capped.
  std::deque<std::string> capped;
  std::vector<std::string_view> views;
  views.reserve(cells.size());
  for (const auto& c : cells) {
    if (c.size() > kLongCellBytes) {
      views.emplace_back(capped.emplace_back(shorten_middle(c, kLongCellBytes / 4)));
    } else {
      views.emplace_back(c);
    }
  }
  // What every cell shares is cut first; when every cell is the same there
  // is nothing to keep apart, and the middle goes.
  const bool all_same = std::all_of(views.begin(), views.end(),
                                    [&](std::string_view v) { return v == views.front(); });
  const std::size_t start = all_same ? 0 : shared_start(views);
  const std::size_t end = all_same ? 0 : shared_end(views, start);
  std::vector<std::string> out;
  out.reserve(cells.size());
  bool changed = false;
  for (std::size_t i = 0; i < views.size(); ++i) {
    out.push_back(shorten_one(views[i], start, end, width));
    changed = changed || out.back() != cells[i];
  }
  // Distinct cells must stay distinct (nothing to check when none changed).
  if (!changed) return out;
  const std::unordered_set<std::string_view> before(views.begin(), views.end());
  const auto distinct = [&](const std::vector<std::string>& cut) {
    return std::unordered_set<std::string_view>(cut.begin(), cut.end()).size() == before.size();
  };
  if (distinct(out)) return out;
  // Names that differ only inside, beside others they share nothing with
  // (".../MatMul_0_fused_with_bias", ".../MatMul_1_fused_with_bias",
  // "Add_1"): the middle cut loses what differs; their ends may keep it.
  for (const bool keep_end : {true, false}) {
    out.clear();
    for (const std::string_view v : views) {
      if (display_width(v) <= width) {
        out.emplace_back(v);
      } else if (width == 0) {
        out.emplace_back();
      } else if (keep_end) {
        out.push_back(std::string(kEllipsis) + std::string(tail_columns(v, width - 1)));
      } else {
        out.push_back(std::string(head_columns(v, width - 1)) + std::string(kEllipsis));
      }
    }
    if (distinct(out)) return out;
  }
  return std::nullopt;
}

std::string shorten_keeping_end(const std::string& s, std::size_t width) {
  if (display_width(s) <= width) return s;
  if (width == 0) return {};
  return std::string(kEllipsis) + std::string(tail_columns(s, width - 1));
}

}  // namespace aoe::cli
