// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/diff.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string_view>

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

// Named (not anonymous): DiffBuilder::State, of external linkage, holds
// these (GCC's -Wsubobject-linkage in a unity build).
namespace diff_detail {

// Names of the entries, stored one after another in large blocks: a view
// per entry instead of a string (and, for most names, a heap block) each.
class NameStore {
 public:
  std::string_view store(std::string_view name) {
    if (name.size() > kBlockBytes / 4) {  // a long name gets a block of its own
      blocks_.push_back(std::make_unique<char[]>(name.size()));
      std::copy(name.begin(), name.end(), blocks_.back().get());
      return {blocks_.back().get(), name.size()};
    }
    if (kBlockBytes - used_ < name.size() || current_ == nullptr) {
      blocks_.push_back(std::make_unique<char[]>(kBlockBytes));
      current_ = blocks_.back().get();
      used_ = 0;
    }
    char* at = current_ + used_;
    std::copy(name.begin(), name.end(), at);
    used_ += name.size();
    return {at, name.size()};
  }

 private:
  static constexpr std::size_t kBlockBytes = std::size_t{1} << 18;
  std::vector<std::unique_ptr<char[]>> blocks_;
  char* current_ = nullptr;
  std::size_t used_ = 0;
};

// A key's hash: its name's, mixed with its mode's (interned: its address).
inline std::size_t key_hash(std::string_view name,
                            const std::optional<InternedString>& mode) noexcept {
  std::size_t h = std::hash<std::string_view>{}(name);
  if (mode) h ^= std::hash<const void*>{}(mode->data()) * 0x9e3779b97f4a7c15ULL + 1;
  return h;
}

// The smallest after-tune time over an operator's modes (as `figures`);
// `nullopt` when the operator does not count (`left_out_reason`): it is
// compared as untimed, in no sum.
inline std::optional<double> smallest_after_us(const Operator& op) noexcept {
  if (left_out_reason(op)) return std::nullopt;
  std::optional<double> best;
  for (const ModeResult& m : op.modes) {
    if (m.after_us && (!best || *m.after_us < *best)) best = m.after_us;
  }
  return best;
}

// The keys of one side in order of first appearance (a deque: an entry
// never moves) and an open-addressing index of them: a slot holds 0 (empty)
// or the entry's index + 1 in its low 32 bits and its key's hash's high bits
// above. `Entry` has `op_name` and `mode`.
template <class Entry>
class KeyTable {
 public:
  std::deque<Entry> entries;
  std::shared_ptr<NameStore> names = std::make_shared<NameStore>();

  // The entry of the key, or null.
  Entry* find(std::string_view name, const std::optional<InternedString>& mode, std::size_t hash) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      const std::uint64_t slot = slots_[i];
      if (slot == 0) return nullptr;
      if ((slot & ~std::uint64_t{0xffffffffU}) != tag(hash)) continue;
      Entry& e = entries[(slot & 0xffffffffU) - 1];
      if (e.op_name == name && e.mode == mode) return &e;
    }
  }

  // The entry of the key, added (name and mode set, the rest default) when new.
  Entry& entry(std::string_view name, const std::optional<InternedString>& mode) {
    const std::size_t hash = key_hash(name, mode);
    if (Entry* e = find(name, mode, hash)) return *e;
    if (entries.size() >= std::numeric_limits<std::uint32_t>::max() - 1) {
      throw std::length_error("diff: more than 4294967294 keys on one side");
    }
    Entry& e = entries.emplace_back();
    e.op_name = names->store(name);
    e.mode = mode;
    if ((entries.size() + 1) * 10 > slots_.size() * 7) {
      grow();
    } else {
      place(hash, entries.size());
    }
    return e;
  }

  void drop_index() { slots_ = {}; }

 private:
  static std::uint64_t tag(std::size_t hash) noexcept {
    return (static_cast<std::uint64_t>(hash) >> 32U) << 32U;
  }

  void place(std::size_t hash, std::size_t index_plus_one) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = hash & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = tag(hash) | index_plus_one;
  }

  // Twice the slots, every entry placed again (its hash computed again: the
  // index keeps only the hash's high bits).
  void grow() {
    slots_.assign(slots_.size() * 2, 0);
    for (std::size_t k = 0; k < entries.size(); ++k) {
      place(key_hash(entries[k].op_name, entries[k].mode), k + 1);
    }
  }

  std::vector<std::uint64_t> slots_ = std::vector<std::uint64_t>(1024, 0);
};

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

// Both arenas of names, owned together by a `Diff`.
struct NameStores {
  std::shared_ptr<NameStore> old_names;
  std::shared_ptr<NameStore> new_names;
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
    }
  }
}

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
      e->kind = DiffClass::only_new;
    }
    e->types = k.types;
    e->new_side = k.side;
    st.new_keys.entries.pop_front();
  }
  st.old_keys.drop_index();
  Diff d;
  d.grain = st.grain;
  d.entries = std::move(entries);
  d.name_storage = std::make_shared<NameStores>(
      NameStores{std::move(st.old_keys.names), std::move(st.new_keys.names)});
  DiffSummary& s = d.summary;
  // Counted by class, then placed class by class: regressions by slowdown,
  // improvements by speed-up (largest first; a change without a
  // percentage, from an old time of 0, counts as the largest), the rest in
  // order of appearance.
  constexpr std::size_t kClasses = 6;
  std::size_t count[kClasses] = {};
  for (DiffEntry& e : d.entries) {
    if (e.old_side.occurrences > 1) ++s.old_repeated;
    if (e.new_side.occurrences > 1) ++s.new_repeated;
    if (e.old_side.present() && e.new_side.present()) {
      const std::optional<double> before = e.old_side.after_us;
      const std::optional<double> after = e.new_side.after_us;
      if (before && after) {
        const double change = *after - *before;
        e.kind = change > 0   ? DiffClass::regression
                 : change < 0 ? DiffClass::improvement
                              : DiffClass::unchanged;
        s.old_after_us += *before;
        s.new_after_us += *after;
      } else {
        e.kind = DiffClass::untimed;
      }
    }
    ++count[static_cast<std::size_t>(e.kind)];
  }
  s.regressions = count[static_cast<std::size_t>(DiffClass::regression)];
  s.improvements = count[static_cast<std::size_t>(DiffClass::improvement)];
  s.unchanged = count[static_cast<std::size_t>(DiffClass::unchanged)];
  s.untimed = count[static_cast<std::size_t>(DiffClass::untimed)];
  s.only_old = count[static_cast<std::size_t>(DiffClass::only_old)];
  s.only_new = count[static_cast<std::size_t>(DiffClass::only_new)];

  // Indices (4 bytes each rather than a copy of every entry) put in that
  // order, then the entries moved there in place, cycle by cycle.
  std::size_t begin[kClasses] = {};
  for (std::size_t c = 1; c < kClasses; ++c) begin[c] = begin[c - 1] + count[c - 1];
  std::vector<std::uint32_t> order(d.entries.size());
  {
    std::size_t next[kClasses];
    std::copy(std::begin(begin), std::end(begin), std::begin(next));
    for (std::size_t i = 0; i < d.entries.size(); ++i) {
      order[next[static_cast<std::size_t>(d.entries[i].kind)]++] = static_cast<std::uint32_t>(i);
    }
  }
  const auto magnitude = [&](std::uint32_t i) {
    const std::optional<double> pct = d.entries[i].change_pct();
    return pct ? std::fabs(*pct) : std::numeric_limits<double>::infinity();
  };
  for (const DiffClass c : {DiffClass::regression, DiffClass::improvement}) {
    const auto first =
        order.begin() + static_cast<std::ptrdiff_t>(begin[static_cast<std::size_t>(c)]);
    const auto last = first + static_cast<std::ptrdiff_t>(count[static_cast<std::size_t>(c)]);
    std::stable_sort(first, last,
                     [&](std::uint32_t a, std::uint32_t b) { return magnitude(a) > magnitude(b); });
  }
  internal::apply_order(d.entries, order);
  return d;
}

std::vector<const DiffEntry*> over_limit(const Diff& d, double max_slowdown_pct,
                                         Artefacts artefacts) {
  std::vector<const DiffEntry*> out;
  for (const DiffEntry& e : d.entries) {
    if (e.kind != DiffClass::regression) continue;
    if (artefacts == Artefacts::ignore && e.within_writer_artefact()) continue;
    if (const auto pct = e.change_pct(); !pct || *pct > max_slowdown_pct) out.push_back(&e);
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
    if (artefacts == Artefacts::ignore && e.within_writer_artefact()) continue;
    if (const auto pct = e.change_pct(); !pct || *pct > max_slowdown_pct) return true;
  }
  return false;
}

}  // namespace aoe
