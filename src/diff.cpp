// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/diff.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <string_view>
#include <unordered_map>

#include "aoe_result/analysis.hpp"
#include "permute.hpp"

namespace aoe {

std::string_view to_string(DiffClass c) noexcept {
  switch (c) {
    case DiffClass::regression:
      return "regression";
    case DiffClass::improvement:
      return "improvement";
    case DiffClass::unchanged:
      return "unchanged";
    case DiffClass::untimed:
      return "untimed";
    case DiffClass::only_old:
      return "only-old";
    case DiffClass::only_new:
      break;
  }
  return "only-new";
}

std::optional<double> DiffSummary::change_pct() const noexcept {
  return percent(new_after_us - old_after_us, old_after_us);
}

namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// Every occurrence of a key on one side, in input order: `visit(name, mode,
// side)`, `side.occurrences` left at 0. Unreadable files contribute nothing.
template <class Visit>
void each_occurrence(const std::vector<ResultFile>& run, DiffGrain grain, Visit visit) {
  for (const ResultFile& file : run) {
    if (!file.readable) continue;
    const InternedString path(file.path);
    for (const Report& report : file.reports) {
      const InternedString id(report.id);
      for (const Operator& op : report.operators) {
        const auto side = [&](std::optional<double> after_us) {
          return DiffSide{after_us, path, id, op.types, 0};
        };
        if (grain == DiffGrain::per_operator) {
          visit(op.name, std::optional<std::string>(), side(figures(op).after_us));
        } else {
          for (const ModeResult& m : op.modes) {
            visit(op.name, std::optional<std::string>(mode_label(m)), side(m.after_us));
          }
        }
      }
    }
  }
}

// `side` as the key's latest occurrence on that side of `e`.
void keep_latest(std::optional<DiffSide>& kept, DiffSide side) {
  side.occurrences = kept ? kept->occurrences + 1 : 1;
  kept = std::move(side);
}

}  // namespace

std::size_t DiffBuilder::NameHash::operator()(std::string_view s) const noexcept {
  return std::hash<std::string_view>{}(s);
}

DiffEntry* DiffBuilder::find(std::string_view name, const std::optional<std::string>& mode) {
  const auto it = first_.find(name);
  if (it == first_.end()) return nullptr;
  for (std::size_t i = it->second; i != kNone; i = next_[i]) {
    if (entries_[i].mode == mode) return &entries_[i];
  }
  return nullptr;
}

DiffEntry& DiffBuilder::insert(std::string_view name, std::optional<std::string> mode,
                               DiffClass kind) {
  DiffEntry& e = entries_.emplace_back();
  e.op_name = name;
  e.mode = std::move(mode);
  e.kind = kind;
  const std::size_t index = entries_.size() - 1;
  next_.push_back(kNone);
  // The key is a view of the entry's own name: a deque's elements stay put.
  const auto [it, inserted] = first_.try_emplace(std::string_view(e.op_name), index);
  if (!inserted) {
    std::size_t last = it->second;
    while (next_[last] != kNone) last = next_[last];
    next_[last] = index;
  }
  return e;
}

void DiffBuilder::add(const std::vector<ResultFile>& run, bool old_side) {
  const DiffClass alone = old_side ? DiffClass::only_old : DiffClass::only_new;
  each_occurrence(run, grain_,
                  [&](const std::string& name, std::optional<std::string> mode, DiffSide side) {
                    DiffEntry* e = find(name, mode);
                    if (e == nullptr) e = &insert(name, std::move(mode), alone);
                    keep_latest(old_side ? e->old_side : e->new_side, std::move(side));
                  });
}

void DiffBuilder::add_old(const std::vector<ResultFile>& old_run) { add(old_run, true); }

void DiffBuilder::add_new(const std::vector<ResultFile>& new_run) { add(new_run, false); }

Diff diff(const std::vector<ResultFile>& old_run, const std::vector<ResultFile>& new_run,
          DiffGrain grain) {
  DiffBuilder builder(grain);
  builder.add_old(old_run);
  builder.add_new(new_run);
  return std::move(builder).finish();
}

Diff DiffBuilder::finish() && {
  first_ = {};
  next_ = {};
  Diff d;
  d.grain = grain_;
  d.entries = std::move(entries_);
  DiffSummary& s = d.summary;
  for (DiffEntry& e : d.entries) {
    if (e.old_side && e.old_side->occurrences > 1) ++s.old_repeated;
    if (e.new_side && e.new_side->occurrences > 1) ++s.new_repeated;
    if (!e.old_side || !e.new_side) continue;
    const std::optional<double> before = e.old_side->after_us;
    const std::optional<double> after = e.new_side->after_us;
    if (before && after) {
      const double change = *after - *before;
      e.change_us = change;
      e.change_pct = percent(change, *before);
      e.kind = change > 0   ? DiffClass::regression
               : change < 0 ? DiffClass::improvement
                            : DiffClass::unchanged;
      e.within_writer_artefact = within_writer_artefact(change);
      s.old_after_us += *before;
      s.new_after_us += *after;
    } else {
      e.kind = DiffClass::untimed;
    }
  }

  // Regressions by slowdown, improvements by speed-up (largest first; a
  // change without a percentage, from an old time of 0, counts as the
  // largest); the rest in order of appearance.
  const auto magnitude = [](const DiffEntry& e) {
    return e.change_pct ? std::fabs(*e.change_pct) : std::numeric_limits<double>::infinity();
  };
  // Sorted as indices (8 bytes each rather than a copy of every entry),
  // then put in that order in place, cycle by cycle.
  std::vector<std::size_t> order(d.entries.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t ia, std::size_t ib) {
    const DiffEntry& a = d.entries[ia];
    const DiffEntry& b = d.entries[ib];
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.kind == DiffClass::regression || a.kind == DiffClass::improvement) {
      return magnitude(a) > magnitude(b);
    }
    return false;
  });
  internal::apply_order(d.entries, order);
  for (const DiffEntry& e : d.entries) {
    switch (e.kind) {
      case DiffClass::regression:
        ++s.regressions;
        break;
      case DiffClass::improvement:
        ++s.improvements;
        break;
      case DiffClass::unchanged:
        ++s.unchanged;
        break;
      case DiffClass::untimed:
        ++s.untimed;
        break;
      case DiffClass::only_old:
        ++s.only_old;
        break;
      case DiffClass::only_new:
        ++s.only_new;
        break;
    }
  }
  return d;
}

std::vector<const DiffEntry*> over_limit(const Diff& d, double max_slowdown_pct,
                                         Artefacts artefacts) {
  std::vector<const DiffEntry*> out;
  for (const DiffEntry& e : d.entries) {
    if (e.kind != DiffClass::regression) continue;
    if (artefacts == Artefacts::ignore && e.within_writer_artefact) continue;
    if (!e.change_pct || *e.change_pct > max_slowdown_pct) out.push_back(&e);
  }
  return out;
}

bool exceeds(const Diff& d, double max_slowdown_pct, GateScope scope,
             Artefacts artefacts) noexcept {
  if (scope == GateScope::total) {
    const std::optional<double> pct = d.summary.change_pct();
    return pct && *pct > max_slowdown_pct;
  }
  for (const DiffEntry& e : d.entries) {
    if (e.kind != DiffClass::regression) continue;
    if (artefacts == Artefacts::ignore && e.within_writer_artefact) continue;
    if (!e.change_pct || *e.change_pct > max_slowdown_pct) return true;
  }
  return false;
}

}  // namespace aoe
