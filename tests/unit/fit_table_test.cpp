// SPDX-License-Identifier: Apache-2.0
// Fitted tables (text/fit_table.cpp): a row per operator written a row at a
// time (write_fitted) reads as the same table held whole (render_fitted);
// fields and notes wrapped to a width; sparkline glyphs.
#include "text/fit_table.hpp"

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "text/term.hpp"

namespace aoe::cli {
namespace {

std::vector<FitColumn> head() {
  return {{{"operator", Align::left, true, 8}, 0, {}},
          {{"type", Align::left, true, 6}, kSpareRank, {}},
          {{"after µs", Align::right, false, 0}, 2, {}},
          {{"change", Align::right, false, 0}, 0, {}}};
}

// Row r: a name (long ones beyond a narrow table), a type, two numbers.
std::vector<Cell> row(std::size_t r, std::size_t long_from) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on
  // "literal" + std::string&& once inlined.
  std::string name = r >= long_from ? "a_fused_operator_with_a_long_name_" : "Conv2D_";
  name += std::to_string(r);
  std::string after = std::to_string(r * 7 % 1000);
  after += ".000";
  std::string change = "+";
  change += std::to_string(r % 13);
  change += ".00%";
  return {{name},
          {r % 2 == 0 ? "Conv2D" : "MatMul"},
          {after},
          {change, r % 2 == 0 ? Tone::bad : Tone::plain}};
}

std::string held(std::size_t rows, std::size_t long_from, std::size_t width, bool wide,
                 const Style& style) {
  std::vector<FitColumn> columns = head();
  for (std::size_t r = 0; r < rows; ++r) {
    std::vector<Cell> cells = row(r, long_from);
    for (std::size_t c = 0; c < columns.size(); ++c) columns[c].cells.push_back(cells[c]);
  }
  return render_fitted(columns, {}, width, wide, style, 2);
}

std::string streamed(std::size_t rows, std::size_t long_from, std::size_t width, bool wide,
                     const Style& style) {
  std::ostringstream out;
  write_fitted(
      out, head(), rows,
      [long_from](std::size_t r, std::vector<Cell>& cells) { cells = row(r, long_from); }, width,
      wide, style, 2);
  return out.str();
}

TEST(WriteFitted, ReadsAsTheTableHeldWhole) {
  // 20,000 rows are made on several cores (in one case of each kind: the
  // suite also runs under sanitizers and qemu); names that do not fit make
  // the table shorten them, which holds the column.
  for (const std::size_t rows : {std::size_t{1}, std::size_t{30}, std::size_t{20000}}) {
    const bool large = rows > 30;
    for (const std::size_t long_from : {rows, rows / 2}) {
      for (const std::size_t width : {std::size_t{40}, std::size_t{60}, std::size_t{200}}) {
        if (large && width == 60) continue;
        for (const bool wide : {false, true}) {
          if (large && wide) continue;
          for (const bool colour : {false, true}) {
            if (large && colour) continue;
            const Style style(colour);
            const std::string expected = held(rows, long_from, width, wide, style);
            ASSERT_EQ(streamed(rows, long_from, width, wide, style), expected)
                << rows << " rows, long from " << long_from << ", width " << width
                << (wide ? ", wide" : "") << (colour ? ", colour" : "");
          }
        }
      }
    }
  }
}

// A bar column as render_fitted draws it from one bar per row.
TEST(WriteFitted, BarsReadAsTheTableHeldWhole) {
  const auto bar_of = [](std::size_t r) -> std::optional<double> {
    if (r % 5 == 0) return std::nullopt;
    return static_cast<double>(r % 17) / 16.0;
  };
  for (const std::size_t rows : {std::size_t{0}, std::size_t{30}, std::size_t{20000}}) {
    for (const std::size_t width : {std::size_t{40}, std::size_t{75}, std::size_t{200}}) {
      for (const bool wide : {false, true}) {
        std::vector<FitColumn> columns = head();
        std::vector<std::optional<double>> bars;
        for (std::size_t r = 0; r < rows; ++r) {
          std::vector<Cell> cells = row(r, rows);
          for (std::size_t c = 0; c < columns.size(); ++c) columns[c].cells.push_back(cells[c]);
          bars.push_back(bar_of(r));
        }
        if (rows == 0) bars.push_back(std::nullopt);  // the column drawn without rows
        const std::string expected = render_fitted(columns, bars, width, wide, Style(false), 2);
        std::ostringstream out;
        write_fitted(
            out, head(), rows,
            [rows](std::size_t r, std::vector<Cell>& cells) { cells = row(r, rows); }, width, wide,
            Style(false), 2, bar_of);
        ASSERT_EQ(out.str(), expected)
            << rows << " rows, width " << width << (wide ? ", wide" : "");
      }
    }
  }
}

TEST(WriteFitted, NoRowsIsTheHeaderAlone) {
  std::ostringstream out;
  write_fitted(
      out, head(), 0, [](std::size_t, std::vector<Cell>&) { FAIL() << "no row to make"; }, 100,
      false, Style(false), 0);
  EXPECT_EQ(out.str(), "operator  type  after µs  change\n");
}

TEST(TrendRender, SparklineGlyphs) {
  std::string line;
  for (const std::optional<unsigned> level :
       {std::optional(0U), std::optional(3U), std::optional<unsigned>(), std::optional(7U)}) {
    append_sparkline_level(line, level);
  }
  EXPECT_EQ(line, "▁▄·█");
}

}  // namespace
}  // namespace aoe::cli
