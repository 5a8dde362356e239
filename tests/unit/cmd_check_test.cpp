// SPDX-License-Identifier: Apache-2.0
// `check` (cmd_check.cpp): the command, its exit status and its output in
// every format.
#include <CLI/CLI.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/help_format.hpp"
#include "cli_harness.hpp"
#include "commands/check/check_render.hpp"
#include "text/markdown.hpp"

namespace aoe::cli {
namespace {

using test::Harness;

InputOptions fixture(const std::string& name) { return test::paths({"check/" + name}); }

std::string run(Format format, const CheckOptions& o, Exit expected) {
  Harness h(format);
  EXPECT_EQ(run_check(o, h.ctx), expected);
  return h.out.str();
}

// `check --help` names every finding code once, under its severity.
TEST(Check, HelpListsEveryCodeOnce) {
  CLI::App app;
  app.formatter(make_help_formatter());  // as the program's: footers laid out by hand
  CheckOptions o;
  const std::string help = setup_check(app, o)->help();
  const std::string codes = help.substr(help.find("Finding codes by severity"));
  for (const Code code : kAllCodes) {
    const std::string name(to_string(code));
    if (name.rfind("bank-", 0) == 0) continue;  // `bank check --help` lists them
    // A profile's codes: `profile --help` lists them (check reads no profile).
    if (code == Code::invalid_csv || code == Code::not_a_profile) continue;
    std::size_t n = 0;
    for (std::size_t at = codes.find(name); at != std::string::npos;
         at = codes.find(name, at + 1)) {
      const char before = codes[at - 1];
      const std::size_t end = at + name.size();
      const char after = end < codes.size() ? codes[end] : '\n';
      n += (before == ' ') && (after == ',' || after == ';' || after == '\n' || after == ' ') ? 1
                                                                                              : 0;
    }
    EXPECT_EQ(n, 1U) << name;
  }
}

TEST(Check, CleanFilePrintsOneLineSayingWhatWasChecked) {
  CheckOptions o;
  o.inputs = fixture("clean.json");
  EXPECT_EQ(run(Format::text, o, Exit::ok),
            "checked 1 file, 1 report, 1 operator (every rule): no findings\n");
  o.policy.max_failed = 0;
  o.policy.min_improvement_pct = 20;
  o.strict = true;
  // With thresholds, a gate line each before it.
  EXPECT_EQ(run(Format::text, o, Exit::ok),
            "gate (--max-failed 0): no file lists more than 0 failed operators — passed\n"
            "gate (--min-improvement 20): no report with a total improvement below 20% — passed\n"
            "checked 1 file, 1 report, 1 operator (every rule, --max-failed 0, --min-improvement "
            "20, --strict): no findings\n");
}

TEST(Check, HitSumIsAnErrorWithTheNumbers) {
  CheckOptions o;
  o.inputs = fixture("summary-hit-sum.json");
  const std::string out = run(Format::text, o, Exit::findings);
  const std::string path = aoe::test::data("check/summary-hit-sum.json");
  EXPECT_EQ(out, path +
                     ":27: error: [report_1] repo_hit_num is 4, but repo_update_num + "
                     "repo_reserved_num is 1 + 2 = 3 [summary-hit-sum]\n"
                     "checked 1 file, 1 report, 1 operator (every rule): 1 error, 0 warnings, 0 "
                     "info: FAILED\n");
}

TEST(Check, WarningsPassUnlessStrict) {
  CheckOptions o;
  o.inputs = fixture("tuning-failed.json");
  EXPECT_NE(run(Format::text, o, Exit::ok).find(": passed with warnings\n"), std::string::npos);
  o.strict = true;
  EXPECT_NE(run(Format::text, o, Exit::findings).find(": FAILED\n"), std::string::npos);
}

TEST(Check, RequireCompleteDecidesWhetherCutOffFails) {
  CheckOptions o;
  o.inputs = fixture("truncated.json");
  EXPECT_NE(run(Format::text, o, Exit::findings).find("error: "), std::string::npos);
  o.policy.require_complete = false;
  const std::string out = run(Format::text, o, Exit::ok);
  EXPECT_EQ(out.find("error: "), std::string::npos) << out;
  EXPECT_NE(out.find("warning: "), std::string::npos);
}

TEST(Check, UnreadableInputExits3AndIsAFinding) {
  CheckOptions o;
  o.inputs = test::paths({"check/clean.json", "check/not-there.json"});
  Harness h;
  EXPECT_EQ(run_check(o, h.ctx), Exit::input);
  EXPECT_NE(h.out.str().find("[io-error]"), std::string::npos);
  EXPECT_NE(h.out.str().find("checked 2 files"), std::string::npos);
}

TEST(Check, JsonShape) {
  CheckOptions o;
  o.inputs = test::paths({"check/clean.json", "check/negative-time.json"});
  const auto j = nlohmann::json::parse(run(Format::json, o, Exit::findings));
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["files"], 2);
  ASSERT_EQ(j["findings"].size(), 1U);
  const auto& f = j["findings"][0];
  EXPECT_EQ(f["code"], "negative-time");
  EXPECT_EQ(f["severity"], "error");
  EXPECT_EQ(f["file"], aoe::test::data("check/negative-time.json"));
  EXPECT_EQ(f["report"], "report_1");
  EXPECT_EQ(f["operator"], "Conv_1");
  EXPECT_EQ(f["message"], "the before-tune time (Schedule) is -5 µs, below 0");
  EXPECT_EQ(f["line"], 12);
  EXPECT_TRUE(f["column"].is_null());
}

TEST(Check, InvalidJsonHasLineAndColumn) {
  CheckOptions o;
  o.inputs = fixture("invalid-json.json");
  Harness h(Format::json);
  EXPECT_EQ(run_check(o, h.ctx), Exit::input);
  const auto j = nlohmann::json::parse(h.out.str());
  ASSERT_GE(j["findings"].size(), 1U);
  EXPECT_EQ(j["findings"][0]["code"], "invalid-json");
  EXPECT_EQ(j["findings"][0]["line"], 5);
  EXPECT_TRUE(j["findings"][0]["column"].is_number());
}

TEST(Check, GithubLines) {
  CheckOptions o;
  o.inputs = fixture("summary-hit-sum.json");
  const std::string path = aoe::test::data("check/summary-hit-sum.json");
  EXPECT_EQ(run(Format::github, o, Exit::findings),
            "::error file=" + github_escape(path, Property::yes) +
                ",line=27,title=summary-hit-sum::[report_1] repo_hit_num is 4, but "
                "repo_update_num + repo_reserved_num is 1 + 2 = 3\n"
                "checked 1 file, 1 report, 1 operator (every rule): 1 error, 0 warnings, 0 info: "
                "FAILED\n");
  EXPECT_EQ(github_escape("a:b,c%d\ne", Property::yes), "a%3Ab%2Cc%25d%0Ae");
  EXPECT_EQ(github_escape("a:b,c%d\ne", Property::no), "a:b,c%25d%0Ae");
}

TEST(Check, JunitOneCasePerReportAndRule) {
  CheckOptions o;
  o.inputs = fixture("summary-hit-sum.json");
  const std::string xml = run(Format::junit, o, Exit::findings);
  const std::string path = aoe::test::data("check/summary-hit-sum.json");
  EXPECT_EQ(xml.substr(0, 39), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  // "read" plus the fourteen report rules (status-missing, opat-missing and
  // slower-after-tune among them).
  EXPECT_NE(
      xml.find("<testsuites name=\"aoe-result check\" tests=\"15\" failures=\"1\" errors=\"0\">"),
      std::string::npos);
  EXPECT_NE(xml.find("<testsuite name=\"" + path + "\" tests=\"15\" failures=\"1\""),
            std::string::npos);
  EXPECT_NE(xml.find("<testcase classname=\"report_1\" name=\"summary-total-sum\"/>"),
            std::string::npos);
  EXPECT_NE(xml.find("<testcase classname=\"report_1\" name=\"summary-hit-sum\">\n"
                     "      <failure type=\"summary-hit-sum\" message=\"repo_hit_num is 4, but "
                     "repo_update_num + repo_reserved_num is 1 + 2 = 3\">"),
            std::string::npos)
      << xml;
}

TEST(Check, MarkdownHeadingAndTable) {
  CheckOptions o;
  o.inputs = fixture("zero-time.json");
  const std::string md = run(Format::markdown, o, Exit::ok);
  const std::string path = aoe::test::data("check/zero-time.json");
  EXPECT_EQ(md,
            "## ⚠️ aoe-result check passed with warnings\n\n"
            "checked 1 file, 1 report, 1 operator (every rule): 0 errors, 1 warning, 0 info: "
            "passed with warnings\n\n"
            "| severity | code | file | line | report | operator | message |\n"
            "| --- | --- | --- | ---: | --- | --- | --- |\n"
            "| ⚠️ warning | `zero-time` | " +
                md_escape(path) +
                " | 12 | report\\_1 | Conv\\_1 | the after-tune time (Schedule) is 0 µs: no "
                "improvement can be computed |\n");
}

TEST(Check, ThresholdsAreErrors) {
  CheckOptions o;
  o.inputs = fixture("clean.json");
  o.policy.min_improvement_pct = 30;  // the file gains 25 %
  EXPECT_NE(run(Format::text, o, Exit::findings)
                .find("total improvement is 25.00% (100.000 → 80.000 µs), below --min-improvement "
                      "30% [threshold-min-improvement]"),
            std::string::npos);
  o.policy.min_improvement_pct = 25;
  (void)run(Format::text, o, Exit::ok);
}

}  // namespace
}  // namespace aoe::cli
