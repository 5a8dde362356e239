// SPDX-License-Identifier: Apache-2.0
#include "commands/check/check_render.hpp"

#include <algorithm>
#include <cstddef>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/json_util.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {

using ojson = nlohmann::ordered_json;

namespace {

std::string policies_text(const CheckView& v) {
  std::string s = "every rule";
  const CheckPolicy& p = v.policy;
  if (p.max_failed) s += fmt::format(", --max-failed {}", *p.max_failed);
  if (p.min_improvement_pct)
    s += fmt::format(", --min-improvement {}", fmt_plain(*p.min_improvement_pct));
  if (p.min_model_improvement_pct) {
    s += fmt::format(", --min-model-improvement {}", fmt_plain(*p.min_model_improvement_pct));
  }
  if (!p.require_complete) s += ", --no-require-complete";
  if (v.strictness == Strictness::strict) s += ", --strict";
  return s;
}

struct Counts {
  std::size_t errors = 0, warnings = 0, infos = 0, reports = 0, operators = 0;
};

Counts counts(const CheckView& v) {
  Counts c;
  for (const CheckedFile& f : v.files) {
    c.errors += count(f.findings, Severity::error);
    c.warnings += count(f.findings, Severity::warning);
    c.infos += count(f.findings, Severity::info);
    c.reports += f.report_ids.size();
    c.operators += f.operators;
  }
  return c;
}

// "[report] operator 'x': " before a message.
std::string about(const Diagnostic& d) {
  std::string s;
  if (d.report) s += "[" + *d.report + "] ";
  if (d.op) s += "operator '" + *d.op + "': ";
  return s;
}

// "1 file lists", "2 files list", "no file lists".
std::string lists(std::size_t n) {
  return gate_count(n, "file") + (n == 1 || n == 0 ? " lists" : " list");
}

}  // namespace

std::string_view gate_option_name(Code code) noexcept {
  return code == Code::threshold_max_failed              ? "--max-failed"
         : code == Code::threshold_min_model_improvement ? "--min-model-improvement"
                                                         : "--min-improvement";
}

std::string threshold_gate_line(const ThresholdGate& g) {
  const std::string limit = fmt_plain(g.limit);
  const std::string option = std::string(gate_option_name(g.code)) + " " + limit;
  if (g.code == Code::threshold_max_failed) {
    const std::string finding = g.judged == 0
                                    ? std::string("no file could be read, so nothing was judged")
                                    : fmt::format("{} more than {} failed {}", lists(g.broken),
                                                  limit, g.limit == 1 ? "operator" : "operators");
    return gate_line(option, finding, g.verdict());
  }
  const bool model = g.code == Code::threshold_min_model_improvement;
  std::string finding =
      fmt::format("{} with {} improvement below {}%", gate_count(g.broken, "report"),
                  model ? "a model" : "a total", limit);
  if (g.unjudged > 0) {
    finding +=
        fmt::format(", {} could not be judged ({})", plural(g.unjudged, "report"),
                    model ? "no model-level improvement" : "its times give no total improvement");
  } else if (g.judged == 0) {
    finding = "no report was read, so nothing was judged";
  }
  return gate_line(option, finding, g.verdict());
}

namespace {

// A gate's verdict in JSON, as diff's and trend's gates say it.
std::string gate_verdict_key(GateVerdict v) {
  return v == GateVerdict::passed ? "passed" : v == GateVerdict::broken ? "broken" : "not-judged";
}

}  // namespace

std::string check_scope(const CheckView& view, Digits digits) {
  const Counts c = counts(view);
  const std::size_t no_file = view.inputs_without_files();
  const std::size_t unreadable = view.files_unreadable();
  const auto counted = [digits](std::size_t n, std::string_view word) {
    return plural(n, word, digits);
  };
  const auto number = [digits](std::size_t n) { return fmt_count(n, digits); };
  const std::string parts =
      view.part_noun.empty() ? std::string() : counted(c.reports, view.part_noun) + ", ";
  const std::size_t logs = view.logs_checked();
  return fmt::format(
      "checked {}{}{}{}, {}{} ({})", counted(view.files_checked(), "file"),
      unreadable == 0 ? std::string()
      : unreadable == view.files_checked()
          ? std::string(unreadable == 1 ? " (not readable)" : " (none readable)")
          : fmt::format(" ({} not readable)", number(unreadable)),
      no_file == 0 ? std::string() : fmt::format(" ({} gave none)", counted(no_file, "input")),
      logs == 0 ? std::string()
                : " and " + counted(logs, "log") +
                      (view.logs_unreadable() == 0 ? std::string()
                       : view.logs_unreadable() == logs
                           ? std::string(logs == 1 ? " (not readable)" : " (none readable)")
                           : fmt::format(" ({} not readable)", number(view.logs_unreadable()))),
      parts, counted(c.operators, view.item_noun), policies_text(view));
}

std::string check_outcome(const CheckView& view, Digits digits) {
  if (view.files.empty()) return "nothing to check: FAILED";
  const Counts c = counts(view);
  if (c.errors + c.warnings + c.infos == 0) return "no findings";
  return fmt::format("{}, {}, {} info: {}", plural(c.errors, "error", digits),
                     plural(c.warnings, "warning", digits), fmt_count(c.infos, digits),
                     to_string(verdict(view)));
}

std::string check_verdict(const CheckView& view, Digits digits) {
  return check_scope(view, digits) + ": " + check_outcome(view, digits);
}

std::string check_text(const CheckView& view, const RenderOptions& options) {
  const Style& st = options.style;
  std::string out;
  // A finding is one line in a file or a pipe (for grep and CI logs), even
  // with COLUMNS set; wrapped on a terminal.
  RenderOptions finding_options = options;
  finding_options.wrap_prose = options.wrap_prose && options.out_is_terminal;
  for (const CheckedFile& f : view.files) {
    for (const Diagnostic& d : f.findings) {
      const std::string sev(to_string(d.severity));
      const std::string coloured = d.severity == Severity::error     ? st.red(sev)
                                   : d.severity == Severity::warning ? st.yellow(sev)
                                                                     : st.cyan(sev);
      // The first line as a compiler writes it (file:line:column: severity:),
      // the rest wrapped under it.
      out += prose(finding_options,
                   fmt::format("{}: {}: {}{} {}", escape_text(location(d)), st.bold(coloured),
                               escape_text(about(d)), escape_message(d, d.message),
                               st.dim(fmt::format("[{}]", to_string(d.code)))),
                   0, 2);
    }
  }
  for (const ThresholdGate& g : view.gates) {
    const std::string gate = threshold_gate_line(g);
    out += prose(options, gate, 0, 2, fails(g.verdict()) ? ProseInk::bad : ProseInk::plain);
  }
  const std::string line = check_verdict(view);
  switch (verdict(view)) {
    case Verdict::failed:
      return out + prose(options, line, 0, 2, ProseInk::bad);
    case Verdict::passed_with_warnings:
      return out + prose(options, line, 0, 2, ProseInk::warn);
    case Verdict::passed:
      break;
  }
  return out + prose(options, line, 0, 2, ProseInk::good);
}

std::string check_json(const CheckView& view, const RenderOptions& /*options*/) {
  ojson findings = ojson::array();
  for (const CheckedFile& f : view.files) {
    for (const Diagnostic& d : f.findings) {
      findings.push_back(ojson{{"code", std::string(to_string(d.code))},
                               {"severity", to_string(d.severity)},
                               {"file", d.file},
                               {"report", opt_string(d.report)},
                               {"operator", opt_string(d.op)},
                               {"message", d.message},
                               {"line", d.line ? ojson(*d.line) : ojson(nullptr)},
                               {"column", d.column ? ojson(*d.column) : ojson(nullptr)}});
    }
  }
  ojson gates = ojson::array();
  for (const ThresholdGate& g : view.gates) {
    gates.push_back(ojson{{"option", std::string(gate_option_name(g.code))},
                          {"limit", number(g.limit)},
                          {"judged", g.judged - std::min(g.unjudged, g.judged)},
                          {"broken", g.broken},
                          {"unjudged", g.unjudged},
                          {"verdict", gate_verdict_key(g.verdict())},
                          {"line", threshold_gate_line(g)}});
  }
  return dump(ojson{{"schema_version", kSchemaVersion},
                    {"ok", view.ok},
                    {"verdict", std::string(to_string(verdict(view)))},
                    {"files", view.files_checked()},
                    {"logs", view.logs_checked()},
                    {"inputs_without_files", view.inputs_without_files()},
                    {"gates", std::move(gates)},
                    {"findings", std::move(findings)}});
}

std::string check_markdown(const CheckView& view, const RenderOptions& options) {
  const Verdict v = verdict(view);
  std::string out = v == Verdict::failed ? "## ❌ aoe-result check failed\n\n"
                    : v == Verdict::passed_with_warnings
                        ? "## ⚠️ aoe-result check passed with warnings\n\n"
                        : "## ✅ aoe-result check passed\n\n";
  out += md_escape(check_verdict(view)) + "\n";
  if (!view.gates.empty()) out += "\n";
  for (const ThresholdGate& g : view.gates) {
    out += (fails(g.verdict()) ? "- ❌ " : "- ✅ ") + md_escape(threshold_gate_line(g)) + "\n";
  }
  MarkdownTable table({"severity", "code", "file", "line", "report", "operator", "message"},
                      {Align::left, Align::left, Align::left, Align::right});
  for (const CheckedFile& f : view.files) {
    for (const Diagnostic& d : f.findings) {
      const std::string sev(to_string(d.severity));
      const std::string mark = d.severity == Severity::error     ? "❌ "
                               : d.severity == Severity::warning ? "⚠️ "
                                                                 : "ℹ️ ";
      table.add_row({mark + sev, fmt::format("`{}`", to_string(d.code)), md_escape(d.file),
                     d.line ? std::to_string(*d.line) : kNoValue,
                     d.report ? md_escape(*d.report) : kNoValue, d.op ? md_escape(*d.op) : kNoValue,
                     md_escape(d.message)});
    }
  }
  if (table.rows() == 0) return out;
  out += "\n";
  // check writes no CSV: every finding is in its JSON.
  return out + table.render(remaining(options.markdown_limit_bytes, out.size()),
                            "--format json for every finding");
}

std::string xml_escape(std::string_view s) {
  const std::string safe = escape_text(s);
  std::string out;
  out.reserve(safe.size());
  for (const char c : safe) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

namespace {

struct TestCase {
  std::string classname;
  std::string name;
  std::vector<const Diagnostic*> failures;
  std::vector<const Diagnostic*> others;
};

std::string junit_case(const TestCase& t) {
  std::string out = fmt::format("    <testcase classname=\"{}\" name=\"{}\"",
                                xml_escape(t.classname), xml_escape(t.name));
  if (t.failures.empty() && t.others.empty()) return out + "/>\n";
  out += ">\n";
  const auto line = [](const Diagnostic* d) {
    return fmt::format("{}: {}: {}{} [{}]", location(*d), to_string(d->severity), about(*d),
                       d->message, to_string(d->code));
  };
  if (!t.failures.empty()) {
    std::string body;
    for (const Diagnostic* d : t.failures) body += xml_escape(line(d)) + "\n";
    out += fmt::format("      <failure type=\"{}\" message=\"{}\">{}</failure>\n",
                       xml_escape(to_string(t.failures.front()->code)),
                       xml_escape(t.failures.front()->message), body);
  }
  if (!t.others.empty()) {
    std::string body;
    for (const Diagnostic* d : t.others) body += xml_escape(line(d)) + "\n";
    out += fmt::format("      <system-out>{}</system-out>\n", body);
  }
  return out + "    </testcase>\n";
}

}  // namespace

std::string check_junit(const CheckView& view, const RenderOptions& /*options*/) {
  const std::vector<Code> rules = report_rule_codes(view.policy);
  std::string suites;
  std::size_t all_tests = 0;
  std::size_t all_failures = 0;
  for (const CheckedFile& f : view.files) {
    // Test cases in order: "read" for the file, --max-failed, then per
    // report each rule (and any other code found in it).
    std::vector<TestCase> cases;
    cases.push_back({f.path, "read", {}, {}});
    if (view.policy.max_failed) {
      cases.push_back({f.path, std::string(to_string(Code::threshold_max_failed)), {}, {}});
    }
    std::map<std::string, std::size_t> report_first;  // report id -> index of its first case
    for (const std::string& id : f.report_ids) {
      if (report_first.count(id) != 0) continue;  // a duplicate id shares the cases
      report_first[id] = cases.size();
      for (const Code code : rules) cases.push_back({id, std::string(to_string(code)), {}, {}});
    }
    for (const Diagnostic& d : f.findings) {
      TestCase* target = nullptr;
      if (d.report && report_first.count(*d.report) != 0) {
        const std::size_t first = report_first[*d.report];
        for (std::size_t i = first; i < cases.size() && cases[i].classname == *d.report; ++i) {
          if (cases[i].name == to_string(d.code)) target = &cases[i];
        }
        if (target == nullptr) {
          // A reader finding inside the report: its own case after the rules.
          std::size_t end = first;
          while (end < cases.size() && cases[end].classname == *d.report) ++end;
          target = &*cases.insert(cases.begin() + static_cast<std::ptrdiff_t>(end),
                                  TestCase{*d.report, std::string(to_string(d.code)), {}, {}});
          for (auto& [id, index] : report_first) {
            if (index > first) ++index;
          }
        }
      } else if (d.code == Code::threshold_max_failed) {
        target = &cases[1];
      } else {
        target = &cases[0];
      }
      (view.fails(d) ? target->failures : target->others).push_back(&d);
    }
    std::size_t failures = 0;
    std::string body;
    for (const TestCase& t : cases) {
      failures += t.failures.empty() ? 0U : 1U;
      body += junit_case(t);
    }
    all_tests += cases.size();
    all_failures += failures;
    suites += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">\n",
        xml_escape(f.path), cases.size(), failures);
    suites += body + "  </testsuite>\n";
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"aoe-result check\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n{}"
      "</testsuites>\n",
      all_tests, all_failures, suites);
}

std::string github_escape(std::string_view s, Property property) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      case ':':
        out += property == Property::yes ? "%3A" : ":";
        break;
      case ',':
        out += property == Property::yes ? "%2C" : ",";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string check_github(const CheckView& view, const RenderOptions& /*options*/) {
  std::string out;
  for (const CheckedFile& f : view.files) {
    for (const Diagnostic& d : f.findings) {
      const char* command = d.severity == Severity::error     ? "error"
                            : d.severity == Severity::warning ? "warning"
                                                              : "notice";
      std::string props = "file=" + github_escape(escape_text(d.file), Property::yes);
      if (d.line) props += fmt::format(",line={}", *d.line);
      if (d.column) props += fmt::format(",col={}", *d.column);
      props += ",title=" + github_escape(to_string(d.code), Property::yes);
      out += fmt::format("::{} {}::{}\n", command, props,
                         github_escape(escape_message(d, about(d) + d.message), Property::no));
    }
  }
  for (const ThresholdGate& g : view.gates) {
    out += fmt::format("::{} title={}::{}\n", fails(g.verdict()) ? "error" : "notice",
                       github_escape(gate_option_name(g.code), Property::yes),
                       github_escape(threshold_gate_line(g), Property::no));
  }
  return out + check_verdict(view) + "\n";
}

const OutputTable<CheckView>& check_outputs() {
  static const OutputTable<CheckView> table(
      "check", {{Format::text, &check_text, "path:line:col: findings, then the verdict"},
                {Format::json, &check_json, "schema version 1"},
                {Format::markdown, &check_markdown, "for $GITHUB_STEP_SUMMARY"},
                {Format::junit, &check_junit, "JUnit XML for CI test reports"},
                {Format::github, &check_github, "GitHub Actions annotations"}});
  return table;
}

}  // namespace aoe::cli
