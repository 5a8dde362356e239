// SPDX-License-Identifier: Apache-2.0
#include "text/svg_chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "text/html.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli::svg {
namespace {

constexpr double kWidth = kChartWidth;
constexpr double kFont = kChartFontPx;

// Advance widths of printable ASCII (32 to 126) in DejaVu Sans, in
// thousandths of an em (measured in Chromium). Wider than most sans-serif
// fonts, so an estimate from it leaves room in the others.
constexpr std::array<unsigned short, 95> kAsciiWidths{
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361,  318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632,
    575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635,  611, 732, 684, 989, 685,
    611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352,  635, 634, 278, 278, 579,
    278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,  525, 636, 337, 636, 838,
};

// A value as drawn: 0 when not finite, within ±1e300 (a scale up to a
// double's limit, 1.8e308, would overflow in its own arithmetic and draw
// at "nan").
double finite_or_zero(double v) noexcept {
  constexpr double kLimit = 1e300;
  return std::isfinite(v) ? std::clamp(v, -kLimit, kLimit) : 0.0;
}

// A coordinate with one decimal: short and exact enough for a screen.
std::string num(double v) {
  if (std::fabs(v) < 0.05) return "0";
  return fmt::format("{:.1f}", v);
}

// "1234567" as "1,234,567".
std::string grouped(std::size_t n) {
  const std::string digits = fmt::format("{}", n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The opening of an SVG element with its text alternative.
std::string svg_open(double height, std::string_view label) {
  const std::string alt = html::escape(label);
  return fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 {} {}\" "
      "width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"{}\"><title>{}</title>",
      num(kWidth), num(height), std::lround(kWidth), std::lround(std::ceil(height)), alt, alt);
}

// A text of the chart: `shown_text` has its control characters made
// visible already (`html::shown`), so only its markup is escaped here.
std::string shown_text_el(double x, double y, std::string_view anchor, std::string_view shown_text,
                          std::string_view cls = "", std::string_view fill = "") {
  return fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\"{}{}>{}</text>", num(x), num(y),
                     anchor, cls.empty() ? "" : fmt::format(" class=\"{}\"", cls),
                     fill.empty() ? "" : fmt::format(" fill=\"{}\"", fill),
                     html::escape_markup(shown_text));
}

std::string text_el(double x, double y, std::string_view anchor, std::string_view text,
                    std::string_view cls = "", std::string_view fill = "") {
  return shown_text_el(x, y, anchor, html::shown(text), cls, fill);
}

// A text centred on `x` but kept inside the figure.
double centred_inside(double x, double width) {
  return std::clamp(x, width / 2 + 1, kWidth - width / 2 - 1);
}

std::string empty_figure(std::string_view title, std::string_view text) {
  std::string out = svg_open(40, std::string(title) + ": " + std::string(text));
  out += text_el(kWidth / 2, 24, "middle", fit_text(text, kFont, kWidth - 8), "muted");
  return out + "</svg>";
}

// The relative luminance of "#rrggbb" (WCAG 2).
double luminance(std::string_view colour) {
  if (colour.size() != 7 || colour[0] != '#') {
    throw std::invalid_argument("not a #rrggbb colour: " + std::string(colour));
  }
  const auto channel = [&](std::size_t at) {
    unsigned v = 0;
    for (std::size_t i = at; i < at + 2; ++i) {
      const char c = colour[i];
      unsigned d = 0;
      if (c >= '0' && c <= '9') {
        d = static_cast<unsigned>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        d = static_cast<unsigned>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        d = static_cast<unsigned>(c - 'A' + 10);
      } else {
        throw std::invalid_argument("not a #rrggbb colour: " + std::string(colour));
      }
      v = v * 16 + d;
    }
    const double s = static_cast<double>(v) / 255.0;
    return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

}  // namespace

double contrast_ratio(std::string_view colour_a, std::string_view colour_b) {
  const double a = luminance(colour_a);
  const double b = luminance(colour_b);
  return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

std::string_view text_colour_on(std::string_view background) {
  return contrast_ratio(background, "#000000") >= contrast_ratio(background, "#ffffff") ? "#000000"
                                                                                        : "#ffffff";
}

double text_width(std::string_view text, double font_px, bool bold) {
  double em = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 32 && c < 127) {
      em += kAsciiWidths[c - 32] / 1000.0;
      ++i;
      continue;
    }
    // One character of several bytes (or one byte that is not UTF-8): a
    // wide one (CJK) an em per column, any other at most 0.84 em (→, ×).
    std::size_t n = 1;
    if (c >= 0xF0) {
      n = 4;
    } else if (c >= 0xE0) {
      n = 3;
    } else if (c >= 0xC0) {
      n = 2;
    }
    n = std::min(n, text.size() - i);
    const std::size_t columns = display_width(text.substr(i, n));
    em += columns >= 2 ? static_cast<double>(columns) : 0.84;
    i += n;
  }
  return em * font_px * (bold ? 1.1 : 1.0);
}

std::string fit_text(std::string_view text, double font_px, double max_px) {
  if (text_width(text, font_px) <= max_px) return std::string(text);
  std::size_t columns = display_width(text);
  std::string out;
  while (columns > 1) {
    --columns;
    out = shorten_middle(text, columns);
    if (text_width(out, font_px) <= max_px) return out;
  }
  return "…";
}

Scale nice_scale(double min_value, double max_value, std::size_t max_ticks, Integers integers) {
  double lo = finite_or_zero(std::min(min_value, max_value));
  double hi = finite_or_zero(std::max(min_value, max_value));
  if (max_ticks == 0) max_ticks = 1;
  if (hi - lo <= 0) {
    // One point: a unit around it (0 → 0..1, 7 → 0..7 rounded, -3 → -3..0).
    if (lo > 0) {
      lo = 0;
    } else if (hi < 0) {
      hi = 0;
    } else {
      hi = 1;
    }
  }
  const double rough = (hi - lo) / static_cast<double>(max_ticks);
  const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  const double norm = rough / magnitude;
  double step = magnitude * (norm <= 1     ? 1
                             : norm <= 2   ? 2
                             : norm <= 2.5 ? 2.5
                             : norm <= 5   ? 5
                                           : 10);
  if (integers == Integers::yes) step = std::max(1.0, std::ceil(step));
  Scale s;
  s.step = step;
  s.lo = std::floor(lo / step + 1e-9) * step;
  s.hi = std::ceil(hi / step - 1e-9) * step;
  const auto n = static_cast<long long>(std::llround((s.hi - s.lo) / step));
  for (long long i = 0; i <= n; ++i) {
    double t = s.lo + static_cast<double>(i) * step;
    if (std::fabs(t) < step * 1e-9) t = 0;  // no "-0"
    s.ticks.push_back(t);
  }
  return s;
}

std::string tick_label(double value, double step) {
  int decimals = 0;
  if (step > 0 && std::isfinite(step)) {
    // Enough decimals that consecutive ticks differ: 2.5 needs 1, 0.05 needs 2.
    while (decimals < 6) {
      const double scaled = step * std::pow(10.0, decimals);
      if (std::fabs(scaled - std::round(scaled)) < 1e-6) break;
      ++decimals;
    }
  }
  if (std::fabs(value) < step * 1e-9) value = 0;
  return group_thousands(fmt::format("{:.{}f}", value, decimals));
}

std::string bar_chart(const BarChart& chart) {
  if (chart.bars.empty()) return empty_figure(chart.title, chart.empty_text);
  constexpr double top = 4;
  constexpr double min_plot = 100;
  // Columns: the labels (right-aligned), the bars, the values after them.
  double widest_label = 0;
  double widest_value = 0;
  for (const Bar& b : chart.bars) {
    widest_label = std::max(widest_label, text_width(html::shown(b.label + b.qualifier), kFont));
    widest_value = std::max(widest_value, text_width(b.value_text, kFont));
  }
  const double value_w = widest_value + 8;
  const double wanted_label_w = std::clamp(widest_label + 2, 40.0, kWidth * 0.45);
  double label_w = wanted_label_w;
  double plot_x0 = label_w + 8;
  double plot_w = kWidth - plot_x0 - value_w - 2;
  if (plot_w < min_plot) {
    // A narrower plot, down to `least_plot`, when that keeps every label
    // whole; else the labels give way down to 56 px.
    constexpr double least_plot = 60;
    if (kWidth - value_w - 2 - least_plot - 8 < label_w) {
      label_w = std::max(56.0, kWidth - value_w - 2 - min_plot - 8);
    }
    plot_x0 = label_w + 8;
    plot_w = kWidth - plot_x0 - value_w - 2;
  }
  // Long values leave the labels too little room beside the bars: each
  // label goes above its bar instead, the bars take the whole width.
  // So do labels with qualifiers that do not fit whole beside the bars:
  // what tells two bars apart is not cut away.
  const bool qualified = std::any_of(chart.bars.begin(), chart.bars.end(),
                                     [](const Bar& b) { return !b.qualifier.empty(); });
  const bool above =
      (label_w + 1 < wanted_label_w && label_w < 110) || (qualified && widest_label + 2 > label_w);
  if (above) {
    label_w = kWidth - 8;
    plot_x0 = 2;
    plot_w = kWidth - plot_x0 - value_w - 2;
  }
  const double row_h = above ? 34 : 20;
  const double bar_y = above ? 16 : 3;  // in its row
  double lo = 0;
  double hi = 0;
  for (const Bar& b : chart.bars) {
    lo = std::min(lo, finite_or_zero(b.value));
    hi = std::max(hi, finite_or_zero(b.value));
  }
  // As many ticks as fit with room between their labels.
  Scale s = nice_scale(lo, hi, 1, chart.integers);
  for (std::size_t n = 5; n >= 2; --n) {
    const Scale candidate = nice_scale(lo, hi, n, chart.integers);
    double widest_tick = 0;
    for (const double t : candidate.ticks) {
      widest_tick = std::max(widest_tick, text_width(tick_label(t, candidate.step), kFont));
    }
    const double spacing = plot_w * candidate.step / (candidate.hi - candidate.lo);
    if (spacing >= widest_tick + 10) {
      s = candidate;
      break;
    }
  }
  const auto x_of = [&](double v) { return plot_x0 + (v - s.lo) / (s.hi - s.lo) * plot_w; };
  const double plot_h = row_h * static_cast<double>(chart.bars.size());
  const double height = top + plot_h + 44;

  std::string alt = chart.title + ":";
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    alt += fmt::format("{} {}{} {}", i == 0 ? "" : ";", chart.bars[i].label,
                       chart.bars[i].qualifier, chart.bars[i].value_text);
  }
  std::string out = svg_open(height, alt);
  // Grid and ticks.
  out += "<g class=\"axis\">";
  for (const double t : s.ticks) {
    const double x = x_of(t);
    const std::string text = tick_label(t, s.step);
    out += fmt::format("<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>", num(x),
                       num(top), num(top + plot_h));
    out += text_el(centred_inside(x, text_width(text, kFont)), top + plot_h + 16, "middle", text);
  }
  out += text_el(centred_inside(plot_x0 + plot_w / 2, text_width(chart.axis_label, kFont)),
                 top + plot_h + 36, "middle", chart.axis_label, "axis-title");
  out += "</g>";
  const double zero_x = x_of(0);
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    const Bar& b = chart.bars[i];
    const double v = finite_or_zero(b.value);
    const double y = top + row_h * static_cast<double>(i);
    const double x1 = x_of(std::min(v, 0.0));
    const double x2 = x_of(std::max(v, 0.0));
    const std::string_view colour = v < 0               ? kVermillion
                                    : !b.colour.empty() ? b.colour
                                                        : chart.colour;
    out += "<g>";
    out +=
        fmt::format("<title>{}</title>", html::escape(b.label + b.qualifier + ": " + b.value_text));
    // The qualifier whole; the label gives way before it.
    const std::string qualifier =
        fit_text(html::shown(b.qualifier), kFont, label_w - 2 - text_width("…", kFont));
    const std::string label =
        fit_text(html::shown(b.label), kFont,
                 std::max(label_w - 2 - text_width(qualifier, kFont), text_width("…", kFont))) +
        qualifier;
    out += above ? shown_text_el(plot_x0 + 4, y + 12, "start", label, "label")
                 : shown_text_el(label_w, y + 14, "end", label, "label");
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"14\" fill=\"{}\"/>", num(x1),
                       num(y + bar_y), num(std::max(x2 - x1, 1.0)), colour);
    out += text_el(x2 + 4, y + bar_y + 11, "start", b.value_text, "value");
    out += "</g>";
  }
  // The zero line: whole beside labels on the left; with labels above the
  // bars, only across each bar's band, so that it strikes through no label.
  if (above) {
    for (std::size_t i = 0; i < chart.bars.size(); ++i) {
      const double y = top + row_h * static_cast<double>(i) + bar_y;
      out += fmt::format("<line class=\"zero\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>",
                         num(zero_x), num(y), num(y + 14));
    }
  } else {
    out += fmt::format("<line class=\"zero\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>",
                       num(zero_x), num(top), num(top + plot_h));
  }
  return out + "</svg>";
}

std::vector<Bin> improvement_bins(const std::vector<double>& improvement_pcts) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  std::vector<Bin> bins{
      {"< 0", -inf, 0, 0},    {"0–1", 0, 1, 0},         {"1–5", 1, 5, 0},
      {"5–10", 5, 10, 0},     {"10–25", 10, 25, 0},     {"25–50", 25, 50, 0},
      {"50–100", 50, 100, 0}, {"100–200", 100, 200, 0}, {"200–500", 200, 500, 0},
      {"≥ 500", 500, inf, 0},
  };
  for (const double v : improvement_pcts) {
    if (!std::isfinite(v)) continue;
    for (Bin& b : bins) {
      if (v >= b.lo && v < b.hi) {
        ++b.count;
        break;
      }
    }
  }
  return bins;
}

std::string histogram(const Histogram& chart) {
  std::size_t total = 0;
  for (const Bin& b : chart.bins) total += b.count;
  if (total == 0) return empty_figure(chart.title, "no operator with both times");
  BarChart bars;
  bars.title = chart.title;
  bars.axis_label = chart.x_label;
  bars.integers = Integers::yes;
  for (const Bin& b : chart.bins) {
    const std::string_view colour = b.hi <= 0 ? kVermillion : b.lo >= 100 ? kGreen : kBlue;
    bars.bars.push_back({b.label + "%", static_cast<double>(b.count), grouped(b.count), colour});
  }
  return bar_chart(bars);
}

std::string stacked_bar(std::string_view title, const std::vector<Segment>& segments) {
  std::int64_t total = 0;
  for (const Segment& s : segments) total += std::max<std::int64_t>(s.count.value_or(0), 0);
  std::string alt = std::string(title) + ":";
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    alt += fmt::format(
        "{} {} {}", i == 0 ? "" : ";", s.label,
        s.count ? group_thousands(fmt::format("{}", *s.count)) : std::string("not written"));
  }
  constexpr double left = 2;
  constexpr double bar_h = 22;
  constexpr double legend_top = 34;
  constexpr double legend_row = 18;
  const double bar_w = kWidth - 2 * left;
  // The legend first: its lines set the height.
  std::string legend;
  double lx = left;
  double ly = legend_top;
  for (const Segment& s : segments) {
    const std::string text =
        s.label + " " +
        (s.count ? group_thousands(fmt::format("{}", *s.count)) : std::string("not written"));
    const double w = 16 + text_width(html::shown(text), kFont);
    if (lx > left && lx + w > kWidth - 2) {
      lx = left;
      ly += legend_row;
    }
    legend += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/>",
                          num(lx), num(ly), s.colour);
    legend += text_el(lx + 16, ly + 10.5, "start", text, "legend");
    lx += w + 14;
  }
  std::string out = svg_open(ly + legend_row, alt);
  out += fmt::format("<rect class=\"outline\" x=\"{}\" y=\"2\" width=\"{}\" height=\"{}\"/>",
                     num(left), num(bar_w), num(bar_h));
  double x = left;
  if (total > 0) {
    for (const Segment& s : segments) {
      const std::int64_t c = std::max<std::int64_t>(s.count.value_or(0), 0);
      if (c == 0) continue;
      const double w = bar_w * static_cast<double>(c) / static_cast<double>(total);
      const std::string count = fmt_count(static_cast<std::size_t>(c), Digits::grouped);
      out += fmt::format("<g><title>{}: {}</title>", html::escape(s.label), count);
      out += fmt::format("<rect x=\"{}\" y=\"2\" width=\"{}\" height=\"{}\" fill=\"{}\"/>", num(x),
                         num(w), num(bar_h), s.colour);
      if (w >= text_width(count, kFont, true) + 6) {
        out += text_el(x + w / 2, 17, "middle", count, "on-colour", text_colour_on(s.colour));
      }
      out += "</g>";
      x += w;
    }
  } else {
    out += text_el(kWidth / 2, 17, "middle", "no tiling policy counted", "muted");
  }
  out += legend;
  return out + "</svg>";
}

}  // namespace aoe::cli::svg
