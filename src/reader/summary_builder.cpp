// SPDX-License-Identifier: Apache-2.0
// `OPAT.repo_summary`: the repository counters.
#include "diagnostic_codes.hpp"
#include "reader/keys.hpp"
#include "reader/section_builders.hpp"
#include "text_util.hpp"

namespace aoe::internal {

void SummaryBuilder::begin() {
  summary_ = RepoSummary{};
  open_ = true;
  ctx_.stack().emplace_back(Ctx::summary);
}

void SummaryBuilder::open(const Frame& f, bool object, std::string_view kind) {
  if (f.key == Key::unknown) {
    ctx_.keep_unknown_container(f, "OPAT.repo_summary", object);
  } else {
    ctx_.invalid("repo_summary." + f.name, kind, "a whole number");
    ctx_.skip(object);
  }
}

void SummaryBuilder::scalar(const Frame& f, const Scalar& v) {
  const KeySpec* spec = key_in(f.key, KeyContext::summary);
  if (spec == nullptr) {
    ctx_.keep_unknown_key(f, v, nullptr, "OPAT.repo_summary");
    return;
  }
  const std::string where = "repo_summary." + f.name;
  const std::optional<double> d = ctx_.read_number(v, where);
  if (!d) return;
  // A count of tiling policies: a whole number, none below 0. Anything else
  // is not read (the counter unknown), as a counter of the wrong type.
  const std::optional<std::int64_t> whole = whole_number(*d);
  if (!whole || *whole < 0) {
    ctx_.add_here(codes::invalid_value, Severity::error,
                  where + " is " + format_number(*d) + ", expected a whole number of 0 or more; " +
                      "ignored");
    return;
  }
  summary_.*(spec->count) = *whole;
  // Findings about the sums point at these keys' lines.
  if (f.key == Key::repo_hit_num) summary_.hit_num_line = f.key_line;
  if (f.key == Key::total_num) summary_.total_num_line = f.key_line;
}

void SummaryBuilder::end() {
  ctx_.current_report().repo_summary = summary_;
  open_ = false;
}

}  // namespace aoe::internal
