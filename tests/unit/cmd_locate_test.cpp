// SPDX-License-Identifier: Apache-2.0
// `locate` (cmd_locate.cpp): the command through run_locate, its text and
// JSON (the view's places and counts: locate_view_test.cpp).
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "commands/locate/locate_view.hpp"
#include "temp_dir.hpp"

namespace aoe::cli {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

using test::Harness;

TEST(LocateCommand, TextMarksThePlaceInUse) {
  LocateOptions o;
  o.env = LocateEnv{std::nullopt,
                    std::string("/opt/bank"),
                    std::nullopt,
                    std::string("/nonexistent/home"),
                    fs::path("/nonexistent/cwd"),
                    std::nullopt,
                    std::nullopt};
  Harness h(Format::text, {}, 200);
  EXPECT_EQ(run_locate(o, h.ctx), Exit::ok);
  const std::string expected =
      "results (aoe_result_opat_*.json; * = where AOE writes them)\n"
      "     from                        path              state\n"
      "     $ASCEND_WORK_PATH           –                 not set\n"
      "     $ASCEND_WORK_PATH/aoe_data  –                 not set\n"
      "  *  current directory           /nonexistent/cwd  missing\n"
      "custom repository (tiling policies in <path>/<soc_version>; * = where AOE looks; both home "
      "folders when no variable is set)\n"
      "     from                                    path                                          "
      "      state\n"
      "  *  $TUNE_BANK_PATH                         /opt/bank                                     "
      "      missing\n"
      "     $ASCEND_CACHE_PATH/aoe_data             –                                             "
      "      not set\n"
      "     $HOME/Ascend/latest/data/aoe/custom/op  "
      "/nonexistent/home/Ascend/latest/data/aoe/custom/op"
      "  missing\n"
      "     $HOME/Ascend/cann/data/aoe/custom/op    "
      "/nonexistent/home/Ascend/cann/data/aoe/custom/op"
      "    missing\n";
  EXPECT_EQ(h.out.str(), expected);
}

TEST(LocateCommand, Json) {
  TempDir home("locate_json");
  home.write("Ascend/latest/data/aoe/custom/op/Ascend910B1/x", "x");
  LocateOptions o;
  o.env = LocateEnv{};
  o.env->home = home.path().string();
  o.env->cwd = home.path();
  Harness h(Format::json, {}, 200);
  EXPECT_EQ(run_locate(o, h.ctx), Exit::ok);
  const auto j = nlohmann::json::parse(h.out.str());
  EXPECT_EQ(j["schema_version"], 1);
  ASSERT_EQ(j["results"].size(), 3U);
  EXPECT_EQ(j["results"][0]["source"], "$ASCEND_WORK_PATH");
  EXPECT_TRUE(j["results"][0]["path"].is_null());
  EXPECT_EQ(j["results"][0]["set"], false);
  EXPECT_EQ(j["results"][2]["in_use"], true);
  EXPECT_EQ(j["results"][2]["result_files"], 0);
  EXPECT_TRUE(j["results"][2]["newest"].is_null());
  const auto& def = j["repository"][2];
  EXPECT_EQ(def["path"], (home.path() / "Ascend/latest/data/aoe/custom/op").string());
  EXPECT_EQ(def["exists"], true);
  EXPECT_EQ(def["in_use"], true);
  EXPECT_EQ(def["soc_versions"], nlohmann::json::array({"Ascend910B1"}));
}

}  // namespace
}  // namespace aoe::cli
