// SPDX-License-Identifier: Apache-2.0
// `trend`: the formats programs read: the long-form records (CSV, JSON
// Lines: one run × operator each) and the JSON document.
#include <iterator>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/trend/trend_render.hpp"
#include "text/csv.hpp"
#include "text/json_util.hpp"
#include "text/json_writer.hpp"
#include "text/ordered_rounds.hpp"

namespace aoe::cli {

using ojson = nlohmann::ordered_json;

namespace {

std::string_view bool_text(bool b) { return b ? "true" : "false"; }

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

// A point's flags and times, the members a JSON Lines row and a series
// point share after their own.
void write_point_values(JsonWriter& w, const TrendPoint& p) {
  w.member_number("before_us", p.before_us);
  w.member_number("after_us", p.after_us);
  w.member_number("improvement_pct", p.improvement_pct, Precision::pct);
  w.member("failed", p.failed);
  w.member("newly_failed", p.newly_failed);
  w.member("fixed", p.fixed);
  // Last (added after the others): a gap (false) from a row without times.
  w.member("present", p.present);
}

void write_series(JsonWriter& w, const TrendSeries& s, bool over_limit) {
  w.begin_object();
  w.member_text("op_name", s.op_name);
  w.key("op_type");
  w.string_array(s.op_types.list());
  w.member_optional_text("mode", s.mode);
  w.key("series");
  w.begin_array();
  for (std::size_t k = 0; k < s.points.size(); ++k) {
    const TrendPoint& p = s.points[k];
    w.begin_object();
    w.member("run", k + 1);
    w.member("present", p.present);
    w.member("failed", p.failed);
    w.member("newly_failed", p.newly_failed);
    w.member("fixed", p.fixed);
    w.member_number("before_us", p.before_us);
    w.member_number("after_us", p.after_us);
    w.member_number("improvement_pct", p.improvement_pct, Precision::pct);
    w.end_object();
  }
  w.end_array();
  w.member("first_run", run_index(s.first_run));
  w.member("previous_run", run_index(s.previous_run));
  w.member("best_run", run_index(s.best_run));
  w.member_number("change_first_last_us", s.change_first_last_us, Precision::us);
  w.member_number("change_first_last_pct", s.change_first_last_pct, Precision::pct);
  w.member_number("change_prev_last_us", s.change_prev_last_us, Precision::us);
  w.member_number("change_prev_last_pct", s.change_prev_last_pct, Precision::pct);
  w.member("failed_runs", s.failed_runs);
  w.member("newly_failed_runs", s.newly_failed_runs);
  w.member("fixed_runs", s.fixed_runs);
  w.member("failed_last_after_tuned", s.failed_last_after_tuned);
  w.member("missing_runs", s.missing_runs);
  w.member("regressed", s.regressed);
  w.member("within_writer_artefact", s.change_within_writer_artefact);
  w.member("over_limit", over_limit);
  w.end_object();
}

ojson gate_json(const TrendView& v) {
  return ojson{{"fail_above_pct", number(v.fail_above_pct)},
               {"ignore_artefacts", v.ignore_artefacts},
               {"over_limit", v.over_limit_count},
               {"failed_last", v.failed_last_count},
               {"broken", v.over_limit_count > 0},
               {"judged", v.judged},
               {"verdict", !v.fail_above_pct                    ? ojson(nullptr)
                           : v.verdict() == GateVerdict::passed ? ojson("passed")
                           : v.verdict() == GateVerdict::broken ? ojson("broken")
                                                                : ojson("not-judged")}};
}

}  // namespace

void write_trend_csv(const TrendView& v, const RenderOptions& /*options*/, std::ostream& out) {
  out << kTrendCsvHeader << '\n';
  const std::vector<TrendRun>& runs = v.trend.runs;
  // A series' rows at a time, made on several cores (ordered_rounds.hpp):
  // they read the view only.
  write_rows_in_order(out, v.trend.series.size(), [&](std::size_t i, std::string& line) {
    const TrendSeries& s = v.trend.series[i];
    const std::string types = s.joined_types();
    for (std::size_t k = 0; k < runs.size(); ++k) {
      const TrendPoint& p = s.points[k];
      fmt::format_to(std::back_inserter(line), "{},", k + 1);
      for (const std::string_view field :
           {std::string_view(runs[k].label), std::string_view(runs[k].file),
            std::string_view(s.op_name), std::string_view(types)}) {
        append_csv_field(line, field);
        line += ',';
      }
      append_csv_field(line, s.mode.value_or(""));
      line += ',';
      append_csv_number(line, p.before_us);
      line += ',';
      append_csv_number(line, p.after_us);
      line += ',';
      append_csv_number(line, p.improvement_pct, Precision::pct);
      fmt::format_to(std::back_inserter(line), ",{},{},{},{}\n", bool_text(p.failed),
                     bool_text(p.newly_failed), bool_text(p.fixed), bool_text(p.present));
    }
  });
}

void write_trend_jsonl(const TrendView& v, const RenderOptions& /*options*/, std::ostream& out) {
  const std::vector<TrendRun>& runs = v.trend.runs;
  for (const TrendSeries& s : v.trend.series) {
    const std::vector<std::string> types = s.op_types.list();
    for (std::size_t k = 0; k < runs.size(); ++k) {
      const TrendPoint& p = s.points[k];
      JsonWriter w(out, -1);
      w.begin_object();
      w.member("run", k + 1);
      w.member_text("label", runs[k].label);
      w.member_text("file", runs[k].file);
      w.member_text("op_name", s.op_name);
      w.key("op_type");
      w.string_array(types);
      w.member_optional_text("mode", s.mode);
      write_point_values(w, p);
      w.end_object();
      w.end_document();
    }
  }
}

void write_trend_json(const TrendView& v, const RenderOptions& /*options*/, std::ostream& out) {
  JsonWriter w(out);
  w.begin_object();
  write_json_preamble(w);
  w.key("problems");
  w.tree(problems_json(v.problems));
  w.member("grain", v.trend.grain == TrendGrain::per_mode ? "mode" : "operator");
  w.key("runs");
  w.begin_array();
  for (std::size_t i = 0; i < v.trend.runs.size(); ++i) w.tree(run_json(v.trend.runs[i], i));
  w.end_array();
  w.member("matched", v.matched);
  w.key("operators");
  w.begin_array();
  // Made on several cores (JsonWriter::elements): each reads the view only.
  w.elements(v.trend.series.size(), [&v](JsonWriter& op, std::size_t i) {
    write_series(op, v.trend.series[i], i < v.over_limit.size() && v.over_limit[i]);
  });
  w.end_array();
  w.key("gate");
  w.tree(gate_json(v));
  w.end_object();
  w.end_document();
}

}  // namespace aoe::cli
