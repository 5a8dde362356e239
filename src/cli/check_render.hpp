// SPDX-License-Identifier: Apache-2.0
// `check`: the computed findings and their renderers, one per format.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "aoe_result/check.hpp"

#include "context.hpp"
#include "render.hpp"

namespace aoe::cli {

/// One checked file and what `check()` found in it.
struct CheckedFile {
  std::string path;
  bool readable = false;
  std::vector<std::string> report_ids;  ///< in file order
  std::size_t operators = 0;
  std::vector<Diagnostic> findings;  ///< in file order
};

/// What `check` computed: every file's findings, the policy applied and the
/// verdict.
struct CheckView {
  std::vector<CheckedFile> files;
  CheckPolicy policy;
  Strictness strictness = Strictness::normal;
  bool ok = true;  ///< no finding fails the check

  /// Whether `d` fails the check: an error, or a warning under `--strict`.
  [[nodiscard]] bool fails(const Diagnostic& d) const noexcept {
    return d.severity == Severity::error ||
           (d.severity == Severity::warning && strictness == Strictness::strict);
  }
};

/// Builds the view: runs `check()` on every file with `policy`.
[[nodiscard]] CheckView check_files(const std::vector<ResultFile>& files, const CheckPolicy& policy,
                                    Strictness strictness);

/// One line saying what was checked and the verdict, e.g. "checked 1 file,
/// 2 reports, 21 operators (every rule; --max-failed 0): no findings".
[[nodiscard]] std::string check_verdict(const CheckView& view);

/// `path:line:col: severity: [report] operator 'x': message [code]` per
/// finding, coloured by severity, then the verdict line.
[[nodiscard]] std::string check_text(const CheckView& view, const Context& ctx);
/// {"schema_version": 1, "ok": ..., "files": n, "findings": [...]} (cli.md).
[[nodiscard]] std::string check_json(const CheckView& view, const Context& ctx);
/// A heading with the verdict and a table of findings (GitHub step summary).
[[nodiscard]] std::string check_markdown(const CheckView& view, const Context& ctx);
/// JUnit XML: one testsuite per file, one testcase per report and rule
/// (plus "read" for the file itself); failing findings become failures.
[[nodiscard]] std::string check_junit(const CheckView& view, const Context& ctx);
/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=code::message`
/// (`::warning`, `::notice` for info), then the verdict line.
[[nodiscard]] std::string check_github(const CheckView& view, const Context& ctx);

/// Every format `check` writes.
[[nodiscard]] const std::vector<Renderer<CheckView>>& check_renderers();

/// `s` escaped for XML 1.0 text and attributes: `& < > " '` as entities, and
/// control characters (not allowed in XML) shown escaped as in text output.
[[nodiscard]] std::string xml_escape(std::string_view s);

/// A workflow-command value escaped as the GitHub runner expects: `%`, CR
/// and LF as `%25`, `%0D`, `%0A`; with `Property::yes` also `:` and `,`.
enum class Property { no, yes };
[[nodiscard]] std::string github_escape(std::string_view s, Property property);

}  // namespace aoe::cli
