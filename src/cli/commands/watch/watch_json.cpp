// SPDX-License-Identifier: Apache-2.0
// `watch --format jsonl`: one JSON object per event
// (docs/watch-events.schema.json, schema version 1).
#include <cmath>

#include "commands/watch/watch_render.hpp"
#include "text/json_util.hpp"

namespace aoe::cli {
namespace {

using ojson = nlohmann::ordered_json;

// Each mode of `op` with its improvement (from `figures[i]` for mode i).
ojson modes_json(const Operator& op, const std::vector<OperatorFigures>& figures) {
  ojson modes = ojson::array();
  for (std::size_t i = 0; i < op.modes.size(); ++i) {
    const ModeResult& m = op.modes[i];
    const OperatorFigures f = i < figures.size() ? figures[i] : OperatorFigures{};
    modes.push_back(ojson{{"mode", mode_label(m)},
                          {"before_us", number(m.before_us)},
                          {"after_us", number(m.after_us)},
                          {"improvement_pct", number(f.improvement_pct, Precision::pct)},
                          {"update_mode", std::string(to_string(m.update_mode))}});
  }
  return modes;
}

void add_operator(ojson& j, const WatchEvent& ev) {
  const FollowEvent& e = ev.what;
  const Operator& op = *e.op;
  const OperatorFigures f = ev.figures.value_or(OperatorFigures{});
  j["operator"] = op.name;
  j["occurrence"] = e.occurrence;
  j["types"] = op.types.list();
  j["modes"] = modes_json(op, ev.mode_figures);
  j["before_us"] = number(f.before_us);
  j["after_us"] = number(f.after_us);
  j["saved_us"] = number(f.saved_us, Precision::us);
  j["improvement_pct"] = number(f.improvement_pct, Precision::pct);
  if (e.kind == FollowEventKind::operator_updated) {
    j["previous_modes"] = modes_json(*e.previous, ev.previous_mode_figures);
  }
  j["tuned_so_far"] = e.tuned_so_far;
  j["saved_so_far_us"] = number(e.saved_so_far_us, Precision::us);
}

void add_unreadable(ojson& j, const Diagnostic& d) {
  j["code"] = std::string(to_string(d.code));
  j["message"] = d.message;
  j["line"] = d.line ? ojson(*d.line) : ojson(nullptr);
  j["column"] = d.column ? ojson(*d.column) : ojson(nullptr);
}

void add_end(ojson& j, const WatchEnd& end) {
  j["reason"] = std::string(to_string(end.reason));
  j["signal"] =
      end.signal == StopSignal::none ? ojson(nullptr) : ojson(std::string(to_string(end.signal)));
  j["exit_status"] = static_cast<int>(end.exit_status);
  j["problem"] = opt_string(end.problem);
  j["readable"] = end.readable;
  j["complete"] = end.complete ? ojson(*end.complete) : ojson(nullptr);
  ojson codes = ojson::array();
  for (const Code c : end.check_errors) codes.push_back(std::string(to_string(c)));
  j["check_errors"] = std::move(codes);
  j["verdict"] = std::string(to_string(end.verdict));
  ojson reports = ojson::array();
  for (const WatchEnd::ReportStatus& r : end.reports) {
    reports.push_back(ojson{{"id", r.id},
                            {"tuning_name", opt_string(r.tuning_name)},
                            {"status", std::string(to_string(r.status))}});
  }
  j["reports"] = std::move(reports);
  j["totals"] = totals_json(end.totals);
  if (!end.log) {
    j["log"] = nullptr;
    return;
  }
  const WatchEnd::LogVerdict& l = *end.log;
  j["log"] =
      ojson{{"path", l.path},
            {"readable", l.readable},
            {"outcome", l.outcome ? ojson(std::string(to_string(*l.outcome))) : ojson(nullptr)},
            {"code", opt_string(l.code)},
            {"line", l.line ? ojson(*l.line) : ojson(nullptr)},
            {"cost_time_s", number(l.cost_time_s)},
            {"problem", opt_string(l.problem)}};
}

ojson event_json(const WatchEvent& ev) {
  const FollowEvent& e = ev.what;
  ojson j{{"schema_version", kSchemaVersion},
          {"event", std::string(to_string(e.kind))},
          {"time", iso_utc(ev.time)},
          {"file", ev.file}};
  const auto report_keys = [&] {
    j["report"] = e.report;
    j["report_occurrence"] = e.report_occurrence;
    j["tuning_name"] = opt_string(e.tuning_name);
  };
  switch (e.kind) {
    case FollowEventKind::file:
      j["pid"] = ev.pid ? ojson(*ev.pid) : ojson(nullptr);
      j["pid_alive"] = ev.pid ? ojson(ev.pid_alive) : ojson(nullptr);
      j["switched_from"] = opt_string(ev.switched_from);
      break;
    case FollowEventKind::unreadable:
      if (ev.unreadable) add_unreadable(j, *ev.unreadable);
      break;
    case FollowEventKind::report:
      report_keys();
      break;
    case FollowEventKind::op:
    case FollowEventKind::operator_updated:
      report_keys();
      add_operator(j, ev);
      break;
    case FollowEventKind::failed:
      report_keys();
      j["operator"] = e.failed_operator;
      break;
    case FollowEventKind::status:
      report_keys();
      j["status"] = std::string(to_string(e.status));
      j["status_raw"] = opt_string(e.status_raw);
      j["previous_status"] = std::string(to_string(e.previous_status));
      break;
    case FollowEventKind::stall:
      j["since_change_s"] = number(std::floor(ev.since_change_s * 1000) / 1000);
      j["last_change"] = ev.last_change ? ojson(iso_utc(*ev.last_change)) : ojson(nullptr);
      break;
    case FollowEventKind::end:
      add_end(j, *ev.end);
      break;
  }
  return j;
}

}  // namespace

std::string watch_jsonl(const WatchView& view, const RenderOptions&) {
  std::string out;
  for (const WatchEvent& ev : view.events) out += dump(event_json(ev), -1);
  return out;
}

}  // namespace aoe::cli
