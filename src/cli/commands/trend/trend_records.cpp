// SPDX-License-Identifier: Apache-2.0
// `trend`: the formats programs read: the long-form records (CSV, JSON
// Lines: one run × operator each) and the JSON document.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/trend/trend_render.hpp"
#include "text/csv.hpp"
#include "text/json_util.hpp"

namespace aoe::cli {

using ojson = nlohmann::ordered_json;

namespace {

std::string bool_text(bool b) { return b ? "true" : "false"; }

template <class Fn>
void each_long_row(const TrendView& v, Fn&& fn) {
  for (const TrendSeries& s : v.trend.series) {
    for (std::size_t k = 0; k < v.trend.runs.size(); ++k) fn(s, k, v.trend.runs[k], s.points[k]);
  }
}

ojson run_json(const TrendRun& r, std::size_t index) {
  const auto counter = [](const std::optional<std::int64_t>& c) {
    return c ? ojson(*c) : ojson(nullptr);
  };
  // Not read, not observed: null, never a default (as summary writes it).
  ojson j{{"run", index + 1},
          {"label", r.label},
          {"file", r.file},
          {"readable", r.readable},
          {"complete", r.readable ? ojson(r.complete) : ojson(nullptr)},
          {"problem", opt_string(r.problem)}};
  // The totals' keys as summary writes them (json_util.hpp), in its order.
  const ojson totals = totals_json(r.totals);
  for (auto it = totals.begin(); it != totals.end(); ++it) j[it.key()] = *it;
  j["repo_add_num"] = counter(r.repo_added);
  j["repo_hit_num"] = counter(r.repo_hit);
  j["repo_unsatisfied_num"] = counter(r.repo_unsatisfied);
  return j;
}

ojson run_index(const std::optional<std::size_t>& i) { return i ? ojson(*i + 1) : ojson(nullptr); }

}  // namespace

std::string trend_csv(const TrendView& v, const RenderOptions& /*options*/) {
  std::string out = std::string(kTrendCsvHeader) + "\n";
  each_long_row(
      v, [&](const TrendSeries& s, std::size_t k, const TrendRun& r, const TrendPoint& p) {
        out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}\n", k + 1, csv_field(r.label),
                           csv_field(r.file), csv_field(s.op_name), csv_field(s.joined_types()),
                           csv_field(s.mode.value_or("")), csv_number(p.before_us),
                           csv_number(p.after_us), csv_number(p.improvement_pct, Precision::pct),
                           bool_text(p.failed), bool_text(p.newly_failed), bool_text(p.fixed));
      });
  return out;
}

std::string trend_jsonl(const TrendView& v, const RenderOptions& /*options*/) {
  std::string out;
  each_long_row(v,
                [&](const TrendSeries& s, std::size_t k, const TrendRun& r, const TrendPoint& p) {
                  out += dump(ojson{{"run", k + 1},
                                    {"label", r.label},
                                    {"file", r.file},
                                    {"op_name", s.op_name},
                                    {"op_type", s.op_types.list()},
                                    {"mode", opt_string(s.mode)},
                                    {"before_us", number(p.before_us)},
                                    {"after_us", number(p.after_us)},
                                    {"improvement_pct", number(p.improvement_pct, Precision::pct)},
                                    {"failed", p.failed},
                                    {"newly_failed", p.newly_failed},
                                    {"fixed", p.fixed}},
                              -1);
                });
  return out;
}

std::string trend_json(const TrendView& v, const RenderOptions& /*options*/) {
  ojson runs = ojson::array();
  for (std::size_t i = 0; i < v.trend.runs.size(); ++i)
    runs.push_back(run_json(v.trend.runs[i], i));
  ojson ops = ojson::array();
  for (std::size_t i = 0; i < v.trend.series.size(); ++i) {
    const TrendSeries& s = v.trend.series[i];
    ojson points = ojson::array();
    for (std::size_t k = 0; k < s.points.size(); ++k) {
      const TrendPoint& p = s.points[k];
      points.push_back(ojson{{"run", k + 1},
                             {"present", p.present},
                             {"failed", p.failed},
                             {"newly_failed", p.newly_failed},
                             {"fixed", p.fixed},
                             {"before_us", number(p.before_us)},
                             {"after_us", number(p.after_us)},
                             {"improvement_pct", number(p.improvement_pct, Precision::pct)}});
    }
    ops.push_back(ojson{{"op_name", s.op_name},
                        {"op_type", s.op_types.list()},
                        {"mode", opt_string(s.mode)},
                        {"series", std::move(points)},
                        {"first_run", run_index(s.first_run)},
                        {"previous_run", run_index(s.previous_run)},
                        {"best_run", run_index(s.best_run)},
                        {"change_first_last_us", number(s.change_first_last_us, Precision::us)},
                        {"change_first_last_pct", number(s.change_first_last_pct, Precision::pct)},
                        {"change_prev_last_us", number(s.change_prev_last_us, Precision::us)},
                        {"change_prev_last_pct", number(s.change_prev_last_pct, Precision::pct)},
                        {"failed_runs", s.failed_runs},
                        {"newly_failed_runs", s.newly_failed_runs},
                        {"fixed_runs", s.fixed_runs},
                        {"failed_last_after_tuned", s.failed_last_after_tuned},
                        {"missing_runs", s.missing_runs},
                        {"regressed", s.regressed},
                        {"within_writer_artefact", s.change_within_writer_artefact},
                        {"over_limit", i < v.over_limit.size() && v.over_limit[i]}});
  }
  const ojson gate{{"fail_above_pct", number(v.fail_above_pct)},
                   {"ignore_artefacts", v.ignore_artefacts},
                   {"over_limit", v.over_limit_count},
                   {"failed_last", v.failed_last_count},
                   {"broken", v.over_limit_count > 0},
                   {"judged", v.judged},
                   {"verdict", !v.fail_above_pct                    ? ojson(nullptr)
                               : v.verdict() == GateVerdict::passed ? ojson("passed")
                               : v.verdict() == GateVerdict::broken ? ojson("broken")
                                                                    : ojson("not-judged")}};
  ojson doc = json_preamble();
  doc["problems"] = problems_json(v.problems);
  doc["grain"] = v.trend.grain == TrendGrain::per_mode ? "mode" : "operator";
  doc["runs"] = std::move(runs);
  doc["matched"] = v.matched;
  doc["operators"] = std::move(ops);
  doc["gate"] = gate;
  return dump(doc);
}

}  // namespace aoe::cli
