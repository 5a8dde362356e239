// SPDX-License-Identifier: Apache-2.0
// `check`: its output table and renderers, formatting a `CheckView`.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "commands/check/check_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// One line saying what was checked and the verdict, e.g. "checked 1 file,
/// 2 reports, 21 operators (every rule; --max-failed 0): no findings".
/// `Digits::grouped` writes the counts as the report page does ("300,000
/// operators"); the options' values stay as given.
[[nodiscard]] std::string check_verdict(const CheckView& view, Digits digits = Digits::plain);
/// The verdict line's first part, what was checked: "checked 1 file, 2
/// reports, 21 operators (every rule; --max-failed 0)".
[[nodiscard]] std::string check_scope(const CheckView& view, Digits digits = Digits::plain);
/// The verdict line's last part, what was found and the verdict: "no
/// findings", "1 error, 0 warnings, 2 info: FAILED", "nothing to check:
/// FAILED". `check_verdict` is `check_scope + ": " + check_outcome`.
[[nodiscard]] std::string check_outcome(const CheckView& view, Digits digits = Digits::plain);

/// A threshold's gate line: "gate (--min-improvement 5): 1 report with a
/// total improvement below 5% — FAILED", "gate (--max-failed 0): no file
/// lists more than 0 failed operators — passed".
[[nodiscard]] std::string threshold_gate_line(const ThresholdGate& gate);

/// The option of a threshold gate as typed: "--max-failed",
/// "--min-improvement" or "--min-model-improvement".
[[nodiscard]] std::string_view gate_option_name(Code code) noexcept;

/// `path:line:col: severity: [report] operator 'x': message [code]` per
/// finding, coloured by severity, then a gate line per threshold set, then
/// the verdict line.
[[nodiscard]] std::string check_text(const CheckView& view, const RenderOptions& options);
/// {"schema_version": 1, "ok": ..., "files": n, "findings": [...]} (cli.md).
[[nodiscard]] std::string check_json(const CheckView& view, const RenderOptions& options);
/// A heading with the verdict and a table of findings (GitHub step summary).
[[nodiscard]] std::string check_markdown(const CheckView& view, const RenderOptions& options);
/// JUnit XML: one testsuite per file, one testcase per report and rule
/// (plus "read" for the file itself); failing findings become failures.
[[nodiscard]] std::string check_junit(const CheckView& view, const RenderOptions& options);
/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=code::message`
/// (`::warning`, `::notice` for info), then the verdict line.
[[nodiscard]] std::string check_github(const CheckView& view, const RenderOptions& options);

/// Every format `check` writes.
[[nodiscard]] const OutputTable<CheckView>& check_outputs();

/// `s` escaped for XML 1.0 text and attributes: `& < > " '` as entities, and
/// control characters (not allowed in XML) shown escaped as in text output.
[[nodiscard]] std::string xml_escape(std::string_view s);

/// A workflow-command value escaped as the GitHub runner expects: `%`, CR
/// and LF as `%25`, `%0D`, `%0A`; with `Property::yes` also `:` and `,`.
enum class Property { no, yes };
[[nodiscard]] std::string github_escape(std::string_view s, Property property);

}  // namespace aoe::cli
