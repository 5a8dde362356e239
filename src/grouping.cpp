// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/grouping.hpp"

#include <algorithm>
#include <cmath>

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

GroupBuilder::GroupBuilder(const GroupSpec& spec) : spec_(spec.normalised()) { out_.spec = spec_; }

namespace {

template <class T>
void append_identity(std::string& key, const T* p) {
  key.append(reinterpret_cast<const char*>(&p), sizeof p);
}

}  // namespace

// The lookup key: interned types by their shared list, reports by their
// object; the values shown are made only when a group is new.
std::string GroupBuilder::key_of(const OperatorRow& row, std::vector<std::string>* values) const {
  std::string key;
  for (const GroupKey k : spec_.keys) {
    switch (k) {
      case GroupKey::type:
        append_identity(key, &row.op->types.list());
        if (values) values->push_back(joined_types(*row.op));
        break;
      case GroupKey::mode: {
        // Grouping by mode is per mode (normalised), so `row.mode` is set.
        const std::string label = row.mode != nullptr ? mode_label(*row.mode) : std::string();
        key += label;
        if (values) values->push_back(label);
        break;
      }
      case GroupKey::report:
        append_identity(key, row.report);
        if (values) values->push_back(row.report->id);
        break;
      case GroupKey::file:
        key += row.file->path;
        if (values) values->push_back(row.file->path);
        break;
    }
    key += '\0';
  }
  return key;
}

void GroupBuilder::add(const OperatorRow& row) {
  const std::string key = key_of(row, nullptr);
  auto it = index_.find(key);
  if (it == index_.end()) {
    Group g;
    (void)key_of(row, &g.key_values);
    out_.groups.push_back(std::move(g));
    it = index_.emplace(key, out_.groups.size() - 1).first;
  }
  Group& g = out_.groups[it->second];
  // The one rule of what counts and what is an artefact: the row's figures.
  g.totals.add(row.figures);
  out_.all.add(row.figures);
  if (row.figures.writer_artefact) {
    ++g.artefacts;
    ++out_.all_artefacts;
  }
}

void GroupBuilder::add(const ResultFile& file, const RowFilter& filter) {
  if (!file.readable) return;
  for_each_row(file, spec_.grain, [&](const OperatorRow& row) {
    if (matches(row, filter)) add(row);
  });
}

Grouping GroupBuilder::finish() {
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
