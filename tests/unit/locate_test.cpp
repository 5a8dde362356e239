// SPDX-License-Identifier: Apache-2.0
// aoe::locate: the places of each kind from an explicit environment, in
// AOE's priority order, and what each holds, in temporary folders.
#include "aoe_result/locate.hpp"

#include <gtest/gtest.h>

#include "temp_dir.hpp"

namespace aoe {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

// `names` below `dir`, as paths.
std::vector<fs::path> below(const fs::path& dir, const std::vector<std::string>& names) {
  std::vector<fs::path> out;
  out.reserve(names.size());
  for (const std::string& n : names) out.push_back(dir / n);
  return out;
}

TEST(LocatePlaces, ResultsFollowTheWorkPathWhenSet) {
  LocateEnv env;
  env.cwd = "/run";
  std::vector<Place> p = places(PlaceKind::results, env);
  ASSERT_EQ(p.size(), 3U);
  EXPECT_EQ(p[0].source, "$ASCEND_WORK_PATH");
  EXPECT_FALSE(p[0].path);
  EXPECT_FALSE(p[1].path);
  EXPECT_EQ(p[2].source, "current directory");
  EXPECT_EQ(p[2].path, fs::path("/run"));
  EXPECT_TRUE(p[2].in_use);
  for (const Place& one : p) {
    EXPECT_EQ(one.kind, PlaceKind::results);
    EXPECT_FALSE(one.exists);  // not looked at
  }

  env.ascend_work_path = "/work";
  p = places(PlaceKind::results, env);
  EXPECT_EQ(p[0].path, fs::path("/work"));
  EXPECT_EQ(p[1].path, fs::path("/work/aoe_data"));
  EXPECT_TRUE(p[0].in_use);
  EXPECT_TRUE(p[1].in_use);
  EXPECT_FALSE(p[2].in_use);
}

TEST(LocatePlaces, RepositoryByPriority) {
  LocateEnv env;
  env.home = "/home/u";
  std::vector<Place> p = places(PlaceKind::custom_repository, env);
  ASSERT_EQ(p.size(), 4U);
  EXPECT_FALSE(p[0].in_use);
  EXPECT_FALSE(p[1].in_use);
  EXPECT_TRUE(p[2].in_use);
  EXPECT_EQ(p[2].path, fs::path("/home/u/Ascend/latest/data/aoe/custom/op"));
  // The spelling of current runtime code, looked in with the documented one.
  EXPECT_TRUE(p[3].in_use);
  EXPECT_EQ(p[3].path, fs::path("/home/u/Ascend/cann/data/aoe/custom/op"));

  env.ascend_cache_path = "/cache";
  p = places(PlaceKind::custom_repository, env);
  EXPECT_EQ(p[1].path, fs::path("/cache/aoe_data"));
  EXPECT_TRUE(p[1].in_use);
  EXPECT_FALSE(p[2].in_use);
  EXPECT_FALSE(p[3].in_use);

  env.tune_bank_path = "/bank";
  env.soc_version = "Ascend910B1";
  p = places(PlaceKind::custom_repository, env);
  EXPECT_TRUE(p[0].in_use);
  EXPECT_FALSE(p[1].in_use);
  EXPECT_EQ(p[0].path, fs::path("/bank/Ascend910B1"));
  EXPECT_EQ(p[1].path, fs::path("/cache/aoe_data/Ascend910B1"));
  EXPECT_EQ(p[0].soc_version, "Ascend910B1");
  EXPECT_EQ(p[0].kind, PlaceKind::custom_repository);
}

TEST(LocatePlaces, BuiltInRepositoryUnderTheOppPath) {
  LocateEnv env;
  std::vector<Place> p = places(PlaceKind::built_in_repository, env);
  ASSERT_EQ(p.size(), 1U);
  EXPECT_FALSE(p[0].path);  // $ASCEND_OPP_PATH not set
  EXPECT_FALSE(p[0].in_use);
  env.ascend_opp_path = "/usr/local/Ascend/ascend-toolkit/latest/opp";
  env.soc_version = "Ascend910B1";
  p = places(PlaceKind::built_in_repository, env);
  EXPECT_TRUE(p[0].in_use);
  EXPECT_EQ(p[0].path,
            fs::path("/usr/local/Ascend/ascend-toolkit/latest/opp/built-in/data/op/Ascend910B1"));
  EXPECT_EQ(p[0].source, "$ASCEND_OPP_PATH/built-in/data/op");
  EXPECT_EQ(to_string(PlaceKind::built_in_repository), "built-in-repository");
}

TEST(Locate, ResultFilesOldestFirstRenamedFirst) {
  TempDir dir("locate_lib_results");
  dir.write("aoe_result_opat_20250301_000000000_pid1.json", "[]");
  dir.write("aoe_result_opat_20250101_000000000_pid9.json", "[]");
  dir.write("aoe_result_opat_20250101_000000000_pid2.json", "[]");
  dir.write("aoe_result_opat_renamed.json", "[]");
  dir.write("aoe_result_opat_.json", "[]");         // nothing between prefix and suffix
  dir.write("other.json", "[]");                    // not a result name
  dir.write("aoe_result_opat_x.json/inside", "x");  // a folder, not a file
  EXPECT_EQ(list_result_files(dir.path()),
            below(dir.path(),
                  {"aoe_result_opat_renamed.json", "aoe_result_opat_20250101_000000000_pid2.json",
                   "aoe_result_opat_20250101_000000000_pid9.json",
                   "aoe_result_opat_20250301_000000000_pid1.json"}));
  EXPECT_TRUE(list_result_files(dir.path() / "missing").empty());
  EXPECT_TRUE(list_result_files(dir.path() / "other.json").empty());  // not a folder
}

TEST(Locate, LooksInsideEachPlace) {
  TempDir work("locate_lib_work");
  work.write("aoe_data/aoe_result_opat_20250101_000000000_pid1.json", "[]");
  work.write("aoe_data/aoe_result_opat_20250201_000000000_pid1.json", "[]");
  TempDir bank("locate_lib_bank");
  bank.write("Ascend910B1/unified_bank/x.json", "x");
  bank.write("Ascend310P3/x", "x");
  bank.write("README", "not a SoC folder");
  LocateEnv env;
  env.ascend_work_path = work.path().string();
  env.tune_bank_path = bank.path().string();
  env.cwd = work.path() / "missing";

  const std::vector<Place> results = locate(PlaceKind::results, env);
  EXPECT_TRUE(results[0].exists);
  EXPECT_TRUE(results[0].found.empty());
  EXPECT_TRUE(results[1].exists);
  EXPECT_EQ(results[1].found,
            below(work.path() / "aoe_data", {"aoe_result_opat_20250101_000000000_pid1.json",
                                             "aoe_result_opat_20250201_000000000_pid1.json"}));
  EXPECT_FALSE(results[2].exists);  // missing: an answer, not an error
  EXPECT_TRUE(results[2].found.empty());

  const std::vector<Place> repo = locate(PlaceKind::custom_repository, env);
  EXPECT_TRUE(repo[0].exists);
  EXPECT_EQ(repo[0].found, below(bank.path(), {"Ascend310P3", "Ascend910B1"}));
  EXPECT_FALSE(repo[1].path);
  EXPECT_FALSE(repo[1].exists);

  env.soc_version = "Ascend910B1";  // the SoC's folder itself: nothing listed
  const std::vector<Place> soc = locate(PlaceKind::custom_repository, env);
  EXPECT_TRUE(soc[0].exists);
  EXPECT_TRUE(soc[0].found.empty());
}

TEST(Locate, AFileIsNotAPlace) {
  TempDir dir("locate_lib_file");
  const fs::path file = dir.write("bank", "a file");
  LocateEnv env;
  env.tune_bank_path = file.string();
  env.cwd = file;
  EXPECT_FALSE(locate(PlaceKind::custom_repository, env)[0].exists);
  EXPECT_FALSE(locate(PlaceKind::results, env)[2].exists);
}

TEST(Locate, KindNames) {
  EXPECT_EQ(to_string(PlaceKind::results), "results");
  EXPECT_EQ(to_string(PlaceKind::custom_repository), "custom-repository");
}

}  // namespace
}  // namespace aoe
