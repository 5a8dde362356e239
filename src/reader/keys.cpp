// SPDX-License-Identifier: Apache-2.0
#include "reader/keys.hpp"

#include <cstddef>
#include <cstring>
#include <iterator>

namespace aoe::internal {

namespace {

using C = KeyContext;
using E = Expect;

constexpr KeySpec kTable[] = {
    {"basic", Key::basic, C::sections, E::section},
    {"OPAT", Key::opat, C::sections, E::section},
    {"tuning_name", Key::tuning_name, C::basic, E::string},
    {"tuning_time(s)", Key::tuning_time_s, C::basic, E::number},
    {"opat_tune_result", Key::status_601, C::opat, E::status},
    {"opat_tuning_result", Key::status, C::opat, E::status},
    {"repo_modified_operators", Key::modified_operators, C::opat, E::operator_lists},
    {"tune_failed_operators", Key::failed_601, C::opat, E::name_list},
    {"tuning_failed_operators", Key::failed, C::opat, E::name_list},
    {"repo_summary", Key::repo_summary, C::opat, E::counters},
    {"model_baseline_performance(ms)", Key::model_baseline_ms, C::opat, E::number, nullptr,
     &ModelPerformance::baseline_ms},
    {"model_result_performance(ms)", Key::model_result_ms, C::opat, E::number, nullptr,
     &ModelPerformance::result_ms},
    {"model_performance_improvement", Key::model_improvement, C::opat, E::percent, nullptr,
     &ModelPerformance::reported_improvement_pct},
    {"add_repo_operators", Key::add_list, C::modified_flat, E::operator_list},
    {"update_repo_operators", Key::update_list, C::modified_flat, E::operator_list},
    {"op_name", Key::op_name, C::op, E::string},
    {"op_type", Key::op_type, C::op, E::strings},
    {"performance_after_tune(us)", Key::after_us, C::mode, E::number, &ModeResult::after_us},
    {"performance_before_tune(us)", Key::before_us, C::mode, E::number, &ModeResult::before_us},
    {"performance_improvement", Key::improvement, C::mode, E::percent,
     &ModeResult::reported_improvement_pct},
    {"update_mode", Key::update_mode, C::mode, E::update_mode},
    {"tune_performance", Key::tune_performance, C::op, E::modes},
    {"repo_add_num", Key::repo_add_num, C::summary, E::whole_number, nullptr, nullptr,
     &RepoSummary::add_num},
    {"repo_hit_num", Key::repo_hit_num, C::summary, E::whole_number, nullptr, nullptr,
     &RepoSummary::hit_num},
    {"repo_reserved_num", Key::repo_reserved_num, C::summary, E::whole_number, nullptr, nullptr,
     &RepoSummary::reserved_num},
    {"repo_unsatisfied_num", Key::repo_unsatisfied_num, C::summary, E::whole_number, nullptr,
     nullptr, &RepoSummary::unsatisfied_num},
    {"repo_update_num", Key::repo_update_num, C::summary, E::whole_number, nullptr, nullptr,
     &RepoSummary::update_num},
    {"total_num", Key::total_num, C::summary, E::whole_number, nullptr, nullptr,
     &RepoSummary::total_num},
};

static_assert(std::size(kTable) + 1 == static_cast<std::size_t>(Key::count_),
              "one row per Key, in Key order");
constexpr bool in_key_order() {
  for (std::size_t i = 0; i < std::size(kTable); ++i) {
    if (static_cast<std::size_t>(kTable[i].key) != i + 1) return false;
  }
  return true;
}
static_assert(in_key_order(), "the rows are in Key order");

}  // namespace

std::span<const KeySpec> key_table() noexcept { return kTable; }

const KeySpec& key_spec(Key key) noexcept { return kTable[static_cast<std::size_t>(key) - 1]; }

namespace {

// `k` is `literal`: a comparison of a length known when compiling, which
// the compiler makes a few word comparisons instead of a call to memcmp
// (the length test is one the switch below has made already).

template <std::size_t N>
bool key_text_is(std::string_view k, const char (&literal)[N]) noexcept {
  return k.size() == N - 1 && std::memcmp(k.data(), literal, N - 1) == 0;
}

}  // namespace

// One switch on the length, then at most a few comparisons: this runs for
// every key of the file (the unit test checks that it finds every row
// of the table).
Key classify_key(std::string_view k) noexcept {
  switch (k.size()) {
    case 4:
      if (key_text_is(k, "OPAT")) return Key::opat;
      return Key::unknown;
    case 5:
      if (key_text_is(k, "basic")) return Key::basic;
      return Key::unknown;
    case 7:
      if (key_text_is(k, "op_name")) return Key::op_name;
      if (key_text_is(k, "op_type")) return Key::op_type;
      return Key::unknown;
    case 9:
      if (key_text_is(k, "total_num")) return Key::total_num;
      return Key::unknown;
    case 11:
      if (key_text_is(k, "tuning_name")) return Key::tuning_name;
      if (key_text_is(k, "update_mode")) return Key::update_mode;
      return Key::unknown;
    case 12:
      if (key_text_is(k, "repo_summary")) return Key::repo_summary;
      if (key_text_is(k, "repo_add_num")) return Key::repo_add_num;
      if (key_text_is(k, "repo_hit_num")) return Key::repo_hit_num;
      return Key::unknown;
    case 14:
      if (key_text_is(k, "tuning_time(s)")) return Key::tuning_time_s;
      return Key::unknown;
    case 15:
      if (key_text_is(k, "repo_update_num")) return Key::repo_update_num;
      return Key::unknown;
    case 16:
      if (key_text_is(k, "opat_tune_result")) return Key::status_601;
      if (key_text_is(k, "tune_performance")) return Key::tune_performance;
      return Key::unknown;
    case 17:
      if (key_text_is(k, "repo_reserved_num")) return Key::repo_reserved_num;
      return Key::unknown;
    case 18:
      if (key_text_is(k, "opat_tuning_result")) return Key::status;
      if (key_text_is(k, "add_repo_operators")) return Key::add_list;
      return Key::unknown;
    case 20:
      if (key_text_is(k, "repo_unsatisfied_num")) return Key::repo_unsatisfied_num;
      return Key::unknown;
    case 21:
      if (key_text_is(k, "tune_failed_operators")) return Key::failed_601;
      if (key_text_is(k, "update_repo_operators")) return Key::update_list;
      return Key::unknown;
    case 23:
      if (key_text_is(k, "repo_modified_operators")) return Key::modified_operators;
      if (key_text_is(k, "tuning_failed_operators")) return Key::failed;
      if (key_text_is(k, "performance_improvement")) return Key::improvement;
      return Key::unknown;
    case 26:
      if (key_text_is(k, "performance_after_tune(us)")) return Key::after_us;
      return Key::unknown;
    case 27:
      if (key_text_is(k, "performance_before_tune(us)")) return Key::before_us;
      return Key::unknown;
    case 28:
      if (key_text_is(k, "model_result_performance(ms)")) return Key::model_result_ms;
      return Key::unknown;
    case 29:
      if (key_text_is(k, "model_performance_improvement")) return Key::model_improvement;
      return Key::unknown;
    case 30:
      if (key_text_is(k, "model_baseline_performance(ms)")) return Key::model_baseline_ms;
      return Key::unknown;
    default:
      return Key::unknown;
  }
}

}  // namespace aoe::internal
