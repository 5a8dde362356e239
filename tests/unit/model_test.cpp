// SPDX-License-Identifier: Apache-2.0
// The model's own behaviour: interned operator types (TypeList) and names
// (InternedString).
#include "aoe_result/model.hpp"

#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace aoe {
namespace {

TEST(TypeList, EmptyByDefault) {
  const TypeList t;
  EXPECT_TRUE(t.empty());
  EXPECT_EQ(t.size(), 0U);
  EXPECT_EQ(t.begin(), t.end());
  EXPECT_EQ(t, TypeList(std::vector<std::string>{}));
}

TEST(TypeList, ReadsLikeTheVector) {
  const TypeList t{"Conv2D", "Relu"};
  ASSERT_EQ(t.size(), 2U);
  EXPECT_EQ(t[0], "Conv2D");
  EXPECT_EQ(t.front(), "Conv2D");
  EXPECT_EQ(t.back(), "Relu");
  EXPECT_EQ(t, (std::vector<std::string>{"Conv2D", "Relu"}));
  const std::vector<std::string>& v = t;
  EXPECT_EQ(v.size(), 2U);
  std::string joined;
  for (const std::string& s : t) joined += s + ";";
  EXPECT_EQ(joined, "Conv2D;Relu;");
}

TEST(TypeList, EqualListsShareOneCopy) {
  const TypeList a{"MatMul", "Add"};
  const TypeList b(std::vector<std::string>{"MatMul", "Add"});
  EXPECT_EQ(&a.list(), &b.list());
  EXPECT_EQ(a, b);
  const TypeList c{"Add", "MatMul"};  // order matters
  EXPECT_NE(&a.list(), &c.list());
  EXPECT_FALSE(a == c);
}

TEST(TypeList, PushBackAndClear) {
  TypeList t;
  t.push_back("BNTrainingUpdate");
  t.push_back("Relu");
  EXPECT_EQ(t, (TypeList{"BNTrainingUpdate", "Relu"}));
  EXPECT_EQ(joined_types(Operator{"op", t, {}, 0}), "BNTrainingUpdate+Relu");
  t.clear();
  EXPECT_TRUE(t.empty());
  t = std::vector<std::string>{"Gelu"};
  EXPECT_EQ(t[0], "Gelu");
  t = {"Cast"};
  EXPECT_EQ(t[0], "Cast");
}

TEST(TypeList, InterningFromThreadsGivesOneCopy) {
  std::vector<const std::vector<std::string>*> seen(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    threads.emplace_back([&seen, i] {
      for (int k = 0; k < 1000; ++k) {
        const TypeList t{"ThreadType", std::to_string(k % 10)};
        if (k == 999) seen[i] = &t.list();
      }
    });
  }
  for (auto& t : threads) t.join();
  for (const auto* p : seen) EXPECT_EQ(p, seen[0]);
  EXPECT_EQ(*seen[0], (std::vector<std::string>{"ThreadType", "9"}));
}

TEST(InternedString, ReadsLikeAString) {
  const InternedString s("Schedule");
  EXPECT_EQ(s, "Schedule");
  EXPECT_EQ(s, std::string("Schedule"));
  EXPECT_EQ(s, std::string_view("Schedule"));
  EXPECT_FALSE(s == "Format");
  EXPECT_EQ(s.size(), 8U);
  EXPECT_FALSE(s.empty());
  EXPECT_TRUE(InternedString().empty());
  EXPECT_EQ(InternedString(), InternedString(""));
  const std::string& ref = s;
  EXPECT_EQ(ref, "Schedule");
  const std::string_view view = s;
  EXPECT_EQ(view, "Schedule");
  std::string assigned;
  assigned = s;
  EXPECT_EQ(assigned, "Schedule");
  EXPECT_EQ("." + s + ".", ".Schedule.");
  EXPECT_EQ(std::string("a") + s, "aSchedule");
  EXPECT_EQ(s + std::string("b"), "Scheduleb");
  EXPECT_EQ('(' + s + ')', "(Schedule)");
  std::ostringstream out;
  out << s;
  EXPECT_EQ(out.str(), "Schedule");
  EXPECT_LT(InternedString("Format"), s);
}

TEST(InternedString, EqualStringsShareOneCopy) {
  const InternedString a("Impl");
  const InternedString b(std::string("Im") + "pl");
  EXPECT_EQ(&a.str(), &b.str());
  ModeResult m;
  m.mode_name = "Impl";
  EXPECT_EQ(&m.mode_name.str(), &a.str());
  EXPECT_EQ(mode_label(m), "Impl");
}

TEST(ModelLayout, ModeResultAndOperatorStaySmall) {
  // A 300,000-operator file holds this many of each: see docs/performance.md.
  EXPECT_LE(sizeof(ModeResult), 72U);
  EXPECT_LE(sizeof(Operator), 72U);
}

}  // namespace
}  // namespace aoe
