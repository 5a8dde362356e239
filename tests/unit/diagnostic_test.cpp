// SPDX-License-Identifier: Apache-2.0
// The diagnostic codes: stable strings, round trip, and the user's list.
#include "aoe_result/diagnostic.hpp"

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "aoe_result/model.hpp"

namespace aoe {
namespace {

TEST(Code, EveryCodeRoundTripsThroughItsString) {
  std::set<std::string> strings;
  for (const Code c : kAllCodes) {
    const std::string_view s = to_string(c);
    EXPECT_FALSE(s.empty());
    EXPECT_EQ(parse_code(s), c) << s;
    strings.emplace(s);
  }
  EXPECT_EQ(strings.size(), kAllCodes.size());  // no two codes share a string
}

TEST(Code, StableStringsOfTheContract) {
  EXPECT_EQ(to_string(Code::invalid_json), "invalid-json");
  EXPECT_EQ(to_string(Code::threshold_max_failed), "threshold-max-failed");
  EXPECT_EQ(to_string(Code::threshold_min_model_improvement), "threshold-min-model-improvement");
  EXPECT_EQ(parse_code("Truncated"), std::nullopt);  // exact strings only
  EXPECT_EQ(parse_code("threshold-"), std::nullopt);
  std::ostringstream out;
  out << Code::zero_time;
  EXPECT_EQ(out.str(), "zero-time");
}

TEST(Code, ComparesWithItsStableString) {
  Diagnostic d;
  d.code = Code::truncated;
  EXPECT_TRUE(d.code == "truncated");
  EXPECT_FALSE(d.code == "invalid-json");
}

// docs/check-codes.md names every code in the first cell of a table row,
// `like-this`; it must list exactly the codes of the enum.
TEST(Code, CheckCodesDocListsExactlyTheEnum) {
  std::ifstream doc(std::string(AOE_TEST_DATA_DIR) + "/../../docs/check-codes.md");
  ASSERT_TRUE(doc) << "docs/check-codes.md not found";
  const std::regex row(R"(^\| `([a-z][a-z-]*)` \|)");
  std::set<std::string> listed;
  std::string line;
  while (std::getline(doc, line)) {
    std::smatch m;
    if (std::regex_search(line, m, row)) listed.insert(m[1]);
  }
  std::set<std::string> codes;
  for (const Code c : kAllCodes) codes.emplace(to_string(c));
  for (const std::string& c : codes) EXPECT_EQ(listed.count(c), 1U) << c << " is not in the doc";
  for (const std::string& l : listed) EXPECT_EQ(codes.count(l), 1U) << l << " is no code";
}

}  // namespace
}  // namespace aoe
