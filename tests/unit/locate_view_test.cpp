// SPDX-License-Identifier: Apache-2.0
// `locate`'s view (locate_view.cpp): the places the library finds, in
// priority order, which is in use, whether it exists and what it holds,
// with a fake HOME and environment.
#include "commands/locate/locate_view.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/locate.hpp"

#include "temp_dir.hpp"

namespace aoe::cli {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

// What `locate` shows of this environment: the library's places, as the view has them.
LocateView located(const LocateEnv& env) {
  return make_locate_view(locate(PlaceKind::results, env),
                          locate(PlaceKind::custom_repository, env));
}

TEST(Locate, NothingSetUsesCwdAndHomeDefault) {
  TempDir home("locate_home");
  TempDir cwd("locate_cwd");
  home.write("Ascend/latest/data/aoe/custom/op/Ascend910B1/policy.bin", "x");
  home.write("Ascend/latest/data/aoe/custom/op/Ascend310P3/policy.bin", "x");
  cwd.write("aoe_result_opat_20250101_000000000_pid1.json", "[]");
  cwd.write("aoe_result_opat_20250301_000000000_pid1.json", "[]");
  LocateEnv env;
  env.home = home.path().string();
  env.cwd = cwd.path();
  const LocateView loc = located(env);

  ASSERT_EQ(loc.results.size(), 3U);
  EXPECT_FALSE(loc.results[0].path);
  EXPECT_FALSE(loc.results[0].in_use);
  EXPECT_FALSE(loc.results[1].path);
  const LocateRow& here = loc.results[2];
  EXPECT_TRUE(here.in_use);
  EXPECT_TRUE(here.exists);
  EXPECT_EQ(here.result_files, 2U);
  EXPECT_EQ(here.newest, cwd.path() / "aoe_result_opat_20250301_000000000_pid1.json");

  ASSERT_EQ(loc.repository.size(), 4U);
  EXPECT_FALSE(loc.repository[0].in_use);
  EXPECT_FALSE(loc.repository[1].in_use);
  const LocateRow& def = loc.repository[2];
  EXPECT_TRUE(def.in_use);
  EXPECT_TRUE(def.exists);
  EXPECT_EQ(def.path, home.path() / "Ascend/latest/data/aoe/custom/op");
  EXPECT_EQ(def.soc_versions, (std::vector<std::string>{"Ascend310P3", "Ascend910B1"}));
}

TEST(Locate, TuneBankPathWinsOverCacheAndHome) {
  TempDir cache("locate_cache");
  cache.write("aoe_data/Ascend910B1/x", "x");
  LocateEnv env;
  env.tune_bank_path = "/opt/bank";
  env.ascend_cache_path = cache.path().string();
  env.home = "/nonexistent/home";
  env.cwd = "/";
  const LocateView loc = located(env);
  EXPECT_TRUE(loc.repository[0].in_use);
  EXPECT_EQ(loc.repository[0].path, fs::path("/opt/bank"));
  EXPECT_FALSE(loc.repository[0].exists);
  EXPECT_FALSE(loc.repository[1].in_use);
  EXPECT_TRUE(loc.repository[1].exists);
  EXPECT_EQ(loc.repository[1].path, cache.path() / "aoe_data");
  EXPECT_EQ(loc.repository[1].soc_versions, std::vector<std::string>{"Ascend910B1"});
  EXPECT_FALSE(loc.repository[2].in_use);

  env.tune_bank_path.reset();  // then ASCEND_CACHE_PATH
  EXPECT_TRUE(located(env).repository[1].in_use);
  EXPECT_FALSE(located(env).repository[2].in_use);
}

TEST(Locate, SocVersionNamesTheFolderItself) {
  TempDir bank("locate_soc");
  bank.write("Ascend910B1/x", "x");
  LocateEnv env;
  env.tune_bank_path = bank.path().string();
  env.cwd = "/";
  env.soc_version = "Ascend910B1";
  EXPECT_EQ(located(env).repository[0].path, bank.path() / "Ascend910B1");
  EXPECT_TRUE(located(env).repository[0].exists);
  env.soc_version = "Ascend310P3";
  EXPECT_FALSE(located(env).repository[0].exists);
  EXPECT_FALSE(located(env).repository[2].path);  // HOME not set
}

TEST(Locate, WorkPathAndItsAoeDataUsedWhenSet) {
  TempDir work("locate_work");
  work.write("aoe_data/aoe_result_opat_20250101_000000000_pid1.json", "[]");
  LocateEnv env;
  env.ascend_work_path = work.path().string();
  env.cwd = "/";
  const LocateView loc = located(env);
  EXPECT_TRUE(loc.results[0].in_use);
  EXPECT_TRUE(loc.results[0].exists);
  EXPECT_EQ(loc.results[0].result_files, 0U);
  EXPECT_TRUE(loc.results[1].in_use);
  EXPECT_EQ(loc.results[1].result_files, 1U);
  EXPECT_FALSE(loc.results[2].in_use);
}

}  // namespace
}  // namespace aoe::cli
