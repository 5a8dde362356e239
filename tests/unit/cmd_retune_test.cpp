// SPDX-License-Identifier: Apache-2.0
// `retune` (cmd_retune.cpp) through run_retune: what it writes, where it
// goes, and overwrite refusal (what is chosen: retune_test.cpp).
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "temp_dir.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::TempDir;

using test::Harness;

TEST(RetuneCommand, WritesTuneOpsFileWithFailedOperator) {
  TempDir dir("retune_write");
  Harness h;
  RetuneOptions o;
  o.inputs.paths = {test::data(test::k8x)};
  o.output = (dir.path() / "retune.json").string();
  EXPECT_EQ(run_retune(o, h.ctx), Exit::ok);
  EXPECT_EQ(test::slurp(o.output), "{\n  \"tune_ops_name\": [\n    \"res4a_branch1\"\n  ]\n}\n");
  EXPECT_EQ(h.out.str(), "1 operator chosen (1 failed); written to " + o.output +
                             "\nre-tune it with (plus your usual aoe options):\n"
                             "  aoe --tune_ops_file=" +
                             o.output + "\n");
  EXPECT_EQ(h.err.str(), "");
}

TEST(RetuneCommand, RefusesToOverwriteWithoutForce) {
  TempDir dir("retune_force");
  const auto existing = dir.write("retune.json", "keep me");
  Harness h;
  RetuneOptions o;
  o.inputs.paths = {test::data(test::k8x)};
  o.output = existing.string();
  EXPECT_THROW((void)run_retune(o, h.ctx), UsageError);
  EXPECT_EQ(test::slurp(existing), "keep me");
  o.force = true;
  EXPECT_EQ(run_retune(o, h.ctx), Exit::ok);
  EXPECT_EQ(nlohmann::json::parse(test::slurp(existing))["tune_ops_name"],
            nlohmann::json::array({"res4a_branch1"}));
  EXPECT_FALSE(std::filesystem::exists(existing.string() + ".tmp-" + std::to_string(::getpid())));
}

TEST(RetuneCommand, StdoutGetsTheDocumentStderrTheMessage) {
  Harness h;
  RetuneOptions o;
  o.inputs.paths = {test::data(test::k8x)};
  o.output = "-";
  o.below_pct = 2.5;
  o.by_type = true;
  EXPECT_EQ(run_retune(o, h.ctx), Exit::ok);
  const auto j = nlohmann::json::parse(h.out.str());
  EXPECT_EQ(j["tune_ops_name"], nlohmann::json::array({"Conv_3", "Conv_38", "Conv_73", "Conv_108",
                                                       "Conv_125", "res4a_branch1"}));
  EXPECT_EQ(j["tune_ops_type"], nlohmann::json::array({"Conv2D"}));
  EXPECT_EQ(h.err.str(),
            "6 operators chosen (1 failed, 5 gained less than 2.5%), 1 type\n"
            "re-tune them with (plus your usual aoe options):\n"
            "  aoe --tune_ops_file=<saved file>\n");
}

TEST(RetuneCommand, NothingChosenWritesNothing) {
  TempDir dir("retune_none");
  Harness h;
  RetuneOptions o;
  o.inputs.paths = {test::data(test::k63)};  // no failed operator
  o.output = (dir.path() / "retune.json").string();
  // Nothing to re-tune exits 1, as grep does when nothing matched.
  EXPECT_EQ(run_retune(o, h.ctx), Exit::findings);
  EXPECT_FALSE(std::filesystem::exists(o.output));
  EXPECT_EQ(h.out.str(),
            "aoe-result: no operator to re-tune (0 failed); " + o.output + " not written\n");
}

TEST(RetuneCommand, NothingChosenNeverLeavesAStaleFileBehindSuccess) {
  TempDir dir("retune_stale");
  const auto stale = dir.write("retune.json", "{\"tune_ops_name\": [\"old_op\"]}\n");
  RetuneOptions o;
  o.inputs.paths = {test::data(test::k63)};  // no failed operator
  o.output = stale.string();
  for (const bool force : {true, false}) {
    // Without --force an existing FILE is an error only when something would be written.
    Harness h;
    o.force = force;
    EXPECT_EQ(run_retune(o, h.ctx), Exit::findings);
    EXPECT_EQ(test::slurp(stale), "{\"tune_ops_name\": [\"old_op\"]}\n");
    EXPECT_EQ(h.out.str(), "aoe-result: no operator to re-tune (0 failed); " + o.output +
                               " not written (the existing file is left as it was; it is not "
                               "from this run)\n");
  }
}

TEST(RetuneCommand, OutputIntoMissingDirectoryIsAUsageError) {
  Harness h;
  RetuneOptions o;
  o.inputs.paths = {test::data(test::k8x)};
  o.output = "/nonexistent/dir/retune.json";
  EXPECT_THROW((void)run_retune(o, h.ctx), UsageError);
}

TEST(RetuneCommand, UnreadableInputStillWritesTheOthersAndExits3) {
  TempDir dir("retune_bad");
  Harness h;
  RetuneOptions o;
  o.inputs.paths = {test::data(test::k601), (dir.path() / "missing.json").string()};
  o.output = (dir.path() / "retune.json").string();
  EXPECT_EQ(run_retune(o, h.ctx), Exit::input);
  EXPECT_EQ(nlohmann::json::parse(test::slurp(o.output))["tune_ops_name"],
            nlohmann::json::array({"res4a_branch1"}));
}

}  // namespace
}  // namespace aoe::cli
