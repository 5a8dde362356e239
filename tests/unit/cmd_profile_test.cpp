// SPDX-License-Identifier: Apache-2.0
// `profile` (cmd_profile.cpp): the command through run_profile, without
// CLI11, on the fixtures of tests/data/profile/.
#include <string>

#include <gtest/gtest.h>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::Harness;

ProfileOptions profile_options_of(std::initializer_list<std::string> names) {
  ProfileOptions o;
  for (const std::string& n : names) {
    o.inputs.paths.push_back(n == "-" ? n : test::data("profile/" + n));
  }
  return o;
}

bool profile_out_has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Profile, Cann8FolderPerOperator) {
  Harness h(Format::text, {}, 140);
  EXPECT_EQ(run_profile(profile_options_of({"cann8"}), h.ctx), Exit::ok);
  const std::string out = h.out.str();
  EXPECT_TRUE(profile_out_has(out, "1 file (op_summary), device 0; 8 rows read\n")) << out;
  EXPECT_TRUE(profile_out_has(out, "total device time: 207.500 µs\n")) << out;
  EXPECT_TRUE(profile_out_has(out, "4 of 4 operators, by total:\n")) << out;
  EXPECT_TRUE(profile_out_has(out, "MatMul_18")) << out;
  EXPECT_TRUE(profile_out_has(out, "2 (1 timed)")) << out;  // softmax: one N/A
  EXPECT_TRUE(profile_out_has(out, "48.19%")) << out;
  EXPECT_FALSE(profile_out_has(out, "per step")) << out;
  EXPECT_EQ(h.err.str(), "");
}

TEST(Profile, TopSaysHowManyWereLeftOut) {
  Harness h;
  ProfileOptions o = profile_options_of({"cann8"});
  o.top = 1;
  EXPECT_EQ(run_profile(o, h.ctx), Exit::ok);
  EXPECT_TRUE(profile_out_has(h.out.str(), "1 of 4 operators, by total:\n")) << h.out.str();
  EXPECT_TRUE(
      profile_out_has(h.out.str(), "3 more operators not shown (--top 1; --top 0 shows every one)"))
      << h.out.str();
}

TEST(Profile, FiltersAndSort) {
  Harness h(Format::csv);
  ProfileOptions o = profile_options_of({"cann8"});
  o.types = {"matmulv2", "cast"};
  o.sort = "name";
  EXPECT_EQ(run_profile(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(),
            "name,type,task_type,calls,timed_calls,total_us,mean_us,median_us,p95_us,share_pct,"
            "devices\n"
            "Cast_3,Cast,AI_CPU,1,1,2.5,2.5,2.5,2.5,1.2048,0\n"
            "MatMul_18,MatMulV2,AI_CORE,4,4,100,25,25,40,48.1928,0\n");
  Harness n(Format::jsonl);
  ProfileOptions by_name = profile_options_of({"cann8"});
  by_name.name_regex = "^soft";
  EXPECT_EQ(run_profile(by_name, n.ctx), Exit::ok);
  EXPECT_EQ(n.out.str(),
            "{\"name\":\"softmax\",\"type\":\"SoftmaxV2\",\"task_type\":\"AI_VECTOR_CORE\","
            "\"calls\":2,\"timed_calls\":1,\"total_us\":5,\"mean_us\":5,\"median_us\":5,"
            "\"p95_us\":5,\"share_pct\":2.4096,\"devices\":[0]}\n");
}

TEST(Profile, StepsOfKernelDetails) {
  Harness h;
  EXPECT_EQ(run_profile(profile_options_of({"torch"}), h.ctx), Exit::ok);
  const std::string out = h.out.str();
  EXPECT_TRUE(profile_out_has(out, "(kernel_details), no device named; 6 rows read")) << out;
  EXPECT_TRUE(profile_out_has(out, "per step:\n")) << out;
  EXPECT_TRUE(profile_out_has(out, "129.000")) << out;
}

TEST(Profile, JsonHasNullsForWhatWasNotRead) {
  Harness h(Format::json);
  EXPECT_EQ(run_profile(profile_options_of({"header_only.csv"}), h.ctx), Exit::input);
  const std::string out = h.out.str();
  EXPECT_TRUE(profile_out_has(out, "\"total_us\": null")) << out;
  EXPECT_TRUE(profile_out_has(out, "\"code\": \"not-a-profile\"")) << out;
  EXPECT_TRUE(profile_out_has(h.err.str(), "no task row in it (a header only)")) << h.err.str();
}

TEST(Profile, BadRowsAreWarningsTheRestRead) {
  Harness h;
  EXPECT_EQ(run_profile(profile_options_of({"bad_rows.csv"}), h.ctx), Exit::ok);
  EXPECT_TRUE(profile_out_has(h.out.str(), "3 rows read, 3 not read (named on stderr)"))
      << h.out.str();
  EXPECT_TRUE(profile_out_has(h.err.str(), "bad_rows.csv:5:19: ")) << h.err.str();
  EXPECT_TRUE(profile_out_has(h.err.str(), "[invalid-csv]") ||
              profile_out_has(h.err.str(), "(invalid-csv)"))
      << h.err.str();
}

TEST(Profile, NotAProfileIsThree) {
  Harness h;
  EXPECT_EQ(run_profile(profile_options_of({"not_a_profile.csv"}), h.ctx), Exit::input);
  EXPECT_TRUE(profile_out_has(h.out.str(), "nothing read")) << h.out.str();
  EXPECT_TRUE(profile_out_has(h.err.str(), "not-a-profile")) << h.err.str();
}

TEST(Profile, StandardInput) {
  Harness h(Format::text, "Op Name,Task Duration(us)\nx,1\nx,3\n");
  EXPECT_EQ(run_profile(profile_options_of({"-"}), h.ctx), Exit::ok);
  EXPECT_TRUE(
      profile_out_has(h.out.str(), "<stdin>: 1 file (op_summary), no device named; 2 rows read"))
      << h.out.str();
}

TEST(Profile, EscapesNamesFromTheFile) {
  Harness h(Format::text, "Op Name,Task Duration(us)\n\"a\x1b[2Jb\",1\n");
  EXPECT_EQ(run_profile(profile_options_of({"-"}), h.ctx), Exit::ok);
  EXPECT_FALSE(profile_out_has(h.out.str(), "\x1b")) << h.out.str();
  EXPECT_TRUE(profile_out_has(h.out.str(), "a\\x1b[2Jb")) << h.out.str();
}

TEST(Profile, ModeByCount) {
  EXPECT_EQ(profile_mode(profile_options_of({})), ProfileMode::summary);
  EXPECT_EQ(profile_mode(profile_options_of({"cann8"})), ProfileMode::summary);
  EXPECT_EQ(profile_mode(profile_options_of({"cann8", "cann7"})), ProfileMode::compare);
  EXPECT_THROW((void)profile_mode(profile_options_of({"a", "b", "c"})), UsageError);
}

TEST(Profile, UnknownSortAndBadRegexAreUsageErrors) {
  Harness h;
  ProfileOptions o = profile_options_of({"cann8"});
  o.sort = "speed";
  EXPECT_THROW((void)run_profile(o, h.ctx), UsageError);
  o.sort = "total";
  o.name_regex = "(";
  EXPECT_THROW((void)run_profile(o, h.ctx), UsageError);
}

TEST(Profile, Cann7DevicesTogether) {
  Harness h(Format::markdown);
  EXPECT_EQ(run_profile(profile_options_of({"cann7"}), h.ctx), Exit::ok);
  const std::string out = h.out.str();
  EXPECT_TRUE(profile_out_has(out, "2 files (op\\_summary), devices 0 1; 6 rows read")) << out;
  EXPECT_TRUE(profile_out_has(
      out, "| Conv\\_1 | Conv2D | AI\\_CORE | 4 | 270.000 | 67.500 | 65.000 | 90.000 |"))
      << out;
}

}  // namespace
}  // namespace aoe::cli
