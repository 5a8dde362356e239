// SPDX-License-Identifier: Apache-2.0
// Figures drawn as inline SVG for `report`: horizontal labelled bars, the
// improvement distribution (a bar per bin) and a stacked bar of repository
// counters. Pure functions from numbers to markup; every string from a
// file is escaped (html::escape). Colours are the Okabe–Ito palette, told
// apart with colour-blindness and in print; text uses `currentColor`, so
// the page's light or dark scheme applies, and text drawn on a colour
// takes the one of black or white that contrasts more with it. Every
// figure carries a text alternative (`role="img"`, `aria-label` and
// `<title>`).
//
// Every figure is `kChartWidth` (360) units wide and is shown at that size,
// never scaled up: 12 px text is 12 px from a 390 px phone to a desktop.
// Labels are placed by an estimate of their drawn width (`text_width`,
// on the wide side), so none is clipped at the figure's edge and none
// overlaps another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aoe::cli::svg {

/// The Okabe–Ito colours used (hex, as CSS accepts them).
inline constexpr std::string_view kBlue = "#0072B2";
inline constexpr std::string_view kSkyBlue = "#56B4E9";
inline constexpr std::string_view kGreen = "#009E73";  ///< "bluish green"
inline constexpr std::string_view kOrange = "#E69F00";
inline constexpr std::string_view kVermillion = "#D55E00";
inline constexpr std::string_view kPurple = "#CC79A7";  ///< "reddish purple"

/// Every figure's width in SVG units (= CSS px at its natural size).
inline constexpr double kChartWidth = 360;
/// The size of the figures' text, px.
inline constexpr double kChartFontPx = 12;

/// The WCAG 2 contrast ratio of two colours written `#rrggbb` (1 to 21).
/// Throws `std::invalid_argument` for another form.
[[nodiscard]] double contrast_ratio(std::string_view colour_a, std::string_view colour_b);
/// The text colour for a label drawn on `background` (`#rrggbb`): `#000000`
/// or `#ffffff`, whichever contrasts more.
[[nodiscard]] std::string_view text_colour_on(std::string_view background);

/// An estimate, on the wide side, of the width in px that `text` takes at
/// `font_px` in the page's sans-serif font (DejaVu Sans, the widest of the
/// usual ones; other fonts draw narrower). `bold` adds a tenth.
[[nodiscard]] double text_width(std::string_view text, double font_px, bool bold = false);

/// `text` shortened in the middle ("very_long…_name") so that its
/// `text_width` is at most `max_px`; unchanged when it fits.
[[nodiscard]] std::string fit_text(std::string_view text, double font_px, double max_px);

/// An axis: ticks at "nice" values (1, 2, 2.5 or 5 times a power of ten)
/// from `lo` to `hi`, which cover the data.
struct Scale {
  double lo = 0;
  double hi = 1;
  double step = 1;
  std::vector<double> ticks;  ///< lo, lo + step, ..., hi
};

/// A scale covering [`min_value`, `max_value`] with at most about
/// `max_ticks` intervals. An empty or one-point range gives a scale of
/// width one step around it (0 to 1 for 0). With `Integers::yes` the step
/// is at least 1 (counts). Non-finite inputs are treated as 0.
enum class Integers { no, yes };
[[nodiscard]] Scale nice_scale(double min_value, double max_value, std::size_t max_ticks = 6,
                               Integers integers = Integers::no);

/// A tick value as text with as many decimals as the step needs
/// ("0", "2.5", "0.05").
[[nodiscard]] std::string tick_label(double value, double step);

/// One bar of a horizontal bar chart.
struct Bar {
  std::string label;       ///< from a file (escaped when drawn; shortened to fit)
  double value = 0;        ///< in the chart's unit; may be negative
  std::string value_text;  ///< written after the bar ("1591.485 µs")
  /// The bar's colour; empty: the chart's (negative values: vermillion).
  std::string_view colour = {};
  /// Written whole after the label (" · report_3"), which is shortened
  /// before it when both do not fit: what tells apart bars of the same
  /// label. Empty for none.
  std::string qualifier = {};
};

/// A horizontal bar chart: one labelled row per bar, an axis with ticks at
/// the bottom (as many as fit without their labels touching); values at
/// or above zero in `colour`, negative ones to the left of zero in
/// vermillion.
struct BarChart {
  std::string title;                           ///< the text alternative's first words
  std::string axis_label;                      ///< with its unit: "time saved (µs)"
  std::vector<Bar> bars;                       ///< drawn top to bottom
  std::string empty_text = "nothing to draw";  ///< shown when there are no bars
  std::string_view colour = kBlue;             ///< of bars at or above zero
  Integers integers = Integers::no;            ///< whole ticks (counts)
};
[[nodiscard]] std::string bar_chart(const BarChart& chart);

/// One bin of the improvement histogram: [lo, hi) in percent.
struct Bin {
  std::string label;  ///< in percent: "10–25", "≥ 500", "< 0"
  double lo = 0;      ///< inclusive; -infinity for the first
  double hi = 0;      ///< exclusive; +infinity for the last
  std::size_t count = 0;
};

/// Counts improvement percentages (AOE's formula, which exceeds 100 % for
/// a speed-up above 2×) into fixed bins: < 0 (slower), 0–1, 1–5, 5–10,
/// 10–25, 25–50, 50–100, 100–200, 200–500, ≥ 500. Non-finite values are
/// left out. Every bin is returned, also when empty.
[[nodiscard]] std::vector<Bin> improvement_bins(const std::vector<double>& improvement_pcts);

/// The distribution of improvement: a bar per bin, top to bottom (the bin
/// is the row's label, in %), its length the operators in it, the count
/// after it. Bins below 0 % (slower) in vermillion, at 100 % and above
/// (more than twice as fast) in green, the others in blue.
struct Histogram {
  std::string title;
  std::string x_label;  ///< under the axis: "operators"
  std::vector<Bin> bins;
};
[[nodiscard]] std::string histogram(const Histogram& chart);

/// One part of a stacked bar.
struct Segment {
  std::string label;                  ///< "added"
  std::optional<std::int64_t> count;  ///< nullopt: not written in the file
  std::string_view colour;
};

/// One bar split into `segments` in proportion to their counts (a count
/// written inside its part when it fits), with a legend giving every count
/// ("not written" for nullopt), wrapped onto as many lines as it takes. A
/// total of 0 is drawn as an empty outline.
[[nodiscard]] std::string stacked_bar(std::string_view title, const std::vector<Segment>& segments);

}  // namespace aoe::cli::svg
