// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/follow.hpp"

#include <algorithm>

#include "aoe_result/analysis.hpp"

namespace aoe {

std::string_view to_string(FollowEventKind kind) noexcept {
  switch (kind) {
    case FollowEventKind::file:
      return "file";
    case FollowEventKind::unreadable:
      return "unreadable";
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

namespace {

// An event about `merged` (the `occurrence`-th report of its id), with what
// is known of it now.
FollowEvent event_of(FollowEventKind kind, const Report& merged, std::size_t occurrence) {
  FollowEvent e;
  e.kind = kind;
  e.report = merged.id;
  e.report_occurrence = occurrence;
  e.tuning_name = merged.tuning_name;
  return e;
}

// Fields: the latest value read; one the read lacks keeps the earlier.
void merge_fields(Report& merged, const Report& read) {
  merged.line = read.line;
  merged.complete = read.complete;
  if (read.tuning_name) merged.tuning_name = read.tuning_name;
  if (read.tuning_time_s) merged.tuning_time_s = read.tuning_time_s;
  merged.has_opat = merged.has_opat || read.has_opat;
  if (read.model) merged.model = read.model;
  if (read.repo_summary) merged.repo_summary = read.repo_summary;
  if (read.complete) {
    merged.unknown_sections = read.unknown_sections;
    merged.unknown_keys = read.unknown_keys;
  }
}

// Status: only from a status string that was read.
void merge_status(Report& merged, const Report& read, std::size_t occurrence,
                  std::vector<FollowEvent>& events) {
  if (!read.status_raw) return;
  if (merged.status != read.status) {
    FollowEvent e = event_of(FollowEventKind::status, merged, occurrence);
    e.previous_status = merged.status;
    e.status = read.status;
    e.status_raw = read.status_raw;
    events.push_back(std::move(e));
  }
  merged.status = read.status;
  merged.status_raw = read.status_raw;
}

}  // namespace

std::vector<FollowEvent> Follower::update(const ResultFile& read, std::size_t unchanged_reports) {
  std::vector<FollowEvent> events;
  if (!read.readable) {
    last_read_.clear();  // the next read's reports are not compared with it
    return events;
  }
  const std::size_t skip = reports_to_skip(read, unchanged_reports);
  state_.path = read.path;
  state_.layout = read.layout;
  state_.recognition = read.recognition;
  state_.complete = read.complete;
  state_.readable = true;
  state_.diagnostics = read.diagnostics;

  std::unordered_map<std::string, std::size_t> read_occurrence;  // report id → seen in this read
  for (std::size_t i = 0; i < read.reports.size(); ++i) {
    const Report& r = read.reports[i];
    const std::size_t occurrence = read_occurrence[r.id]++;
    if (i < skip) continue;  // merged as it is by the previous update
    const std::size_t index = merged_index(r, occurrence, events);
    Merging m{state_.reports[index], reports_[index], occurrence, events};
    merge_fields(m.merged, r);
    merge_operators(r, m);
    merge_failed(r, m);
    merge_status(m.merged, r, occurrence, events);
    m.known.totals = aoe::totals(m.merged);
  }
  last_read_.erase(last_read_.begin() + static_cast<std::ptrdiff_t>(skip), last_read_.end());
  for (std::size_t i = skip; i < read.reports.size(); ++i) last_read_.emplace_back(read.reports[i]);
  return events;
}

Totals Follower::totals() const noexcept {
  Totals t;
  for (const ReportIndex& r : reports_) t += r.totals;
  return t;
}

// How many leading reports of `read` the previous update merged as they
// are: `unchanged_reports` when the previous read's reports agree with
// them at a glance, else none.
std::size_t Follower::reports_to_skip(const ResultFile& read, std::size_t unchanged_reports) const {
  if (unchanged_reports > read.reports.size() || unchanged_reports > last_read_.size()) return 0;
  for (std::size_t i = 0; i < unchanged_reports; ++i) {
    if (!last_read_[i].same_as(read.reports[i])) return 0;
  }
  return unchanged_reports;
}

Follower::ReadReport::ReadReport(const Report& r)
    : id(r.id),
      line(r.line),
      operators(r.operators.size()),
      failed(r.failed_operators.size()),
      status_raw(r.status_raw),
      complete(r.complete) {}

bool Follower::ReadReport::same_as(const Report& r) const noexcept {
  return id == r.id && line == r.line && operators == r.operators.size() &&
         failed == r.failed_operators.size() && status_raw == r.status_raw &&
         complete == r.complete;
}

// The index in state_.reports of the `occurrence`-th report of `read`'s
// id: a new report (and its `report` event) on its first read.
std::size_t Follower::merged_index(const Report& read, std::size_t occurrence,
                                   std::vector<FollowEvent>& events) {
  std::vector<std::size_t>& same_id = report_by_id_[read.id];
  if (occurrence >= same_id.size()) {
    Report fresh;
    fresh.id = read.id;
    fresh.line = read.line;
    fresh.complete = read.complete;
    same_id.push_back(state_.reports.size());
    state_.reports.push_back(std::move(fresh));
    reports_.emplace_back();
    Report& added = state_.reports.back();
    added.tuning_name = read.tuning_name;
    events.push_back(event_of(FollowEventKind::report, added, occurrence));
  }
  return same_id[occurrence];
}

// Operators, by name and occurrence of the name in the report. A re-read
// mostly lists what was seen, in the order it arrived: while the read's
// i-th operator is the i-th arrival with the same entry, the two are the
// same (name, occurrence) and nothing changed.
void Follower::merge_operators(const Report& read, Merging& m) {
  std::size_t unchanged = 0;
  for (; unchanged < read.operators.size() && unchanged < m.known.arrival.size(); ++unchanged) {
    Operator& old = m.merged.operators[m.known.arrival[unchanged]];
    const Operator& op = read.operators[unchanged];
    if (!same_entry(old, op)) break;  // the name first
    old.line = op.line;
  }
  // After it, a name's next occurrence: on its first meeting, how often
  // it came in the unchanged part: its slots below `unchanged` (merged
  // operators are stored in arrival order, arrival[k] == k, so the
  // unchanged part is merged.operators[0, unchanged) and slots ascend).
  std::unordered_map<std::string_view, std::size_t> name_occurrence;
  for (std::size_t i = unchanged; i < read.operators.size(); ++i) {
    const Operator& op = read.operators[i];
    std::vector<std::size_t>& slots = m.known.by_name[op.name];
    const auto [next, first_meeting] = name_occurrence.try_emplace(op.name, 0);
    if (first_meeting) {
      next->second = static_cast<std::size_t>(
          std::lower_bound(slots.begin(), slots.end(), unchanged) - slots.begin());
    }
    merge_operator(op, next->second++, slots, m);
  }
}

// One operator of a read after the unchanged part, the `occurrence`-th of
// its name (`slots`: the merged operators of the name): nothing when it is
// known with the same entry, else its `op` or `operator_updated` event.
void Follower::merge_operator(const Operator& op, std::size_t occurrence,
                              std::vector<std::size_t>& slots, Merging& m) {
  Report& merged = m.merged;
  if (occurrence < slots.size()) {
    Operator& old = merged.operators[slots[occurrence]];
    if (same_entry(old, op)) {
      old.line = op.line;
      return;
    }
    FollowEvent e = event_of(FollowEventKind::operator_updated, merged, m.occurrence);
    e.previous = old;
    m.known.saved_us += saved_of(op) - saved_of(old);
    old = op;
    m.events.push_back(std::move(e));
  } else {
    // A name's occurrences appear in order: a later one cannot come
    // before an earlier one was read (the file is read in order).
    slots.push_back(merged.operators.size());
    m.known.arrival.push_back(merged.operators.size());
    merged.operators.push_back(op);
    m.known.saved_us += saved_of(op);
    m.events.push_back(event_of(FollowEventKind::op, merged, m.occurrence));
  }
  FollowEvent& e = m.events.back();
  e.op = op;
  e.occurrence = occurrence;
  e.tuned_so_far = merged.operators.size();
  e.saved_so_far_us = m.known.saved_us;
}

// Failed operators: each distinct name once.
void Follower::merge_failed(const Report& read, Merging& m) {
  std::vector<std::string>& seen = m.known.failed_seen;
  for (const std::string& name : read.failed_operators) {
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
    seen.push_back(name);
    m.merged.failed_operators.push_back(name);
    FollowEvent e = event_of(FollowEventKind::failed, m.merged, m.occurrence);
    e.failed_operator = name;
    m.events.push_back(std::move(e));
  }
}

}  // namespace aoe
