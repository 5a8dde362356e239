// SPDX-License-Identifier: Apache-2.0
// The profile reader (include/aoe_result/profile.hpp, src/profile/) on the
// fixtures of tests/data/profile/ (one per variant of the format) and on
// text made here.
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/profile.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

namespace fs = std::filesystem;

fs::path profile_fixture(const std::string& name) { return test::data("profile/" + name); }

const ProfileOperator* profile_find_op(const Profile& p, const std::string& name) {
  for (const ProfileOperator& op : p.operators) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

using test::codes_of;

TEST(ProfileReader, Cann8OpSummary) {
  const std::vector<fs::path> files = find_profile_files(profile_fixture("cann8"));
  ASSERT_EQ(files.size(), 1U);
  const Profile p = read_profile(files);
  ASSERT_EQ(p.files.size(), 1U);
  EXPECT_TRUE(p.files[0].readable);
  EXPECT_EQ(p.files[0].format, ProfileFormat::op_summary);
  EXPECT_EQ(p.files[0].rows, 8U);
  EXPECT_EQ(p.files[0].devices, std::vector<std::int64_t>{0});
  EXPECT_FALSE(p.files[0].has_steps);
  EXPECT_TRUE(p.diagnostics.empty());
  EXPECT_EQ(p.rows, 8U);
  EXPECT_DOUBLE_EQ(p.total_us, 207.5);
  ASSERT_EQ(p.operators.size(), 4U);
  // By total descending, then name (bytes): MatMul_18 and allreduce tie.
  EXPECT_EQ(p.operators[0].name, "MatMul_18");
  EXPECT_EQ(p.operators[1].name, "allreduce_grad_0");
  EXPECT_EQ(p.operators[2].name, "softmax");
  EXPECT_EQ(p.operators[3].name, "Cast_3");
  const ProfileOperator& mm = p.operators[0];
  EXPECT_EQ(mm.type, "MatMulV2");
  EXPECT_EQ(mm.task_type, "AI_CORE");
  EXPECT_EQ(mm.stats.calls, 4U);
  EXPECT_EQ(mm.stats.timed_calls, 4U);
  EXPECT_DOUBLE_EQ(mm.stats.total_us, 100.0);
  EXPECT_DOUBLE_EQ(*mm.stats.mean_us, 25.0);
  EXPECT_DOUBLE_EQ(*mm.stats.median_us, 25.0);
  EXPECT_DOUBLE_EQ(*mm.stats.p95_us, 40.0);  // nearest rank ceil(0.95 * 4) = 4
  EXPECT_DOUBLE_EQ(*mm.share, 100.0 / 207.5);
  EXPECT_EQ(mm.devices, std::vector<std::int64_t>{0});
  // N/A is a call without a duration.
  const ProfileOperator& sm = p.operators[2];
  EXPECT_EQ(sm.stats.calls, 2U);
  EXPECT_EQ(sm.stats.timed_calls, 1U);
  EXPECT_DOUBLE_EQ(*sm.stats.median_us, 5.0);
  ASSERT_EQ(p.task_types.size(), 4U);
  EXPECT_EQ(p.task_types[0].task_type, "AI_CORE");
  EXPECT_EQ(p.task_types[0].calls, 4U);
  EXPECT_EQ(p.task_types[1].task_type, "HCCL");
  EXPECT_EQ(p.task_types[2].task_type, "AI_VECTOR_CORE");
  EXPECT_EQ(p.task_types[2].calls, 2U);
  EXPECT_DOUBLE_EQ(p.task_types[3].total_us, 2.5);
  EXPECT_TRUE(p.steps.empty());
}

TEST(ProfileReader, Cann7DevicesInFoldersTogether) {
  const std::vector<fs::path> files = find_profile_files(profile_fixture("cann7"));
  ASSERT_EQ(files.size(), 2U);  // task_time_*.csv beside them is not read
  EXPECT_NE(files[0].string().find("device_0"), std::string::npos);
  const Profile p = read_profile(files);
  EXPECT_EQ(p.files[0].devices, std::vector<std::int64_t>{0});
  EXPECT_EQ(p.files[1].devices, std::vector<std::int64_t>{1});
  EXPECT_EQ(p.rows, 6U);
  const ProfileOperator* conv = profile_find_op(p, "Conv_1");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->stats.calls, 4U);
  EXPECT_DOUBLE_EQ(conv->stats.total_us, 270.0);
  EXPECT_DOUBLE_EQ(*conv->stats.median_us, 65.0);  // 50 60 70 90: both devices pooled
  EXPECT_DOUBLE_EQ(*conv->stats.p95_us, 90.0);
  EXPECT_EQ(conv->devices, (std::vector<std::int64_t>{0, 1}));
  const ProfileOperator* relu = profile_find_op(p, "Relu_2");
  ASSERT_NE(relu, nullptr);
  EXPECT_EQ(relu->stats.calls, 2U);
  EXPECT_EQ(relu->task_type, "AI_VECTOR_CORE");
}

TEST(ProfileReader, KernelDetailsWithSteps) {
  const std::vector<fs::path> files = find_profile_files(profile_fixture("torch"));
  ASSERT_EQ(files.size(), 1U);  // the PROF_ folder beside ASCEND_PROFILER_OUTPUT is not read twice
  EXPECT_EQ(files[0].filename(), "kernel_details.csv");
  const Profile p = read_profile(files);
  EXPECT_EQ(p.files[0].format, ProfileFormat::kernel_details);
  EXPECT_TRUE(p.files[0].has_steps);
  EXPECT_TRUE(p.files[0].devices.empty());
  EXPECT_TRUE(p.diagnostics.empty());
  ASSERT_EQ(p.steps.size(), 3U);
  EXPECT_EQ(p.steps[0].step_id, 1);
  EXPECT_EQ(p.steps[0].calls, 2U);
  EXPECT_DOUBLE_EQ(p.steps[0].total_us, 108.0);
  EXPECT_DOUBLE_EQ(p.steps[1].total_us, 129.0);
  EXPECT_DOUBLE_EQ(p.steps[2].total_us, 117.0);
  const ProfileOperator& mm = p.operators[0];
  EXPECT_EQ(mm.name, "aclnnMatmul_MatMulCommon_MatMulV2");
  EXPECT_EQ(mm.type, "MatMulV2");
  EXPECT_EQ(mm.task_type, "AI_CORE");
  EXPECT_DOUBLE_EQ(*mm.stats.median_us, 110.0);
  EXPECT_DOUBLE_EQ(*mm.stats.p95_us, 120.0);
}

TEST(ProfileReader, EveryOddityOfTheFormat) {
  std::vector<ProfileRowView> seen;
  std::vector<std::string> names;
  ProfileReadOptions o;
  o.on_row = [&](const ProfileFile&, const ProfileRowView& v) {
    seen.push_back(v);
    names.emplace_back(v.name);
  };
  const Profile p = read_profile({profile_fixture("oddities.csv")}, o);
  EXPECT_TRUE(p.diagnostics.empty()) << p.diagnostics.front().message;
  EXPECT_EQ(p.rows, 4U);
  ASSERT_EQ(seen.size(), 4U);
  EXPECT_EQ(names, (std::vector<std::string>{"Mat,Mul", "two\r\nlines", "Mat,Mul", "Mat,Mul"}));
  EXPECT_EQ(seen[0].line, 2U);
  EXPECT_EQ(seen[1].line, 3U);
  EXPECT_EQ(seen[2].line, 5U);
  EXPECT_EQ(seen[3].line, 6U);
  EXPECT_EQ(seen[0].start_us, 1.5);   // "1.500<TAB>", quoted
  EXPECT_EQ(seen[1].start_us, 2.0);   // 2.000<TAB>
  EXPECT_FALSE(seen[3].start_us);     // empty
  EXPECT_FALSE(seen[2].duration_us);  // N/A
  EXPECT_EQ(seen[3].device_id, 1);
  const ProfileOperator* mm = profile_find_op(p, "Mat,Mul");
  ASSERT_NE(mm, nullptr);
  EXPECT_EQ(mm->stats.calls, 3U);
  EXPECT_EQ(mm->stats.timed_calls, 2U);
  EXPECT_DOUBLE_EQ(mm->stats.total_us, 30.0);
  EXPECT_EQ(mm->devices, (std::vector<std::int64_t>{0, 1}));
  EXPECT_EQ(p.files[0].devices, (std::vector<std::int64_t>{0, 1}));
}

TEST(ProfileReader, BadRowsAreNamedAndTheRestKept) {
  const Profile p = read_profile({profile_fixture("bad_rows.csv")});
  EXPECT_TRUE(p.files[0].readable);
  EXPECT_EQ(p.rows, 3U);
  EXPECT_EQ(p.files[0].bad_rows, 3U);
  EXPECT_EQ(p.bad_rows, 3U);
  EXPECT_DOUBLE_EQ(p.total_us, 6.0);
  ASSERT_EQ(p.diagnostics.size(), 3U);
  EXPECT_EQ(codes_of(p.diagnostics),
            (std::vector<std::string>{"invalid-csv", "invalid-csv", "invalid-csv"}));
  EXPECT_EQ(location(p.diagnostics[0]), profile_fixture("bad_rows.csv").string() + ":3");
  EXPECT_NE(p.diagnostics[0].message.find("3 fields where the header (line 1) has 4"),
            std::string::npos);
  EXPECT_EQ(p.diagnostics[1].line, 5U);
  EXPECT_EQ(p.diagnostics[1].column, 19U);
  EXPECT_NE(p.diagnostics[1].message.find("`Task Duration(us)` is 'abc'"), std::string::npos);
  EXPECT_EQ(p.diagnostics[2].line, 8U);
  EXPECT_EQ(p.diagnostics[2].column, 6U);
  EXPECT_NE(p.diagnostics[2].message.find("not closed"), std::string::npos);
}

TEST(ProfileReader, AnOperatorWithNoDurationReadHasNoTotalOrShare) {
  // A total of 0 and a share of 0 % would claim a time nobody measured.
  const Profile p = read_profile_text(
      "Op Name,Task Duration(us)\ngood,3\nhalf,1\nhalf,N/A\nunread,N/A\nempty,\n");
  EXPECT_DOUBLE_EQ(p.total_us, 4.0);
  const ProfileOperator* unread = profile_find_op(p, "unread");
  ASSERT_NE(unread, nullptr);
  EXPECT_EQ(unread->stats.calls, 1U);
  EXPECT_EQ(unread->stats.timed_calls, 0U);
  EXPECT_FALSE(unread->stats.known_total_us());
  EXPECT_FALSE(unread->share);
  EXPECT_FALSE(profile_find_op(p, "empty")->share);
  // Some read: the figures of those read.
  const ProfileOperator* half = profile_find_op(p, "half");
  ASSERT_NE(half, nullptr);
  EXPECT_EQ(half->stats.timed_calls, 1U);
  EXPECT_EQ(half->stats.known_total_us(), 1.0);
  ASSERT_TRUE(half->share);
  EXPECT_DOUBLE_EQ(*half->share, 0.25);
}

TEST(ProfileReader, ANegativeDurationIsARowNotRead) {
  // A negative duration would lower the total every share and gate uses.
  const Profile p = read_profile_text("Op Name,Task Duration(us)\nx,10\ny,-20\nz,-0\n");
  EXPECT_EQ(p.rows, 2U);
  EXPECT_EQ(p.bad_rows, 1U);
  EXPECT_DOUBLE_EQ(p.total_us, 10.0);
  ASSERT_EQ(p.diagnostics.size(), 1U);
  EXPECT_EQ(p.diagnostics[0].line, 3U);
  EXPECT_EQ(p.diagnostics[0].column, 3U);
  EXPECT_NE(p.diagnostics[0].message.find("'-20' (expected a number of microseconds at least 0"),
            std::string::npos)
      << p.diagnostics[0].message;
}

TEST(ProfileReader, ManyBadRowsAreCountedNotAllNamed) {
  std::string text = "Op Name,Task Duration(us)\n";
  for (int i = 0; i < 25; ++i) text += "x,bad\n";
  text += "y,1\n";
  const Profile p = read_profile_text(text);
  EXPECT_EQ(p.rows, 1U);
  EXPECT_EQ(p.bad_rows, 25U);
  ASSERT_EQ(p.diagnostics.size(), 11U);
  EXPECT_EQ(p.diagnostics.back().message, "15 more rows could not be read (not named)");
}

TEST(ProfileReader, EveryChunkSizeGivesTheSameProfile) {
  const std::string text = test::slurp(profile_fixture("oddities.csv")) + "\r\n" +
                           "0,\"x\"\"y\",T,AI_CORE,\"9\t\",7,\"\"\"1,2\"\"\",";
  const Profile whole = read_profile_text(text);
  ASSERT_EQ(whole.rows, 5U);
  for (std::size_t chunk = 16; chunk <= text.size() + 1; ++chunk) {
    std::istringstream in(text);
    ProfileReadOptions o;
    o.chunk_bytes = chunk;
    const Profile p = read_profile_stream(in, "<text>", o);
    ASSERT_EQ(p.rows, whole.rows) << chunk;
    ASSERT_EQ(p.operators.size(), whole.operators.size()) << chunk;
    for (std::size_t i = 0; i < p.operators.size(); ++i) {
      EXPECT_EQ(p.operators[i].name, whole.operators[i].name) << chunk;
      EXPECT_EQ(p.operators[i].stats.total_us, whole.operators[i].stats.total_us) << chunk;
      EXPECT_EQ(p.operators[i].stats.calls, whole.operators[i].stats.calls) << chunk;
    }
    EXPECT_EQ(p.total_us, whole.total_us) << chunk;
  }
}

TEST(ProfileReader, FilesThatAreNoProfile) {
  const Profile p =
      read_profile({profile_fixture("not_a_profile.csv"), profile_fixture("empty.csv"),
                    profile_fixture("binary.csv"), profile_fixture("missing.csv"),
                    profile_fixture("header_only.csv")});
  ASSERT_EQ(p.files.size(), 5U);
  EXPECT_FALSE(p.files[0].readable);
  EXPECT_EQ(codes_of(p.files[0].diagnostics), std::vector<std::string>{"not-a-profile"});
  EXPECT_EQ(p.files[0].diagnostics[0].line, 1U);
  EXPECT_FALSE(p.files[1].readable);
  EXPECT_EQ(p.files[1].diagnostics[0].message, "the file is empty: no header line");
  EXPECT_FALSE(p.files[2].readable);
  EXPECT_FALSE(p.files[3].readable);
  EXPECT_EQ(codes_of(p.files[3].diagnostics), std::vector<std::string>{"io-error"});
  EXPECT_TRUE(p.files[4].readable);  // a header and no row: read, zero rows
  EXPECT_EQ(p.files[4].rows, 0U);
  EXPECT_EQ(p.rows, 0U);
  EXPECT_TRUE(p.operators.empty());
}

TEST(ProfileReader, ABinaryFileWithoutLineEndsIsNotReadToItsEnd) {
  const std::string junk(5'000'000, '\x01');
  ProfileReadOptions o;
  o.chunk_bytes = 4096;
  o.max_row_bytes = 1000;
  std::istringstream in(junk);
  const ProfilePart part = read_profile_part_stream(in, "junk", o);
  EXPECT_FALSE(part.file.readable);
  EXPECT_EQ(in.tellg(), std::streampos(4096));  // stopped after the first chunk
}

TEST(ProfileReader, HeaderNamesAreFoundWhereverTheyAre) {
  // Columns in another order, other case, blanks around names; Block Num.
  const Profile p =
      read_profile_text(" task duration(us) ,Block Num,OP TYPE,Op Name\n3,1,Add,a\n4,1,Add,a\n");
  EXPECT_EQ(p.files[0].format, ProfileFormat::op_summary);
  ASSERT_EQ(p.operators.size(), 1U);
  EXPECT_EQ(p.operators[0].type, "Add");
  EXPECT_DOUBLE_EQ(p.operators[0].stats.total_us, 7.0);
  EXPECT_DOUBLE_EQ(*p.operators[0].stats.median_us, 3.5);
}

TEST(ProfileReader, PartsCombinedInOrder) {
  const ProfilePart a = read_profile_part_text("Op Name,Task Duration(us)\nx,1\nx,3\n", "a");
  const ProfilePart b = read_profile_part_text("Op Name,Task Duration(us)\nx,2\ny,10\n", "b");
  const Profile p = combine_profile_parts({a, b});
  ASSERT_EQ(p.files.size(), 2U);
  EXPECT_EQ(p.files[1].path, "b");
  EXPECT_EQ(p.rows, 4U);
  EXPECT_EQ(p.operators[0].name, "y");
  EXPECT_DOUBLE_EQ(*p.operators[1].stats.median_us, 2.0);
  EXPECT_DOUBLE_EQ(*p.operators[1].share, 6.0 / 16.0);
}

TEST(ProfileReader, DeviceOfPath) {
  EXPECT_EQ(device_of_path("PROF_1/device_3/summary/op_summary_3_1_1.csv"), 3);
  EXPECT_FALSE(device_of_path("PROF_1/mindstudio_profiler_output/op_summary_1.csv"));
  EXPECT_FALSE(device_of_path("device_x/op_summary_1.csv"));
  EXPECT_TRUE(is_profile_file_name("op_summary_20240607153010.csv"));
  EXPECT_TRUE(is_profile_file_name("kernel_details.csv"));
  EXPECT_FALSE(is_profile_file_name("task_time_0_1_2.csv"));
  EXPECT_EQ(to_string(ProfileFormat::kernel_details), "kernel_details");
}

TEST(ProfileReader, ProfilingRunOfAFile) {
  EXPECT_EQ(profiling_run_of("r/PROF_1/device_3/summary/op_summary_3_1_1.csv"), "r/PROF_1");
  EXPECT_EQ(profiling_run_of("PROF_2/mindstudio_profiler_output/op_summary_1.csv"), "PROF_2");
  EXPECT_EQ(profiling_run_of("x/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv"),
            "x/rank0_ascend_pt");
  EXPECT_EQ(profiling_run_of("loose/op_summary_1.csv"), "loose");
  EXPECT_EQ(profiling_run_of("op_summary_1.csv"), "");
}

TEST(ProfileReader, ShippedExamples) {
  const Profile p = read_profile(find_profile_files(AOE_EXAMPLES_DIR "/profile/before"));
  ASSERT_EQ(p.files.size(), 1U);
  EXPECT_TRUE(p.diagnostics.empty());
  EXPECT_GT(p.rows, 0U);
}

}  // namespace
}  // namespace aoe
