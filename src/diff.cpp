// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/diff.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "aoe_result/analysis.hpp"

#include "diff_keys.hpp"
#include "permute.hpp"
#include "string_hash.hpp"

namespace aoe {

std::string_view to_string(DiffClass c) noexcept {
  switch (c) {
    case DiffClass::failed_new:
      return "failed-new";
    case DiffClass::regression:
      return "regression";
    case DiffClass::improvement:
      return "improvement";
    case DiffClass::fixed_new:
      return "fixed-new";
    case DiffClass::unchanged:
      return "unchanged";
    case DiffClass::untimed:
      return "untimed";
    case DiffClass::only_old:
      return "only-old";
    case DiffClass::only_new:
      return "only-new";
    case DiffClass::failed_untuned:
      break;
  }
  return "failed-untuned";
}

std::optional<double> DiffSummary::change_pct() const noexcept {
  return percent(new_after_us - old_after_us, old_after_us);
}

std::optional<double> DiffEntry::change_us() const noexcept {
  if (!old_side.after_us || !new_side.after_us) return std::nullopt;
  return *new_side.after_us - *old_side.after_us;
}

std::optional<double> DiffEntry::change_pct() const noexcept {
  if (!old_side.after_us || !new_side.after_us) return std::nullopt;
  return percent(*new_side.after_us - *old_side.after_us, *old_side.after_us);
}

bool DiffEntry::within_writer_artefact() const noexcept {
  const std::optional<double> change = change_us();
  return change && aoe::within_writer_artefact(*change);
}

namespace diff_detail {

// A key of the new run before it is joined with the old run's.
struct NewKey {
  std::string_view op_name;
  std::optional<InternedString> mode;
  TypeList types;
  DiffSide side;
};

// The latest occurrence of a key on a side, its count saturating.
inline void keep_occurrence(DiffSide& side, std::optional<double> after_us,
                            const InternedString& path, const InternedString& report) {
  const std::uint32_t seen = side.occurrences;
  side = DiffSide{after_us, path, report,
                  seen == std::numeric_limits<std::uint32_t>::max() ? seen : seen + 1};
}

// Both arenas of names, owned together by a `Diff`, and the names failed
// in a run that neither run tuned (a deque: a name never moves).
struct NameStores {
  std::shared_ptr<NameStore> old_names;
  std::shared_ptr<NameStore> new_names;
  std::deque<std::string> failed_untuned;
};

}  // namespace diff_detail

using diff_detail::keep_occurrence;
using diff_detail::key_hash;
using diff_detail::KeyTable;
using diff_detail::NameStores;
using diff_detail::NewKey;
using diff_detail::smallest_after_us;

// Each run is added to a table of its own (so that the two may be added
// from two threads at once) and joined in `finish`.
struct DiffBuilder::State {
  struct Side {
    InternedString path;    // of the file being added
    InternedString report;  // of the report being added
    // The names listed among the run's failed operators, and each of them
    // in order of first appearance (an element of `failed`: it never moves).
    std::unordered_set<std::string, internal::StringHash, std::equal_to<>> failed;
    std::vector<const std::string*> failed_order;
    // The path and id interned once per file and report, not per operator.
    void enter(const ResultFile& file, const Report& r) {
      if (path.view() != file.path) path = InternedString(file.path);
      if (report.view() != r.id) report = InternedString(r.id);
    }
  };
  DiffGrain grain = DiffGrain::per_operator;
  KeyTable<DiffEntry> old_keys;
  KeyTable<NewKey> new_keys;
  Side old_side;
  Side new_side;
};

DiffBuilder::DiffBuilder(DiffGrain grain) : state_(std::make_unique<State>()) {
  state_->grain = grain;
}
DiffBuilder::~DiffBuilder() = default;
DiffBuilder::DiffBuilder(DiffBuilder&&) noexcept = default;
DiffBuilder& DiffBuilder::operator=(DiffBuilder&&) noexcept = default;

void DiffBuilder::add(const ResultFile& file, const Report& report, const Operator& op,
                      bool old_side) {
  State& st = *state_;
  State::Side& at = old_side ? st.old_side : st.new_side;
  at.enter(file, report);
  const auto keep = [&](const std::optional<InternedString>& mode, std::optional<double> after_us) {
    if (old_side) {
      DiffEntry& e = st.old_keys.entry(op.name, mode);
      e.kind = DiffClass::only_old;
      e.types = op.types;
      keep_occurrence(e.old_side, after_us, at.path, at.report);
    } else {
      NewKey& k = st.new_keys.entry(op.name, mode);
      k.types = op.types;
      keep_occurrence(k.side, after_us, at.path, at.report);
    }
  };
  if (st.grain == DiffGrain::per_operator) {
    keep(std::nullopt, smallest_after_us(op));
    return;
  }
  for (const ModeResult& m : op.modes) {
    // mode_label(m), without interning a written name again.
    keep(std::optional<InternedString>(
             std::in_place, m.mode_name.empty() ? InternedString(to_string(m.mode)) : m.mode_name),
         left_out_reason(m) ? std::nullopt : m.after_us);
  }
}

void DiffBuilder::add_run(const std::vector<ResultFile>& run, bool old_side) {
  for (const ResultFile& file : run) {
    if (!file.readable) continue;
    for (const Report& report : file.reports) {
      for (const Operator& op : report.operators) add(file, report, op, old_side);
      add_failed(report, old_side);
    }
  }
}

void DiffBuilder::add_failed(const Report& report, bool old_side) {
  State::Side& at = old_side ? state_->old_side : state_->new_side;
  for (const std::string& name : report.failed_operators) {
    const auto [it, inserted] = at.failed.insert(name);
    if (inserted) at.failed_order.push_back(&*it);
  }
}

void DiffBuilder::add_old_failed(const Report& report) { add_failed(report, true); }
void DiffBuilder::add_new_failed(const Report& report) { add_failed(report, false); }

void DiffBuilder::add_old(const std::vector<ResultFile>& old_run) { add_run(old_run, true); }
void DiffBuilder::add_new(const std::vector<ResultFile>& new_run) { add_run(new_run, false); }

void DiffBuilder::add_old(const ResultFile& file, const Report& report, const Operator& op) {
  add(file, report, op, true);
}
void DiffBuilder::add_new(const ResultFile& file, const Report& report, const Operator& op) {
  add(file, report, op, false);
}

Diff diff(const std::vector<ResultFile>& old_run, const std::vector<ResultFile>& new_run,
          DiffGrain grain) {
  DiffBuilder builder(grain);
  builder.add_old(old_run);
  builder.add_new(new_run);
  return std::move(builder).finish();
}

namespace {

constexpr std::size_t kClasses = 9;  // the enumerators of DiffClass

// The class of a joined entry (its sides' `failed` set), its times added
// to the summary's sums when it is compared.
DiffClass classify(DiffEntry& e, DiffSummary& s) {
  const DiffSide& o = e.old_side;
  const DiffSide& n = e.new_side;
  if (o.present() && n.failed && !o.failed) return DiffClass::failed_new;
  if (n.present() && o.failed && !n.failed) return DiffClass::fixed_new;
  if (!o.present()) return DiffClass::only_new;
  if (!n.present()) return DiffClass::only_old;
  if (!o.after_us || !n.after_us) return DiffClass::untimed;
  s.old_after_us += *o.after_us;
  s.new_after_us += *n.after_us;
  const double change = *n.after_us - *o.after_us;
  return change > 0   ? DiffClass::regression
         : change < 0 ? DiffClass::improvement
                      : DiffClass::unchanged;
}

// Whether a name may be among a run's failed operators, from its length
// and last byte alone: most entries, failed in neither run, are then never
// hashed to be looked up in the failed sets (two lookups an entry were a
// quarter of `finish`'s time on 300,000 operators). No false negatives.
class FailedFilter {
 public:
  template <class Set>
  FailedFilter(const Set& old_failed, const Set& new_failed) {
    for (const Set* set : {&old_failed, &new_failed}) {
      for (const std::string& name : *set) {
        const std::size_t k = key(name);
        bits_[k / 64] |= std::uint64_t{1} << (k % 64);
      }
    }
  }
  [[nodiscard]] bool may_hold(std::string_view name) const noexcept {
    const std::size_t k = key(name);
    return ((bits_[k / 64] >> (k % 64)) & 1U) != 0;
  }

 private:
  static std::size_t key(std::string_view name) noexcept {
    const std::size_t last = name.empty() ? 0 : static_cast<unsigned char>(name.back());
    return ((name.size() & 63U) << 6U) | (last & 63U);
  }
  std::uint64_t bits_[64] = {};
};

// Places the entries class by class (`count` of each): regressions by
// slowdown, improvements by speed-up (largest first; a change without a
// percentage, from an old time of 0, counts as the largest), the rest in
// order of appearance. Indices (4 bytes each rather than a copy of every
// entry) are put in that order, then the entries moved there in place,
// cycle by cycle.
void order_by_class(std::deque<DiffEntry>& entries, const std::size_t (&count)[kClasses]) {
  std::size_t begin[kClasses] = {};
  for (std::size_t c = 1; c < kClasses; ++c) begin[c] = begin[c - 1] + count[c - 1];
  std::vector<std::uint32_t> order(entries.size());
  {
    std::size_t next[kClasses];
    std::copy(std::begin(begin), std::end(begin), std::begin(next));
    for (std::size_t i = 0; i < entries.size(); ++i) {
      order[next[static_cast<std::size_t>(entries[i].kind)]++] = static_cast<std::uint32_t>(i);
    }
  }
  const auto magnitude = [&](std::uint32_t i) {
    const std::optional<double> pct = entries[i].change_pct();
    return pct ? std::fabs(*pct) : std::numeric_limits<double>::infinity();
  };
  for (const DiffClass c : {DiffClass::regression, DiffClass::improvement}) {
    const auto first =
        order.begin() + static_cast<std::ptrdiff_t>(begin[static_cast<std::size_t>(c)]);
    const auto last = first + static_cast<std::ptrdiff_t>(count[static_cast<std::size_t>(c)]);
    std::stable_sort(first, last,
                     [&](std::uint32_t a, std::uint32_t b) { return magnitude(a) > magnitude(b); });
  }
  internal::apply_order(entries, order);
}

}  // namespace

Diff DiffBuilder::finish() && {
  State& st = *state_;
  // The new run's keys joined with the old run's, in the new run's order;
  // each taken from the front, so that its table shrinks as the entries grow.
  st.new_keys.drop_index();
  std::deque<DiffEntry>& entries = st.old_keys.entries;
  const std::size_t old_count = entries.size();
  while (!st.new_keys.entries.empty()) {
    NewKey& k = st.new_keys.entries.front();
    DiffEntry* e =
        old_count > 0 ? st.old_keys.find(k.op_name, k.mode, key_hash(k.op_name, k.mode)) : nullptr;
    if (e == nullptr) {
      e = &entries.emplace_back();
      e->op_name = k.op_name;
      e->mode = k.mode;
    }
    e->types = k.types;
    e->new_side = k.side;
    st.new_keys.entries.pop_front();
  }
  st.old_keys.drop_index();
  Diff d;
  d.grain = st.grain;
  d.entries = std::move(entries);
  const auto stores = std::make_shared<NameStores>(
      NameStores{std::move(st.old_keys.names), std::move(st.new_keys.names), {}});
  d.name_storage = stores;
  DiffSummary& s = d.summary;
  std::size_t count[kClasses] = {};
  const FailedFilter failed_filter(st.old_side.failed, st.new_side.failed);
  // The failed names some entry has (under any mode).
  std::unordered_set<std::string_view, internal::StringHash, std::equal_to<>> failed_with_entry;
  for (DiffEntry& e : d.entries) {
    if (e.old_side.occurrences > 1) ++s.old_repeated;
    if (e.new_side.occurrences > 1) ++s.new_repeated;
    if (failed_filter.may_hold(e.op_name)) {
      e.old_side.failed = st.old_side.failed.count(e.op_name) > 0;
      e.new_side.failed = st.new_side.failed.count(e.op_name) > 0;
      if (e.old_side.failed || e.new_side.failed) failed_with_entry.insert(e.op_name);
    }
    e.kind = classify(e, s);
    ++count[static_cast<std::size_t>(e.kind)];
  }
  // Each failed name without an entry (tuned in neither run) gets one: the
  // old run's first, each in the order its run listed it.
  for (const State::Side* side : {&st.old_side, &st.new_side}) {
    for (const std::string* name : side->failed_order) {
      if (!failed_with_entry.insert(*name).second) continue;
      DiffEntry& e = d.entries.emplace_back();
      e.op_name = stores->failed_untuned.emplace_back(*name);
      e.old_side.failed = st.old_side.failed.count(*name) > 0;
      e.new_side.failed = st.new_side.failed.count(*name) > 0;
      e.kind = DiffClass::failed_untuned;
      ++count[static_cast<std::size_t>(e.kind)];
    }
  }
  const auto of = [&](DiffClass c) { return count[static_cast<std::size_t>(c)]; };
  s.failed_new = of(DiffClass::failed_new);
  s.regressions = of(DiffClass::regression);
  s.improvements = of(DiffClass::improvement);
  s.fixed_new = of(DiffClass::fixed_new);
  s.unchanged = of(DiffClass::unchanged);
  s.untimed = of(DiffClass::untimed);
  s.only_old = of(DiffClass::only_old);
  s.only_new = of(DiffClass::only_new);
  s.failed_untuned = of(DiffClass::failed_untuned);
  order_by_class(d.entries, count);
  return d;
}

namespace {

// Whether `e` breaks a per-operator limit.
bool breaks(const DiffEntry& e, double max_slowdown_pct, Artefacts artefacts) noexcept {
  if (e.kind == DiffClass::failed_new) return true;
  if (e.kind != DiffClass::regression) return false;
  if (artefacts == Artefacts::ignore && e.within_writer_artefact()) return false;
  const std::optional<double> pct = e.change_pct();
  return !pct || *pct > max_slowdown_pct;
}

}  // namespace

std::vector<const DiffEntry*> over_limit(const Diff& d, double max_slowdown_pct,
                                         Artefacts artefacts) {
  std::vector<const DiffEntry*> out;
  for (const DiffEntry& e : d.entries) {
    if (breaks(e, max_slowdown_pct, artefacts)) out.push_back(&e);
  }
  return out;
}

bool exceeds(const Diff& d, double max_slowdown_pct, GateScope scope,
             Artefacts artefacts) noexcept {
  if (d.summary.failed_new > 0) return true;
  if (scope == GateScope::total) {
    const std::optional<double> pct = d.summary.change_pct();
    return pct && *pct > max_slowdown_pct;
  }
  return std::any_of(d.entries.begin(), d.entries.end(),
                     [&](const DiffEntry& e) { return breaks(e, max_slowdown_pct, artefacts); });
}

bool judgeable(const Diff& d, GateScope scope) noexcept {
  if (d.summary.failed_new > 0) return true;
  return scope == GateScope::total ? d.summary.change_pct().has_value() : d.summary.compared() > 0;
}

}  // namespace aoe
