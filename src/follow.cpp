// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/follow.hpp"

#include <algorithm>

#include "aoe_result/analysis.hpp"

namespace aoe {

std::string_view to_string(FollowEventKind kind) noexcept {
  switch (kind) {
    case FollowEventKind::file:
      return "file";
    case FollowEventKind::report:
      return "report";
    case FollowEventKind::op:
      return "operator";
    case FollowEventKind::operator_updated:
      return "operator-updated";
    case FollowEventKind::failed:
      return "failed";
    case FollowEventKind::status:
      return "status";
    case FollowEventKind::stall:
      return "stall";
    case FollowEventKind::end:
      return "end";
  }
  return "end";
}

namespace {

bool same_mode(const ModeResult& a, const ModeResult& b) noexcept {
  return a.mode == b.mode && a.mode_name == b.mode_name && a.update_mode == b.update_mode &&
         a.update_mode_raw == b.update_mode_raw && a.before_us == b.before_us &&
         a.after_us == b.after_us && a.reported_improvement_pct == b.reported_improvement_pct;
}

// What one operator adds to `Totals::saved_us` (0 when not timed).
double saved_of(const Operator& op) {
  const OperatorFigures f = figures(op);
  return f.timed() ? *f.before_us - *f.after_us : 0.0;
}

}  // namespace

bool same_entry(const Operator& a, const Operator& b) noexcept {
  return a.name == b.name && a.types == b.types &&
         std::equal(a.modes.begin(), a.modes.end(), b.modes.begin(), b.modes.end(), same_mode);
}

bool every_report_final(const ResultFile& file) noexcept {
  return !file.reports.empty() &&
         std::all_of(file.reports.begin(), file.reports.end(), [](const Report& r) {
           return r.status == Status::successful || r.status == Status::failed;
         });
}

std::optional<long> pid_from_file_name(std::string_view path) noexcept {
  const std::size_t slash = path.find_last_of('/');
  if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
  constexpr std::string_view kSuffix = ".json";
  if (path.size() < kSuffix.size() || path.substr(path.size() - kSuffix.size()) != kSuffix) {
    return std::nullopt;
  }
  path.remove_suffix(kSuffix.size());
  std::size_t digits = 0;
  while (digits < path.size() && path[path.size() - 1 - digits] >= '0' &&
         path[path.size() - 1 - digits] <= '9') {
    ++digits;
  }
  constexpr std::string_view kPid = "_pid";
  if (digits == 0 || digits > 9 || path.size() < digits + kPid.size() ||
      path.substr(path.size() - digits - kPid.size(), kPid.size()) != kPid) {
    return std::nullopt;
  }
  long pid = 0;
  for (char c : path.substr(path.size() - digits)) pid = pid * 10 + (c - '0');
  if (pid <= 0) return std::nullopt;
  return pid;
}

std::vector<FollowEvent> Follower::update(const ResultFile& read) {
  std::vector<FollowEvent> events;
  if (!read.readable) return events;
  state_.path = read.path;
  state_.layout = read.layout;
  state_.recognition = read.recognition;
  state_.complete = read.complete;
  state_.readable = true;
  state_.diagnostics = read.diagnostics;

  std::unordered_map<std::string, std::size_t> read_occurrence;  // report id → seen in this read
  for (const Report& r : read.reports) {
    const std::size_t report_occurrence = read_occurrence[r.id]++;
    std::vector<std::size_t>& same_id = report_by_id_[r.id];
    const auto event = [&](FollowEventKind kind, const Report& merged) {
      FollowEvent e;
      e.kind = kind;
      e.report = r.id;
      e.report_occurrence = report_occurrence;
      e.tuning_name = merged.tuning_name;
      return e;
    };

    if (report_occurrence >= same_id.size()) {
      Report fresh;
      fresh.id = r.id;
      fresh.line = r.line;
      fresh.complete = r.complete;
      same_id.push_back(state_.reports.size());
      state_.reports.push_back(std::move(fresh));
      reports_.emplace_back();
      Report& added = state_.reports.back();
      added.tuning_name = r.tuning_name;
      events.push_back(event(FollowEventKind::report, added));
    }
    const std::size_t index = same_id[report_occurrence];
    Report& merged = state_.reports[index];
    ReportIndex& known = reports_[index];

    // Fields: the latest value read; one the read lacks keeps the earlier.
    merged.line = r.line;
    merged.complete = r.complete;
    if (r.tuning_name) merged.tuning_name = r.tuning_name;
    if (r.tuning_time_s) merged.tuning_time_s = r.tuning_time_s;
    merged.has_opat = merged.has_opat || r.has_opat;
    if (r.model) merged.model = r.model;
    if (r.repo_summary) merged.repo_summary = r.repo_summary;
    if (r.complete) {
      merged.unknown_sections = r.unknown_sections;
      merged.unknown_keys = r.unknown_keys;
    }

    // Operators, by name and occurrence of the name in the report. A
    // re-read mostly lists what was seen, in the order it arrived: while
    // the read's i-th operator is the i-th arrival with the same entry, the
    // two are the same (name, occurrence) and nothing changed.
    std::size_t unchanged = 0;
    for (; unchanged < r.operators.size() && unchanged < known.arrival.size(); ++unchanged) {
      Operator& old = merged.operators[known.arrival[unchanged]];
      const Operator& op = r.operators[unchanged];
      if (!same_entry(old, op)) break;  // the name first
      old.line = op.line;
    }
    // After it, a name's next occurrence: on its first meeting, how often
    // it came in the unchanged part: its slots below `unchanged` (merged
    // operators are stored in arrival order, arrival[k] == k, so the
    // unchanged part is merged.operators[0, unchanged) and slots ascend).
    std::unordered_map<std::string_view, std::size_t> name_occurrence;
    for (std::size_t i = unchanged; i < r.operators.size(); ++i) {
      const Operator& op = r.operators[i];
      std::vector<std::size_t>& slots = known.by_name[op.name];
      const auto [next, first_meeting] = name_occurrence.try_emplace(op.name, 0);
      if (first_meeting) {
        next->second = static_cast<std::size_t>(
            std::lower_bound(slots.begin(), slots.end(), unchanged) - slots.begin());
      }
      const std::size_t occurrence = next->second++;
      if (occurrence < slots.size()) {
        Operator& old = merged.operators[slots[occurrence]];
        if (same_entry(old, op)) {
          old.line = op.line;
          continue;
        }
        FollowEvent e = event(FollowEventKind::operator_updated, merged);
        e.previous = old;
        known.saved_us += saved_of(op) - saved_of(old);
        old = op;
        e.op = op;
        e.occurrence = occurrence;
        e.tuned_so_far = merged.operators.size();
        e.saved_so_far_us = known.saved_us;
        events.push_back(std::move(e));
        continue;
      }
      // A name's occurrences appear in order: a later one cannot come
      // before an earlier one was read (the file is read in order).
      slots.push_back(merged.operators.size());
      known.arrival.push_back(merged.operators.size());
      merged.operators.push_back(op);
      known.saved_us += saved_of(op);
      FollowEvent e = event(FollowEventKind::op, merged);
      e.op = op;
      e.occurrence = occurrence;
      e.tuned_so_far = merged.operators.size();
      e.saved_so_far_us = known.saved_us;
      events.push_back(std::move(e));
    }

    // Failed operators: each distinct name once.
    for (const std::string& name : r.failed_operators) {
      if (std::find(known.failed_seen.begin(), known.failed_seen.end(), name) !=
          known.failed_seen.end()) {
        continue;
      }
      known.failed_seen.push_back(name);
      merged.failed_operators.push_back(name);
      FollowEvent e = event(FollowEventKind::failed, merged);
      e.failed_operator = name;
      events.push_back(std::move(e));
    }

    // Status: only from a status string that was read.
    if (r.status_raw) {
      if (merged.status != r.status) {
        FollowEvent e = event(FollowEventKind::status, merged);
        e.previous_status = merged.status;
        e.status = r.status;
        e.status_raw = r.status_raw;
        events.push_back(std::move(e));
      }
      merged.status = r.status;
      merged.status_raw = r.status_raw;
    }
  }
  return events;
}

}  // namespace aoe
