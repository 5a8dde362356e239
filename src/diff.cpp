// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/diff.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string_view>
#include <unordered_map>

#include "aoe_result/analysis.hpp"

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

struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept {
    return std::hash<std::string_view>{}(s);
  }
};

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// The entries of the comparison as they are found: old run first, each key
// (name, or name and mode) once, in order of first appearance. Looked up by
// the operator's name as written in the models (no key is built or
// copied); the entries of one name are chained (a name has a few modes).
class Entries {
 public:
  Entries() = default;

  // The entry of (name, mode), or nullptr.
  DiffEntry* find(const std::string& name, const std::optional<std::string>& mode) {
    const auto it = first_.find(std::string_view(name));
    if (it == first_.end()) return nullptr;
    for (std::size_t i = it->second; i != kNone; i = next_[i]) {
      if (entries_[i].mode == mode) return &entries_[i];
    }
    return nullptr;
  }

  DiffEntry& add(const std::string& name, std::optional<std::string> mode, DiffClass kind) {
    const auto [it, inserted] = first_.try_emplace(std::string_view(name), entries_.size());
    next_.push_back(kNone);
    if (!inserted) {
      std::size_t last = it->second;
      while (next_[last] != kNone) last = next_[last];
      next_[last] = entries_.size();
    }
    DiffEntry& e = entries_.emplace_back();
    e.op_name = name;
    e.mode = std::move(mode);
    e.kind = kind;
    return e;
  }

  // The entries; the index is dropped (it points into the models).
  std::vector<DiffEntry> take() {
    first_ = {};
    next_ = {};
    return std::move(entries_);
  }

 private:
  std::vector<DiffEntry> entries_;
  std::vector<std::size_t> next_;  // next entry of the same name, or kNone
  std::unordered_map<std::string_view, std::size_t, NameHash, std::equal_to<>> first_;
};

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

Diff diff(const std::vector<ResultFile>& old_run, const std::vector<ResultFile>& new_run,
          DiffGrain grain) {
  // One entry per key, filled side by side: the models are walked once per
  // side, and what is kept per key is its entry (names and types shared).
  Entries table;
  each_occurrence(old_run, grain,
                  [&](const std::string& name, std::optional<std::string> mode, DiffSide side) {
                    DiffEntry* e = table.find(name, mode);
                    if (e == nullptr) e = &table.add(name, std::move(mode), DiffClass::only_old);
                    keep_latest(e->old_side, std::move(side));
                  });
  each_occurrence(new_run, grain,
                  [&](const std::string& name, std::optional<std::string> mode, DiffSide side) {
                    DiffEntry* e = table.find(name, mode);
                    if (e == nullptr) e = &table.add(name, std::move(mode), DiffClass::only_new);
                    keep_latest(e->new_side, std::move(side));
                  });
  Diff d;
  d.grain = grain;
  d.entries = table.take();
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
  std::stable_sort(d.entries.begin(), d.entries.end(), [&](const DiffEntry& a, const DiffEntry& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.kind == DiffClass::regression || a.kind == DiffClass::improvement) {
      return magnitude(a) > magnitude(b);
    }
    return false;
  });
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
