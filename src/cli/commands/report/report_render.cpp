// SPDX-License-Identifier: Apache-2.0
#include "commands/report/report_render.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

#include "commands/report/report_parts.hpp"
#include "report_assets.hpp"
#include "text/html.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {

using html::Writer;

std::string count_text(std::size_t n) { return fmt_count(n, Digits::grouped); }

std::string counted(std::size_t n, std::string_view word) {
  return plural(n, word, Digits::grouped);
}

std::string us_text(double us) { return fmt_us_grouped(us) + kNbsp + "µs"; }

std::string pct_text(std::optional<double> pct) { return group_thousands(fmt_pct(pct)); }

std::string ratio_text(std::optional<double> ratio) { return group_thousands(fmt_ratio(ratio)); }

std::string units_kept(std::string text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool after_digit = i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1]));
    if (text[i] == ' ' && after_digit) {
      out += kNbsp;
    } else {
      out += text[i];
    }
  }
  return out;
}

namespace {

// Every whole number of `text` grouped by thousands ("34293.5 s (9 h …)"
// → "34,293.5 s (9 h …)"); the digits after a decimal point are left.
std::string group_every_number(const std::string& text) {
  const auto digit = [&text](std::size_t k) {
    return std::isdigit(static_cast<unsigned char>(text[k])) != 0;
  };
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (!digit(i)) {
      out += text[i++];
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && digit(end)) ++end;
    const bool fraction = i > 0 && text[i - 1] == '.';
    out += fraction ? text.substr(i, end - i) : group_thousands(text.substr(i, end - i));
    i = end;
  }
  return out;
}

}  // namespace

std::string seconds_text(std::optional<double> s) {
  return units_kept(group_every_number(fmt_seconds(s)));
}

std::string ms_text(std::optional<double> ms) {
  return ms ? group_thousands(fmt_plain(*ms)) + kNbsp + "ms" : std::string(kNoValue);
}

void id_element(Writer& w, std::string_view tag, std::string_view id,
                std::initializer_list<html::Attr> attrs, std::string_view seams) {
  w.open(tag, attrs).breakable_text(id, seams).close(tag);
}

void kpi(Writer& w, std::string_view value, std::string_view label) {
  w.open("div", {{"class", "kpi"}}).element("strong", value).element("span", label).close("div");
}

void figure(Writer& w, std::string_view caption, const std::string& svg_markup,
            std::string_view note) {
  w.open("figure").element("figcaption", caption).raw(svg_markup);
  if (!note.empty()) w.element("p", note, {{"class", "note"}});
  w.close("figure");
}

std::string hex_to_base64(std::string_view hex) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto nibble = [](char c) -> unsigned {
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
    throw std::invalid_argument("not a hex digit: " + std::string(1, c));
  };
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    bytes += static_cast<char>((nibble(hex[i]) << 4) | nibble(hex[i + 1]));
  }
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    unsigned v = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0U);
    }
    out += kAlphabet[(v >> 18) & 63U];
    out += kAlphabet[(v >> 12) & 63U];
    out += n > 1 ? kAlphabet[(v >> 6) & 63U] : '=';
    out += n > 2 ? kAlphabet[v & 63U] : '=';
  }
  return out;
}

std::string report_csp() {
  return "default-src 'none'; style-src 'sha256-" + hex_to_base64(report_assets::kCssSha256Hex) +
         "'; script-src 'sha256-" + hex_to_base64(report_assets::kJsSha256Hex) +
         "'; img-src data:; base-uri 'none'; form-action 'none'";
}

std::string report_html(const ReportView& v, const RenderOptions& /*options*/) {
  Writer w;
  w.raw("<!DOCTYPE html>\n");
  w.open("html", {{"lang", "en"}}).open("head");
  w.void_element("meta", {{"charset", "utf-8"}});
  // The policy is the program's own text (no double quote in it): written as is.
  w.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"" + report_csp() + "\">");
  w.void_element("meta",
                 {{"name", "viewport"}, {"content", "width=device-width, initial-scale=1"}});
  w.void_element("meta", {{"name", "generator"}, {"content", v.generator}});
  w.element("title", v.title);
  w.open("style").raw(report_assets::kCss).close("style");
  w.close("head").open("body").open("main");
  // What a reader wants first (the verdict, the totals, the figures, the
  // operators), then the reports, the findings and the files read.
  header_section(w, v);
  figures_section(w, v);
  if (v.baseline) baseline_section(w, *v.baseline);
  if (v.profile_check) profile_check_section(w, *v.profile_check);
  operators_section(w, v);
  reports_section(w, v);
  findings_section(w, v);
  files_section(w, v);
  w.open("footer")
      .text(v.generator +
            " · operator times in µs as AOE writes them; improvement = (before − after) / "
            "after × 100, AOE's formula · sort: add #sort=<column> or "
            "#sort=-<column> to the address")
      .close("footer");
  w.close("main");
  w.open("script").raw(report_assets::kJs).close("script");
  w.close("body").close("html");
  w.raw("\n");
  return std::move(w).finish();
}

const OutputTable<ReportView>& report_outputs() {
  static const OutputTable<ReportView> table(
      "report", {{Format::html, &report_html, "one self-contained HTML page; the default"}});
  return table;
}

}  // namespace aoe::cli
