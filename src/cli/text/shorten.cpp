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

// `cell` in `width` columns as its first columns, "…", and its last
// `tail` columns (of the `width - 1` that are not the "…").
std::string cut_once(std::string_view cell, std::size_t width, std::size_t tail) {
  if (display_width(cell) <= width) return std::string(cell);
  if (width <= 1) return width == 0 ? std::string() : std::string(kEllipsis);
  const std::size_t room = width - 1;
  const std::string_view end = tail_columns(cell, std::min(tail, room));
  const std::string_view start = head_columns(cell, room - display_width(end));
  return std::string(start) + std::string(kEllipsis) + std::string(end);
}

// Bytes at the start of every cell that tell none of them apart, backed
// off to the start of the word they cut into (after the last `_ / . -`):
// the date of `aoe_result_opat_20230315_…` is kept with its first digits.
// 0 when fewer than two cells differ.
std::size_t shared_start(const std::vector<std::string_view>& views) {
  if (views.size() < 2) return 0;
  std::size_t n = views.front().size();
  bool any_differ = false;
  for (const auto v : views) {
    std::size_t i = 0;
    const std::size_t limit = std::min(n, v.size());
    while (i < limit && v[i] == views.front()[i]) ++i;
    n = i;
    any_differ = any_differ || v != views.front();
  }
  if (!any_differ) return 0;
  const std::string_view shared = views.front().substr(0, n);
  const std::size_t word = shared.find_last_of("_/.-");
  return word == std::string_view::npos ? 0 : word + 1;
}

}  // namespace

std::optional<std::vector<std::string>> shorten_column(const std::vector<std::string>& cells,
                                                       std::size_t width, bool keep_start) {
  // Views of the cells; only a cell too long to work on is copied, capped.
  std::deque<std::string> capped;
  std::vector<std::string_view> views;
  views.reserve(cells.size());
  bool any_long = false;
  for (const auto& c : cells) {
    if (c.size() > kLongCellBytes) {
      views.emplace_back(capped.emplace_back(shorten_middle(c, kLongCellBytes / 4)));
    } else {
      views.emplace_back(c);
    }
    any_long = any_long || display_width(views.back()) > width;
  }
  std::vector<std::string> out(views.begin(), views.end());
  if (!any_long) return out;
  const std::unordered_set<std::string_view> before(views.begin(), views.end());
  const auto distinct = [&](const std::vector<std::string>& cut) {
    return std::unordered_set<std::string_view>(cut.begin(), cut.end()).size() == before.size();
  };
  // One "…" in the middle first; when that leaves cells alike (they differ
  // nearer one end), it moves towards the start, keeping more of the end
  // (a pid, a thread id), then towards the end.
  const std::size_t room = width > 0 ? width - 1 : 0;
  const std::size_t half = room / 2;
  // A start every cell shares tells no row from another: the "…" takes its
  // place first, keeping all of what differs when that fits
  // (`aoe_r…20230315_094502113_pid20431.json`), else as much of the end as
  // fits (`…pid20431.json`) rather than `aoe_r…431.json`.
  const std::size_t shared = shared_start(views);
  if (keep_start && shared == 0) {
    for (std::size_t i = 0; i < views.size(); ++i) out[i] = cut_once(views[i], width, 0);
    if (distinct(out)) return out;
  }
  if (shared > 0) {
    const std::size_t shared_cols = display_width(views.front().substr(0, shared));
    std::size_t rest = 0;  // columns of the widest cell after the shared start
    for (const auto v : views) rest = std::max(rest, display_width(v) - shared_cols);
    // Too wide to keep whole: the "…" goes first only when the middle cut
    // would keep nothing but the shared start before it.
    const std::size_t tail = std::min(rest, room);
    if (rest <= room || room - half <= shared_cols) {
      for (std::size_t i = 0; i < views.size(); ++i) out[i] = cut_once(views[i], width, tail);
      if (distinct(out)) return out;
    }
  }
  for (const std::size_t tail :
       {half, room * 2 / 3, room * 5 / 6, room, room / 3, room / 6, std::size_t{0}}) {
    for (std::size_t i = 0; i < views.size(); ++i) out[i] = cut_once(views[i], width, tail);
    if (distinct(out)) return out;
  }
  return std::nullopt;
}

std::string shorten_phrases(const std::string& s, std::size_t width) {
  if (display_width(s) <= width) return s;
  const std::string more = ", " + std::string(kEllipsis);
  std::size_t kept = 0;  // bytes of the phrases kept
  for (std::size_t at = s.find(", "); at != std::string::npos; at = s.find(", ", at + 2)) {
    if (display_width(std::string_view(s).substr(0, at)) + display_width(more) > width) break;
    kept = at;
  }
  if (kept == 0) return width == 0 ? std::string() : std::string(kEllipsis);
  return s.substr(0, kept) + more;
}

std::string shorten_keeping_end(const std::string& s, std::size_t width) {
  if (display_width(s) <= width) return s;
  if (width == 0) return {};
  return std::string(kEllipsis) + std::string(tail_columns(s, width - 1));
}

}  // namespace aoe::cli
