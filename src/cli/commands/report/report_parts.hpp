// SPDX-License-Identifier: Apache-2.0
// `report`: the pieces of the HTML page (report_render.cpp assembles them):
// words and numbers as the page writes them, and one function per section.
// The sections are in report_sections.cpp, the figures in
// report_charts.cpp, the operator table in report_table.cpp.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "commands/report/report_view.hpp"
#include "text/html.hpp"

namespace aoe::cli {

/// "1,234,567" for counts.
[[nodiscard]] std::string count_text(std::size_t n);
/// "3 files", "1 report": the count as `count_text` writes it.
[[nodiscard]] std::string counted(std::size_t n, std::string_view word);
/// A no-break space (U+00A0): between a number and its unit everywhere on
/// the page, so that a unit never starts a line alone.
inline constexpr char kNbsp[] = "\u00A0";
/// An operator time as the whole page writes one: in µs with 3 decimals, as
/// AOE writes them and as the command line shows them, the digits before
/// the point grouped by commas for reading ("1,591.485 µs", the unit after
/// a no-break space).
[[nodiscard]] std::string us_text(double us);
/// A percentage as the page writes one: `fmt_pct` grouped ("1,234.50%").
[[nodiscard]] std::string pct_text(std::optional<double> pct);
/// A speed-up as `fmt_ratio` writes it, grouped by thousands ("66,666,666.666×").
[[nodiscard]] std::string ratio_text(std::optional<double> ratio);
/// `text` with each space that follows a digit made a no-break space
/// ("1,109 s (18 min 29 s)": no unit starts a line).
[[nodiscard]] std::string units_kept(std::string text);
/// A tuning time: `fmt_seconds` grouped, its units kept by their numbers.
[[nodiscard]] std::string seconds_text(std::optional<double> s);
/// A model's time in ms, grouped ("1,234.5 ms"); "–" for nullopt.
[[nodiscard]] std::string ms_text(std::optional<double> ms);
/// Where an operator's name may break on the page (`breakable_text`): after
/// the scope separator and the punctuation graph compilers put in names
/// ("test/conv2d_1/Relu", "bn4a_branch2a.fused").
inline constexpr std::string_view kNameSeams = "/_.-+";
/// Where a report id or a file name may break: only after these, never
/// inside a number ("report_<wbr>12", "aoe_<wbr>result_<wbr>opat_<wbr>…").
inline constexpr std::string_view kIdSeams = "_-.";
/// Where a file's path may break: an id's seams and its folders' slashes.
inline constexpr std::string_view kPathSeams = "/_-.";
/// `<tag attrs>` `id` `</tag>`: an identifier, escaped, that may break only
/// at `seams` (`breakable_text`), never in the middle of a number.
void id_element(html::Writer& w, std::string_view tag, std::string_view id,
                std::initializer_list<html::Attr> attrs = {}, std::string_view seams = kIdSeams);
/// What the page says of its units, once, under the title.
inline constexpr std::string_view kUnitsRule =
    "Operator times are in µs everywhere on this page, as AOE writes them and as the command "
    "line shows them (here, as every number on this page, with commas between groups of three "
    "digits); a model's end-to-end time is in ms, as AOE writes it.";

/// A key figure: the value large, its label under it.
void kpi(html::Writer& w, std::string_view value, std::string_view label);
/// A figure with its caption and, when given, a note under it.
void figure(html::Writer& w, std::string_view caption, const std::string& svg_markup,
            std::string_view note = {});

/// The page's header: title, who made it, the verdict, the units, the
/// totals and the links to the sections.
void header_section(html::Writer& w, const ReportView& v);
/// The reports as a compact table, a line each; a line opens on the
/// report's facts, repository counters and failed operators.
void reports_section(html::Writer& w, const ReportView& v);
/// The files read: layout, reports, operators, complete or cut off.
void files_section(html::Writer& w, const ReportView& v);
/// "Where the time went": the top operators, the improvement histogram,
/// time saved by type and by tuning mode.
void figures_section(html::Writer& w, const ReportView& v);
/// The comparison with the baseline: counts and the largest changes.
void baseline_section(html::Writer& w, const ReportBaseline& b);
/// "AOE's claim against the profile" (`report --profile`): the verdicts
/// of `profile --result`, a figure and a table.
void profile_check_section(html::Writer& w, const ReportProfileCheck& p);
/// The operator table (sortable and filterable by the page's script).
void operators_section(html::Writer& w, const ReportView& v);
/// The findings of `check`, grouped by code with their counts; info
/// folded away; as many listed as `--findings` asks.
void findings_section(html::Writer& w, const ReportView& v);

}  // namespace aoe::cli
