// SPDX-License-Identifier: Apache-2.0
// `report`: the pieces of the HTML page (report_render.cpp assembles them):
// words and numbers as the page writes them, and one function per section.
// The sections are in report_sections.cpp, the figures in
// report_charts.cpp, the operator table in report_table.cpp.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "commands/report/report_view.hpp"
#include "text/html.hpp"

namespace aoe::cli {

/// "1,234,567" for counts.
[[nodiscard]] std::string count_text(std::size_t n);
/// "3 files", "1 report": the count as `count_text` writes it.
[[nodiscard]] std::string counted(std::size_t n, std::string_view word);
/// A time in µs in the unit that keeps it short: "812.500 µs", "12.35 ms", "3.20 s".
[[nodiscard]] std::string time_text(double us);

/// A key figure: the value large, its label under it.
void kpi(html::Writer& w, std::string_view value, std::string_view label);
/// A figure with its caption and, when given, a note under it.
void figure(html::Writer& w, std::string_view caption, const std::string& svg_markup,
            std::string_view note = {});

/// The page's header (title, who made it, the verdict, the totals) and the
/// files read.
void header_section(html::Writer& w, const ReportView& v);
/// Each report: its facts, totals, repository and failed operators.
void reports_section(html::Writer& w, const ReportView& v);
/// "Where the time went": the top operators, the improvement histogram,
/// time saved by type and by tuning mode.
void figures_section(html::Writer& w, const ReportView& v);
/// The comparison with the baseline: counts and the largest changes.
void baseline_section(html::Writer& w, const ReportBaseline& b);
/// The operator table (sortable and filterable by the page's script).
void operators_section(html::Writer& w, const ReportView& v);
/// The findings of `check`.
void findings_section(html::Writer& w, const ReportView& v);

}  // namespace aoe::cli
