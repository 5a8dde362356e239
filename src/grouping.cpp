// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/grouping.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace aoe {

std::string_view to_string(GroupKey key) noexcept {
  switch (key) {
    case GroupKey::type:
      return "type";
    case GroupKey::mode:
      return "mode";
    case GroupKey::report:
      return "report";
    case GroupKey::file:
      break;
  }
  return "file";
}

std::optional<GroupKey> parse_group_key(std::string_view name) noexcept {
  for (const GroupKey k : {GroupKey::type, GroupKey::mode, GroupKey::report, GroupKey::file}) {
    if (name == to_string(k)) return k;
  }
  return std::nullopt;
}

std::optional<std::vector<GroupKey>> parse_group_keys(std::string_view list, std::string& bad) {
  std::vector<GroupKey> keys;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    const std::string_view part = list.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    const std::optional<GroupKey> key = parse_group_key(part);
    if (!key || std::find(keys.begin(), keys.end(), *key) != keys.end()) {
      bad = std::string(part);
      return std::nullopt;
    }
    keys.push_back(*key);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return keys;
}

GroupSpec GroupSpec::normalised() const {
  GroupSpec s = *this;
  const auto has = [&](GroupKey k) {
    return std::find(s.keys.begin(), s.keys.end(), k) != s.keys.end();
  };
  if (has(GroupKey::mode)) s.grain = RowGrain::per_mode;
  if (has(GroupKey::report) && !has(GroupKey::file)) {
    s.keys.insert(std::find(s.keys.begin(), s.keys.end(), GroupKey::report), GroupKey::file);
  }
  return s;
}

bool is_writer_artefact(const OperatorRow& row) noexcept {
  if (row.mode != nullptr) return is_writer_artefact(*row.mode);
  return row.op != nullptr && is_writer_artefact(*row.op);
}

ReportGroups::ReportGroups(const GroupSpec& spec) : spec_(spec.normalised()) {}

namespace {

template <class T>
void append_identity(std::string& key, const T* p) {
  key.append(reinterpret_cast<const char*>(&p), sizeof p);
}

}  // namespace

// The lookup key within one report: interned types by their shared list
// (one reader interns a report's types), the report left out (one). When a
// group is new, its values shown and its key across reports (`across`: the
// types by their list, which tells "Conv2D+Relu" written as one type from
// the fused Conv2D and Relu) are made too.
std::string ReportGroups::key_of(const OperatorRow& row, std::vector<std::string>* values,
                                 std::string* across) const {
  std::string key;
  for (const GroupKey k : spec_.keys) {
    switch (k) {
      case GroupKey::type:
        append_identity(key, &row.op->types.list());
        if (values) values->push_back(joined_types(*row.op));
        if (across) {
          for (const std::string& t : row.op->types) {
            const std::size_t n = t.size();
            across->append(reinterpret_cast<const char*>(&n), sizeof n);
            *across += t;
          }
        }
        break;
      case GroupKey::mode: {
        // Grouping by mode is per mode (normalised), so `row.mode` is set.
        const std::string label = row.mode != nullptr ? mode_label(*row.mode) : std::string();
        key += label;
        if (values) values->push_back(label);
        if (across) *across += label;
        break;
      }
      case GroupKey::report:
        if (values) values->push_back(row.report->id);
        break;
      case GroupKey::file:
        key += row.file->path;
        if (values) values->push_back(row.file->path);
        if (across) *across += row.file->path;
        break;
    }
    key += '\0';
    if (across) *across += '\0';
  }
  return key;
}

void ReportGroups::add(const OperatorRow& row) {
  const std::string key = key_of(row, nullptr, nullptr);
  auto it = index_.find(key);
  if (it == index_.end()) {
    Group g;
    (void)key_of(row, &g.key_values, &keys_across_.emplace_back());
    groups_.push_back(std::move(g));
    it = index_.emplace(key, groups_.size() - 1).first;
  }
  Group& g = groups_[it->second];
  // The one rule of what counts and what is an artefact: the row's figures.
  g.totals.add(row.figures);
  all_.add(row.figures);
  if (row.figures.writer_artefact) {
    ++g.artefacts;
    ++all_artefacts_;
  }
}

GroupBuilder::GroupBuilder(const GroupSpec& spec)
    : spec_(spec.normalised()),
      by_report_(std::find(spec_.keys.begin(), spec_.keys.end(), GroupKey::report) !=
                 spec_.keys.end()),
      open_(spec_) {
  out_.spec = spec_;
}

void GroupBuilder::add(const OperatorRow& row) {
  if (row.report != open_report_) {
    close_report();
    open_report_ = row.report;
  }
  open_.add(row);
}

void GroupBuilder::add(const ResultFile& file, const RowFilter& filter) {
  if (!file.readable) return;
  for_each_row(file, spec_.grain, [&](const OperatorRow& row) {
    if (matches(row, filter)) add(row);
  });
}

void GroupBuilder::add(ReportGroups&& groups, const Report& report) {
  close_report();
  if (groups.spec_.keys != spec_.keys || groups.spec_.grain != spec_.grain) {
    throw std::invalid_argument("ReportGroups of another grouping added to a GroupBuilder");
  }
  if (groups.empty()) return;
  // The key across reports: the report by where it is kept.
  for (std::size_t i = 0; i < groups.groups_.size(); ++i) {
    Group& part = groups.groups_[i];
    std::string& key = groups.keys_across_[i];
    if (by_report_) append_identity(key, &report);
    auto it = index_.find(key);
    if (it == index_.end()) {
      out_.groups.push_back(std::move(part));
      index_.emplace(std::move(key), out_.groups.size() - 1);
      continue;
    }
    Group& g = out_.groups[it->second];
    g.totals += part.totals;
    g.artefacts += part.artefacts;
  }
  out_.all += groups.all_;
  out_.all_artefacts += groups.all_artefacts_;
}

void GroupBuilder::close_report() {
  if (open_report_ == nullptr) return;
  const Report* report = open_report_;
  open_report_ = nullptr;
  add(std::exchange(open_, ReportGroups(spec_)), *report);
}

Grouping GroupBuilder::finish() {
  close_report();
  Grouping g = std::move(out_);
  const double total_saved = g.all.saved_us();
  for (Group& group : g.groups) {
    if (total_saved > 0 && group.totals.timed_operators > 0) {
      group.share_of_saved_pct = percent(group.totals.saved_us(), total_saved);
    }
  }
  out_ = Grouping{};
  out_.spec = spec_;
  index_.clear();
  return g;
}

Grouping group_rows(const std::vector<ResultFile>& files, const GroupSpec& spec,
                    const RowFilter& filter) {
  GroupBuilder builder(spec);
  for (const ResultFile& f : files) builder.add(f, filter);
  return builder.finish();
}

void sort_groups(std::vector<Group>& groups, SortKey key) {
  if (key == SortKey::name || key == SortKey::type) {
    std::stable_sort(groups.begin(), groups.end(),
                     [](const Group& a, const Group& b) { return a.key_values < b.key_values; });
    return;
  }
  const auto number = [key](const Group& g) -> std::optional<double> {
    const Totals& t = g.totals;
    if (key == SortKey::improvement) return t.improvement_pct();
    if (t.timed_operators == 0) return std::nullopt;
    switch (key) {
      case SortKey::saved:
        return t.saved_us();
      case SortKey::before:
        return t.time_before_us;
      case SortKey::after:
        return t.time_after_us;
      default:
        return std::nullopt;
    }
  };
  std::stable_sort(groups.begin(), groups.end(), [&](const Group& a, const Group& b) {
    const auto va = number(a);
    const auto vb = number(b);
    if (va && vb) return *va > *vb;
    return va.has_value() && !vb.has_value();
  });
}

}  // namespace aoe
