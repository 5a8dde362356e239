// SPDX-License-Identifier: Apache-2.0
#include "core/number_option.hpp"

#include <string>

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

namespace aoe::cli {
namespace {

constexpr NumberSpec kTop{NumberSpec::Kind::count, 0.0, 1e9};
constexpr NumberSpec kJobs{NumberSpec::Kind::count, 0.0, 1024.0};

TEST(NumberOption, ReadsPercentages) {
  EXPECT_EQ(read_number("5", kAnyPercent).value, 5.0);
  EXPECT_EQ(read_number("2.5", kAnyPercent).value, 2.5);
  EXPECT_EQ(read_number("-5", kAnyPercent).value, -5.0);
  EXPECT_EQ(read_number("+5", kAnyPercent).value, 5.0);
  EXPECT_EQ(read_number("1e2", kAnyPercent).value, 100.0);
  EXPECT_EQ(read_number("5%", kPercentAtLeastZero).value, 5.0);  // said so in --help
}

TEST(NumberOption, RejectsWhatIsNoFiniteNumber) {
  for (const char* bad : {"nan", "NaN", "inf", "-inf", "infinity", "", "%", "5%%", "abc", " 5",
                          "5 ", "0x10", "1e400", "5,5", "++5", "5e"}) {
    const NumberReading r = read_number(bad, kAnyPercent);
    EXPECT_FALSE(r.value) << bad;
    EXPECT_NE(r.problem.find("it takes a percentage"), std::string::npos) << r.problem;
    EXPECT_EQ(r.problem.find('\n'), std::string::npos) << r.problem;
  }
  EXPECT_EQ(read_number("nan", kAnyPercent).problem,
            "'nan' is not a number; it takes a percentage, such as 5 or 2.5 (5% reads as 5)");
  EXPECT_EQ(read_number("", kAnyPercent).problem.substr(0, 18), "the value is empty");
  EXPECT_EQ(read_number("1e400", kAnyPercent).problem.substr(0, 20), "'1e400' is too large");
}

// A value nearer 0 than any double (below 4.9e-324) is not "too large":
// it is refused as too small, with 0 suggested where 0 is in the range.
TEST(NumberOption, UnderflowIsTooSmallNotTooLarge) {
  EXPECT_EQ(read_number("5e-400", kPercentAtLeastZero).problem,
            "'5e-400' is too small to be represented (write 0 for zero); it takes a percentage, "
            "0 or more, such as 5 or 2.5 (5% reads as 5)");
  EXPECT_EQ(read_number("-5e-400", kAnyPercent).problem.substr(0, 59),
            "'-5e-400' is too small to be represented (write 0 for zero)");
  EXPECT_EQ(read_number("0.5e-400%", kAnyPercent).problem.substr(0, 42),
            "'0.5e-400%' is too small to be represented");
  constexpr NumberSpec kSeconds{NumberSpec::Kind::amount, 0.0, 86400.0, "seconds", true};
  EXPECT_EQ(read_number("5e-400", kSeconds).problem,
            "'5e-400' is too small to be represented; it takes a number of seconds above 0 and at "
            "most 86400, such as 1 or 0.5");
  EXPECT_EQ(read_number("-1e400", kAnyPercent).problem.substr(0, 21), "'-1e400' is too large");
  EXPECT_EQ(read_number("5e-320", kAnyPercent).value, 5e-320);  // subnormal: a double
}

TEST(NumberOption, RangesAreNamedInWords) {
  const NumberReading r = read_number("-1", kPercentAtLeastZero);
  EXPECT_FALSE(r.value);
  EXPECT_EQ(r.problem,
            "'-1' is below 0; it takes a percentage, 0 or more, such as 5 or 2.5 (5% reads as 5)");
  const NumberReading top = read_number("-1", kTop);
  EXPECT_EQ(top.problem, "'-1' is below 0; it takes a whole number from 0 to 1000000000");
  // No 300-digit DBL_MAX anywhere.
  EXPECT_EQ(top.problem.find("1797693"), std::string::npos);
  EXPECT_EQ(read_number("2000", kJobs).problem,
            "'2000' is above 1024; it takes a whole number from 0 to 1024");
}

TEST(NumberOption, CountsAreWholeNumbers) {
  EXPECT_EQ(read_number("0", kTop).value, 0.0);
  EXPECT_EQ(read_number("10", kTop).value, 10.0);
  EXPECT_EQ(read_number("007", kTop).value, 7.0);
  for (const char* bad : {"1.5", "1e3", "5%", "ten", "", "-0x1", "nan"}) {
    EXPECT_FALSE(read_number(bad, kTop).value) << bad;
  }
  EXPECT_EQ(read_number("1.5", kTop).problem.substr(0, 28), "'1.5' is not a whole number;");
  const std::string huge(300, '9');
  const NumberReading r = read_number(huge, kTop);
  EXPECT_FALSE(r.value);
  EXPECT_LT(r.problem.size(), 120U) << r.problem;  // the value is quoted short
  EXPECT_NE(r.problem.find("is too large"), std::string::npos);
}

TEST(NumberOption, AmountsHaveAUnitAndMayExcludeTheirMinimum) {
  constexpr NumberSpec kSeconds{NumberSpec::Kind::amount, 0.0, 86400.0, "seconds", true};
  EXPECT_EQ(read_number("0.5", kSeconds).value, 0.5);
  EXPECT_EQ(read_number("86400", kSeconds).value, 86400.0);
  EXPECT_EQ(read_number("0", kSeconds).problem,
            "'0' is not above 0; it takes a number of seconds above 0 and at most 86400, such as 1 "
            "or 0.5");
  EXPECT_EQ(read_number("-1", kSeconds).problem.substr(0, 15), "'-1' is below 0");
  EXPECT_EQ(read_number("86401", kSeconds).problem.substr(0, 24), "'86401' is above 86400; ");
  for (const char* bad : {"5%", "nan", "inf", "", "soon", "1e400"}) {
    EXPECT_FALSE(read_number(bad, kSeconds).value) << bad;
  }
}

TEST(NumberOption, QuotedValuesAreTerminalSafe) {
  const NumberReading r = read_number("\x1b[2J", kAnyPercent);
  EXPECT_EQ(r.problem.find('\x1b'), std::string::npos) << r.problem;
}

TEST(ChoiceOption, TakesNamesInAnyCaseAndHandsOnTheValue) {
  const CLI::Validator v = choice_option({{"text", "0"}, {"json", "1"}});
  std::string in = "JSON";
  EXPECT_EQ(v(in), "");
  EXPECT_EQ(in, "1");
  in = "text";
  EXPECT_EQ(v(in), "");
  EXPECT_EQ(in, "0");
}

TEST(ChoiceOption, RefusesNumbersAndOtherWordsNamingTheChoices) {
  const CLI::Validator v = choice_option({{"text", "0"}, {"json", "1"}});
  for (const char* bad : {"0", "1", "", "jso", "jsonx", " json"}) {
    std::string in = bad;
    EXPECT_EQ(v(in), "'" + std::string(bad) + "' is not one of text, json") << bad;
  }
  std::string control = "a\x1b[31m";
  EXPECT_EQ(v(control).find('\x1b'),
            std::string::npos);  // a file's or user's bytes stay off the terminal raw
}

TEST(ChoiceOption, EnumChoicesHandOnTheEnumerator) {
  enum class Colour { red = 0, blue = 7 };
  const CLI::Validator v = enum_choice_option(
      std::vector<std::pair<std::string, Colour>>{{"red", Colour::red}, {"blue", Colour::blue}});
  std::string in = "Blue";
  EXPECT_EQ(v(in), "");
  EXPECT_EQ(in, "7");
}

}  // namespace
}  // namespace aoe::cli
