// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/diff.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
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

// The last occurrence of each key on one side, in order of first appearance.
struct Side {
  struct Slot {
    std::string op_name;
    std::optional<std::string> mode;
    DiffSide side;
  };
  std::vector<Slot> slots;
  std::unordered_map<std::string, std::size_t> index;

  void add(std::string op_name, std::optional<std::string> mode, DiffSide side) {
    std::string key = op_name;
    if (mode) key += '\0' + *mode;
    const auto [it, inserted] = index.try_emplace(std::move(key), slots.size());
    if (inserted) {
      side.occurrences = 1;
      slots.push_back({std::move(op_name), std::move(mode), std::move(side)});
    } else {
      DiffSide& kept = slots[it->second].side;
      side.occurrences = kept.occurrences + 1;
      kept = std::move(side);
    }
  }

  [[nodiscard]] const Slot* find(const std::string& key) const {
    const auto it = index.find(key);
    return it == index.end() ? nullptr : &slots[it->second];
  }

  [[nodiscard]] std::size_t repeated() const {
    return static_cast<std::size_t>(std::count_if(
        slots.begin(), slots.end(), [](const Slot& s) { return s.side.occurrences > 1; }));
  }
};

Side collect(const std::vector<ResultFile>& run, DiffGrain grain) {
  Side side;
  for (const ResultFile& file : run) {
    if (!file.readable) continue;
    for (const Report& report : file.reports) {
      for (const Operator& op : report.operators) {
        const auto make = [&](std::optional<double> after_us) {
          return DiffSide{after_us, file.path, report.id, op.types, 0};
        };
        if (grain == DiffGrain::per_operator) {
          side.add(op.name, std::nullopt, make(figures(op).after_us));
        } else {
          for (const ModeResult& m : op.modes) side.add(op.name, mode_label(m), make(m.after_us));
        }
      }
    }
  }
  return side;
}

std::string key_of(const Side::Slot& s) { return s.mode ? s.op_name + '\0' + *s.mode : s.op_name; }

}  // namespace

Diff diff(const std::vector<ResultFile>& old_run, const std::vector<ResultFile>& new_run,
          DiffGrain grain) {
  const Side old_side = collect(old_run, grain);
  const Side new_side = collect(new_run, grain);
  Diff d;
  d.grain = grain;
  DiffSummary& s = d.summary;
  s.old_repeated = old_side.repeated();
  s.new_repeated = new_side.repeated();

  for (const Side::Slot& o : old_side.slots) {
    DiffEntry e{o.op_name,    o.mode,       DiffClass::only_old, o.side,
                std::nullopt, std::nullopt, std::nullopt,        false};
    if (const Side::Slot* n = new_side.find(key_of(o))) {
      e.new_side = n->side;
      const std::optional<double> before = o.side.after_us;
      const std::optional<double> after = n->side.after_us;
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
    d.entries.push_back(std::move(e));
  }
  for (const Side::Slot& n : new_side.slots) {
    if (old_side.find(key_of(n)) != nullptr) continue;
    d.entries.push_back(DiffEntry{n.op_name, n.mode, DiffClass::only_new, std::nullopt, n.side,
                                  std::nullopt, std::nullopt, false});
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
