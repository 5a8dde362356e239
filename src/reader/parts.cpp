// SPDX-License-Identifier: Apache-2.0
#include "reader/parts.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include <unistd.h>

#include "byte_source.hpp"
#include "parts_in_parallel.hpp"
#include "reader/byte_scan.hpp"
#include "reader/document_builder.hpp"
#include "reader/json_events.hpp"

namespace aoe::internal {
namespace {

constexpr bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// `text[at]` is the opening quote of what looks like a report in the root
// object: ',' (white space) before it, and `"report_...": [` from it, the
// key without escapes. Only a look: it may be inside a string or deeper,
// which the read of the part before it finds out.
bool looks_like_report_member(std::string_view text, std::size_t at) {
  std::size_t before = at;
  while (before > 0 && blank(text[before - 1])) --before;
  if (before == 0 || text[before - 1] != ',') return false;
  std::size_t i = at + 1;
  while (i < text.size() && text[i] != '"') {
    if (text[i] == '\\' || static_cast<unsigned char>(text[i]) < 0x20) return false;
    ++i;
  }
  for (++i; i < text.size() && blank(text[i]);) ++i;
  if (i >= text.size() || text[i] != ':') return false;
  for (++i; i < text.size() && blank(text[i]);) ++i;
  return i < text.size() && text[i] == '[';
}

// Where the first report member that looks like one (`looks_like_report_member`)
// at or after `from` and before `until` begins (its key's opening quote),
// in the file `fd` of `size` bytes; nullopt when none does or reading failed.
std::optional<std::uint64_t> report_member_at(int fd, std::uint64_t from, std::uint64_t until,
                                              std::uint64_t size) {
  constexpr std::size_t kWindow = std::size_t{1} << 20U;
  constexpr std::size_t kMargin = 4096;  // around the window: the ',' before, the '[' after
  constexpr std::string_view kKeyStart = "\"report_";
  std::string text;
  for (std::uint64_t at = from; at < until; at += kWindow) {
    const std::uint64_t lo = at - std::min<std::uint64_t>(at, kMargin);
    const std::uint64_t hi = std::min<std::uint64_t>(size, at + kWindow + kMargin);
    if (!read_range(fd, lo, static_cast<std::size_t>(hi - lo), text)) return std::nullopt;
    const std::string_view view = text;
    const auto stop = static_cast<std::size_t>(std::min<std::uint64_t>(at + kWindow, until) - lo);
    // memmem, not find: find stops at every '"', a JSON file's commonest byte.
    const auto next = [&](std::size_t i) -> std::size_t {
      const void* hit =
          ::memmem(view.data() + i, view.size() - i, kKeyStart.data(), kKeyStart.size());
      return hit == nullptr ? view.size()
                            : static_cast<std::size_t>(static_cast<const char*>(hit) - view.data());
    };
    for (std::size_t i = next(static_cast<std::size_t>(at - lo)); i < stop; i = next(i + 1)) {
      if (looks_like_report_member(view, i)) return lo + i;
    }
  }
  return std::nullopt;
}

// The newlines in the first `length` bytes of the file `fd`, and the offset
// just after the last of them (0 for none); nullopt when reading failed.
std::optional<std::pair<std::size_t, std::uint64_t>> lines_before(int fd, std::uint64_t length) {
  constexpr std::size_t kBlock = std::size_t{1} << 20U;
  std::string text;
  std::size_t lines = 0;
  std::uint64_t line_start = 0;
  for (std::uint64_t at = 0; at < length; at += kBlock) {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(kBlock, length - at));
    if (!read_range(fd, at, want, text) || text.size() != want) return std::nullopt;
    const char* begin = text.data();
    const void* last = ::memrchr(begin, '\n', text.size());
    if (last == nullptr) continue;
    const char* after = static_cast<const char*>(last) + 1;
    lines += count_newlines(begin, after);
    line_start = at + static_cast<std::uint64_t>(after - begin);
  }
  return std::make_pair(lines, line_start);
}

// One part of a file read in parts: its bytes [begin, begin + length), and
// the builder reading them; with a `taker`, its operators go to
// `taker->take(index, ...)`.
struct Part {
  Part(int fd, const std::string& path, const ReadOptions& whole, OperatorParts* taker,
       std::size_t index, std::uint64_t begin, std::uint64_t length)
      : options(whole),
        source(fd, options.chunk_bytes, begin, length),
        events(source),
        builder(out, events, options) {
    out.path = path;
    if (taker != nullptr) {
      options.on_operator = [taker, index](const ResultFile& f, const Report& r, Operator&& op) {
        taker->take(index, f, r, std::move(op));
      };
    }
  }
  ReadOptions options;  // the builder refers to it: declared first, so made first
  ResultFile out;
  ByteSource source;
  JsonEvents events;
  DocumentBuilder builder;
  Event last;
};

}  // namespace

std::optional<ResultFile> read_result_in_parts(int fd, std::uint64_t size, const std::string& path,
                                               const ReadOptions& options) {
  const unsigned parts = options.threads;
  std::vector<std::uint64_t> starts{0};
  for (unsigned k = 1; k < parts; ++k) {
    const std::uint64_t from = std::max(size * k / parts, starts.back() + 1);
    const std::optional<std::uint64_t> start = report_member_at(fd, from, size, size);
    if (!start) break;
    starts.push_back(*start);
  }
  starts.push_back(size);
  const std::size_t n = starts.size() - 1;
  if (n < 2) return std::nullopt;

  // The operators go to the parts' taker only beside `on_operator`.
  OperatorParts* const taker = options.on_operator ? options.operator_parts : nullptr;
  std::vector<std::unique_ptr<Part>> read;
  read.reserve(n);
  for (std::size_t k = 0; k < n; ++k) {
    read.push_back(
        std::make_unique<Part>(fd, path, options, taker, k, starts[k], starts[k + 1] - starts[k]));
  }
  if (taker != nullptr) taker->begin(n);
  const auto dropped = [taker]() -> std::optional<ResultFile> {
    if (taker != nullptr) taker->drop();
    return std::nullopt;
  };
  std::vector<char> started(n, 1);
  run_parts_in_parallel(n, [&](std::size_t k) {
    Part& part = *read[k];
    if (k > 0) {
      const auto lines = lines_before(fd, starts[k]);
      if (!lines) {
        started[k] = 0;
        return;
      }
      part.events.resume_at_root_member(starts[k], lines->first, lines->second);
      part.builder.resume_in_root_object();
    }
    part.last = part.builder.read_events();
  });
  if (std::find(started.begin(), started.end(), 0) != started.end()) return dropped();
  for (std::size_t k = 0; k + 1 < n; ++k) {
    if (!read[k]->builder.ended_at_root_member()) return dropped();
  }
  std::vector<PartRead> earlier;
  std::vector<std::size_t> first_report{0};
  for (std::size_t k = 0; k + 1 < n; ++k) {
    earlier.push_back(read[k]->builder.take_part());
    first_report.push_back(first_report.back() + earlier.back().reports.size());
  }
  Part& last = *read.back();
  if (!last.builder.take_earlier_parts(earlier)) return dropped();
  last.builder.finish_read(last.last);
  if (taker != nullptr) taker->keep(first_report);
  return std::move(last.out);
}

}  // namespace aoe::internal
