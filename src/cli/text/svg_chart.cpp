// SPDX-License-Identifier: Apache-2.0
#include "text/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "text/html.hpp"
#include "text/term.hpp"

namespace aoe::cli::svg {
namespace {

// Figures are drawn 560 units wide: two fit side by side on a page at
// their natural size (12 px text stays 12 px); the stacked bar takes 720.
constexpr double kWidth = 560;
constexpr double kWideWidth = 720;
constexpr std::size_t kLabelColumns = 26;  // a bar label is shortened to this width

double finite_or_zero(double v) noexcept { return std::isfinite(v) ? v : 0.0; }

// A coordinate with one decimal: short and exact enough for a screen.
std::string num(double v) {
  if (std::fabs(v) < 0.05) return "0";
  return fmt::format("{:.1f}", v);
}

// The opening of an SVG element with its text alternative.
std::string svg_open(double width, double height, std::string_view label) {
  const std::string alt = html::escape(label);
  return fmt::format(
      "<svg class=\"chart\" viewBox=\"0 0 {} {}\" "
      "width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"{}\"><title>{}</title>",
      num(width), num(height), std::lround(width), std::lround(std::ceil(height)), alt, alt);
}

std::string text_el(double x, double y, std::string_view anchor, std::string_view text,
                    std::string_view cls = "") {
  return fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\"{}>{}</text>", num(x), num(y),
                     anchor, cls.empty() ? "" : fmt::format(" class=\"{}\"", cls),
                     html::escape(text));
}

std::string empty_figure(std::string_view title, std::string_view text) {
  std::string out = svg_open(kWidth, 40, std::string(title) + ": " + std::string(text));
  out += text_el(kWidth / 2, 24, "middle", text, "muted");
  return out + "</svg>";
}

}  // namespace

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
  return fmt::format("{:.{}f}", value, decimals);
}

TimeUnit time_unit_for(double max_abs_us) noexcept {
  if (max_abs_us >= 1e7) return {"s", 1e6};
  if (max_abs_us >= 1e4) return {"ms", 1e3};
  return {"µs", 1};
}

std::string bar_chart(const BarChart& chart) {
  if (chart.bars.empty()) return empty_figure(chart.title, chart.empty_text);
  constexpr double label_w = 172;  // label column
  constexpr double value_w = 104;  // room for the value text
  constexpr double row_h = 20;
  constexpr double top = 8;
  const double plot_x0 = label_w + 8;
  const double plot_w = kWidth - plot_x0 - value_w;
  double lo = 0;
  double hi = 0;
  for (const Bar& b : chart.bars) {
    lo = std::min(lo, finite_or_zero(b.value));
    hi = std::max(hi, finite_or_zero(b.value));
  }
  const Scale s = nice_scale(lo, hi, 5);
  const auto x_of = [&](double v) { return plot_x0 + (v - s.lo) / (s.hi - s.lo) * plot_w; };
  const double plot_h = row_h * static_cast<double>(chart.bars.size());
  const double height = top + plot_h + 46;

  std::string alt = chart.title + ":";
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    alt +=
        fmt::format("{} {} {}", i == 0 ? "" : ";", chart.bars[i].label, chart.bars[i].value_text);
  }
  std::string out = svg_open(kWidth, height, alt);
  // Grid and ticks.
  out += "<g class=\"axis\">";
  for (const double t : s.ticks) {
    const double x = x_of(t);
    out += fmt::format("<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>", num(x),
                       num(top), num(top + plot_h));
    out += text_el(x, top + plot_h + 16, "middle", tick_label(t, s.step));
  }
  out += text_el(plot_x0 + plot_w / 2, top + plot_h + 36, "middle", chart.axis_label, "axis-title");
  out += "</g>";
  const double zero_x = x_of(0);
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    const Bar& b = chart.bars[i];
    const double v = finite_or_zero(b.value);
    const double y = top + row_h * static_cast<double>(i);
    const double x1 = x_of(std::min(v, 0.0));
    const double x2 = x_of(std::max(v, 0.0));
    const std::string label = escape_text(b.label);
    out += "<g>";
    out += fmt::format("<title>{}</title>", html::escape(b.label + ": " + b.value_text));
    out += text_el(label_w, y + 14, "end", shorten_middle(label, kLabelColumns), "label");
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"14\" fill=\"{}\"/>", num(x1),
                       num(y + 3), num(std::max(x2 - x1, 1.0)), v < 0 ? kVermillion : chart.colour);
    out += text_el(x2 + 4, y + 14, "start", b.value_text, "value");
    out += "</g>";
  }
  out += fmt::format("<line class=\"zero\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>",
                     num(zero_x), num(top), num(top + plot_h));
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
  std::size_t most = 0;
  for (const Bin& b : chart.bins) {
    total += b.count;
    most = std::max(most, b.count);
  }
  if (total == 0) return empty_figure(chart.title, "no operator with both times");
  constexpr double left = 46;
  constexpr double right = 6;
  constexpr double top = 18;
  constexpr double plot_h = 180;
  const double height = top + plot_h + 58;
  const double plot_w = kWidth - left - right;
  const Scale s = nice_scale(0, static_cast<double>(most), 5, Integers::yes);
  const auto y_of = [&](double v) { return top + plot_h - v / s.hi * plot_h; };
  const double col_w = plot_w / static_cast<double>(chart.bins.size());

  std::string alt = chart.title + ":";
  for (std::size_t i = 0; i < chart.bins.size(); ++i) {
    alt += fmt::format("{} {} %: {}", i == 0 ? "" : ";", chart.bins[i].label, chart.bins[i].count);
  }
  std::string out = svg_open(kWidth, height, alt);
  out += "<g class=\"axis\">";
  for (const double t : s.ticks) {
    const double y = y_of(t);
    out += fmt::format("<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>",
                       num(left), num(y), num(left + plot_w));
    out += text_el(left - 6, y + 4, "end", tick_label(t, s.step));
  }
  out += fmt::format(
      "<text class=\"axis-title\" transform=\"translate(14 {}) rotate(-90)\" "
      "text-anchor=\"middle\">{}</text>",
      num(top + plot_h / 2), html::escape(chart.y_label));
  out += text_el(left + plot_w / 2, top + plot_h + 44, "middle", chart.x_label, "axis-title");
  out += "</g>";
  for (std::size_t i = 0; i < chart.bins.size(); ++i) {
    const Bin& b = chart.bins[i];
    const double x = left + col_w * static_cast<double>(i);
    const double y = y_of(static_cast<double>(b.count));
    out += "<g>";
    out += fmt::format("<title>{} %: {} operator{}</title>", html::escape(b.label), b.count,
                       b.count == 1 ? "" : "s");
    if (b.count > 0) {
      out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                         num(x + 3), num(y), num(col_w - 6), num(top + plot_h - y),
                         b.hi <= 0     ? kVermillion
                         : b.lo >= 100 ? kGreen
                                       : kBlue);
      out += text_el(x + col_w / 2, y - 4, "middle", fmt::format("{}", b.count), "value");
    }
    out += text_el(x + col_w / 2, top + plot_h + 16, "middle", b.label, "bin");
    out += "</g>";
  }
  // The 100 % line: right of it every operator ran more than twice as fast.
  const double x100 = left + col_w * 7;
  out += fmt::format("<line class=\"mark\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>",
                     num(x100), num(top - 4), num(top + plot_h));
  out += text_el(x100 + 4, top + 6, "start", "> 2× faster", "muted");
  out += fmt::format("<line class=\"zero\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\"/>",
                     num(left), num(top + plot_h), num(left + plot_w));
  return out + "</svg>";
}

std::string stacked_bar(std::string_view title, const std::vector<Segment>& segments) {
  std::int64_t total = 0;
  for (const Segment& s : segments) total += std::max<std::int64_t>(s.count.value_or(0), 0);
  std::string alt = std::string(title) + ":";
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    alt += fmt::format("{} {} {}", i == 0 ? "" : ";", s.label,
                       s.count ? fmt::format("{}", *s.count) : std::string("not written"));
  }
  constexpr double left = 4;
  constexpr double bar_h = 22;
  const double bar_w = kWideWidth - 2 * left;
  std::string out = svg_open(kWideWidth, 58, alt);
  out += fmt::format("<rect class=\"outline\" x=\"{}\" y=\"2\" width=\"{}\" height=\"{}\"/>",
                     num(left), num(bar_w), num(bar_h));
  double x = left;
  if (total > 0) {
    for (const Segment& s : segments) {
      const std::int64_t c = std::max<std::int64_t>(s.count.value_or(0), 0);
      if (c == 0) continue;
      const double w = bar_w * static_cast<double>(c) / static_cast<double>(total);
      out += fmt::format("<g><title>{}: {}</title>", html::escape(s.label), c);
      out += fmt::format("<rect x=\"{}\" y=\"2\" width=\"{}\" height=\"{}\" fill=\"{}\"/>", num(x),
                         num(w), num(bar_h), s.colour);
      const std::string inside = fmt::format("{}", c);
      if (w > 8.0 * static_cast<double>(inside.size()) + 6) {
        out += text_el(x + w / 2, 17, "middle", inside, "on-colour");
      }
      out += "</g>";
      x += w;
    }
  } else {
    out += text_el(kWideWidth / 2, 17, "middle", "no tiling policy counted", "muted");
  }
  // Legend: a swatch and "label count" per segment.
  double lx = left;
  for (const Segment& s : segments) {
    const std::string text =
        s.label + " " + (s.count ? fmt::format("{}", *s.count) : std::string("not written"));
    out += fmt::format("<rect x=\"{}\" y=\"36\" width=\"12\" height=\"12\" fill=\"{}\"/>", num(lx),
                       s.colour);
    out += text_el(lx + 16, 46, "start", text, "legend");
    lx += 16 + 7.5 * static_cast<double>(display_width(escape_text(text))) + 18;
  }
  return out + "</svg>";
}

}  // namespace aoe::cli::svg
