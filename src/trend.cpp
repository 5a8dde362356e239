// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/trend.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <utility>

#include <fmt/format.h>
#include <sys/mman.h>

#include "huge_pages.hpp"
#include "permute.hpp"
#include "string_hash.hpp"

namespace aoe {

namespace internal {

// The series by name and mode, in order of first appearance. Looked up by
// the operator's name without building a key (a run of 3,000 operators is
// 3,000 lookups, 100 runs 300,000) in a flat table of each name's first
// series, then along the name's few modes. While runs are added a series
// is a small record (its name, mode, types and points; a `TrendSeries` is
// made of each once, at the end), kept in chunks of a fixed size: a vector
// would hold twice its size while it grows.
struct SeriesRecord {
  std::string op_name;
  std::optional<std::string> mode;
  TypeList op_types;
  std::vector<TrendPoint> points;
};

// `TrendSeriesTable::kChunk` records in memory of their own (mmap(2)), so
// that a chunk freed is given back to the system at once. From the heap it
// would not be: once a block of some megabytes has been freed, malloc
// serves blocks of this size from the heap and keeps them when freed, and
// `take` frees the chunks while the series it makes of them take their
// place (of BIG, 300,000 series: ~30 MB of records against ~80 MB of
// series, docs/performance.md).
class RecordChunk {
  // Made whole or not at all: a record that threw while the chunk is made
  // would leave the mapping to no destructor.
  static_assert(std::is_nothrow_default_constructible_v<SeriesRecord>);

 public:
  explicit RecordChunk(std::size_t count) : count_(count), bytes_(count * sizeof(SeriesRecord)) {
    void* p = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    records_ = static_cast<SeriesRecord*>(p);
    std::uninitialized_value_construct_n(records_, count_);
  }
  ~RecordChunk() {
    std::destroy_n(records_, count_);
    ::munmap(records_, bytes_);
  }
  RecordChunk(const RecordChunk&) = delete;
  RecordChunk& operator=(const RecordChunk&) = delete;
  RecordChunk(RecordChunk&&) = delete;
  RecordChunk& operator=(RecordChunk&&) = delete;

  SeriesRecord& operator[](std::size_t i) noexcept { return records_[i]; }

 private:
  std::size_t count_;
  std::size_t bytes_;
  SeriesRecord* records_ = nullptr;
};

class TrendSeriesTable {
 public:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  void reserve(std::size_t expected) {
    next_.reserve(expected);
    if (expected * 2 > slots_.size()) grow(expected * 2);
  }

  /// The series of `name` and `mode` (its id), made when new with
  /// `points` points (its name moved from `*owned_name` when given: the
  /// string `name` views).
  std::size_t at(std::string_view name, std::optional<std::string>&& mode, std::size_t points,
                 std::string* owned_name = nullptr) {
    const std::uint32_t tag = tag_of(name);
    Slot* slot = find(name, tag);
    if (slot->id != kNoId) {
      std::size_t id = slot->id;
      for (;;) {
        if (get(id).mode == mode) return id;
        if (next_[id] == kNone) break;
        id = next_[id];
      }
      next_[id] = size_;
    }
    SeriesRecord& s = emplace_back();
    if (owned_name != nullptr) {
      s.op_name = std::move(*owned_name);
    } else {
      s.op_name = name;
    }
    s.mode = std::move(mode);
    s.points.resize(points);
    next_.push_back(kNone);
    if (slot->id == kNoId) {
      *slot = {tag, static_cast<std::uint32_t>(size_ - 1)};
      if (++used_ * 2 > slots_.size()) grow(slots_.size() * 2);
    }
    return size_ - 1;
  }

  /// The first series of `name` (any mode), or `kNone`; `next(id)` the one
  /// after it of the same name.
  [[nodiscard]] std::size_t first(std::string_view name) {
    const Slot* slot = find(name, tag_of(name));
    return slot->id == kNoId ? kNone : slot->id;
  }
  [[nodiscard]] std::size_t next(std::size_t id) const { return next_[id]; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  SeriesRecord& operator[](std::size_t id) { return get(id); }

  /// Forgets the series from `count` on.
  void truncate(std::size_t count) {
    if (count >= size_) return;
    for (std::size_t id = 0; id < count; ++id) {
      if (next_[id] != kNone && next_[id] >= count) next_[id] = kNone;
    }
    next_.resize(count);
    for (std::size_t id = count; id < size_; ++id) get(id) = SeriesRecord();
    size_ = count;
    chunks_.resize((count + kChunk - 1) / kChunk);
    rehash(slots_.size());  // the names of the series kept, again
  }

  /// The series, in order of first appearance; the table is left empty.
  std::vector<TrendSeries> take() {
    // Given back (`= {}` would keep the storage: it assigns an empty list).
    slots_ = std::vector<Slot>();
    used_ = 0;
    next_ = std::vector<std::size_t>();
    std::vector<TrendSeries> out;
    out.reserve(size_);
    internal::advise_huge_pages(out.data(), out.capacity() * sizeof(TrendSeries));
    for (std::size_t id = 0; id < size_; ++id) {
      SeriesRecord& r = get(id);
      TrendSeries& s = out.emplace_back();
      s.op_name = std::move(r.op_name);
      s.mode = std::move(r.mode);
      s.op_types = r.op_types;
      s.points = std::move(r.points);
      if ((id + 1) % kChunk == 0) chunks_[id / kChunk].reset();  // freed once moved
    }
    chunks_.clear();
    size_ = 0;
    return out;
  }

 private:
  static constexpr std::size_t kChunk = 4096;
  static constexpr std::uint32_t kNoId = static_cast<std::uint32_t>(-1);

  // A name's first series and 32 bits of its name's hash (its tag), which
  // also give its first slot: open addressing, linear probing, at most half
  // full, 8 bytes a slot.
  struct Slot {
    std::uint32_t tag = 0;
    std::uint32_t id = kNoId;
  };

  static std::uint32_t tag_of(std::string_view name) noexcept {
    return hash_tag(StringHash{}(name));
  }

  SeriesRecord& get(std::size_t id) { return (*chunks_[id / kChunk])[id % kChunk]; }
  SeriesRecord& emplace_back() {
    if (size_ % kChunk == 0) chunks_.push_back(std::make_unique<RecordChunk>(kChunk));
    return get(size_++);
  }

  // The slot of `name`, or the empty slot where it goes.
  Slot* find(std::string_view name, std::uint32_t tag) {
    if (slots_.empty()) grow(64);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = tag & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.id == kNoId) return &slot;
      if (slot.tag == tag && get(slot.id).op_name == name) return &slot;
    }
  }

  // At least `wanted` slots (a power of two), the names held moved over
  // by the tags their slots keep: no name is read or hashed again.
  void grow(std::size_t wanted) {
    std::size_t n = 64;
    while (n < wanted) n *= 2;
    if (n <= slots_.size()) return;
    std::vector<Slot> old(n);
    old.swap(slots_);
    const std::size_t mask = n - 1;
    for (const Slot& slot : old) {
      if (slot.id == kNoId) continue;
      std::size_t i = slot.tag & mask;
      while (slots_[i].id != kNoId) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }

  // `wanted` slots (a power of two, at least), filled with the first
  // series of each name held, from the series (after `truncate`).
  void rehash(std::size_t wanted) {
    std::size_t n = 64;
    while (n < wanted) n *= 2;
    slots_.assign(n, Slot{});
    used_ = 0;
    const std::size_t mask = n - 1;
    for (std::size_t id = 0; id < size_; ++id) {
      const std::string_view name = get(id).op_name;
      const std::uint32_t tag = tag_of(name);
      std::size_t i = tag & mask;
      bool seen = false;
      for (; slots_[i].id != kNoId; i = (i + 1) & mask) {
        if (slots_[i].tag == tag && get(slots_[i].id).op_name == name) {
          seen = true;  // a later mode of a name already in
          break;
        }
      }
      if (seen) continue;
      slots_[i] = {tag, static_cast<std::uint32_t>(id)};
      ++used_;
    }
  }

  std::vector<std::unique_ptr<RecordChunk>> chunks_;
  std::size_t size_ = 0;
  std::vector<std::size_t> next_;  // per series: the next of the same name, or kNone
  std::vector<Slot> slots_;        // by name: its first series
  std::size_t used_ = 0;
};

}  // namespace internal

namespace {

std::optional<std::string> first_problem(const ResultFile& file) {
  for (const Diagnostic& d : file.diagnostics) {
    if (d.severity != Severity::error) continue;
    if (d.line && d.column) return fmt::format("{}:{}: {}", *d.line, *d.column, d.message);
    if (d.line) return fmt::format("{}: {}", *d.line, d.message);
    return d.message;
  }
  return std::string("not readable");
}

void add_counter(std::optional<std::int64_t>& sum, const std::optional<std::int64_t>& v) {
  if (!v) return;
  sum = sum.value_or(0) + *v;
}

TrendRun make_run(const ResultFile& file, std::string label, const Totals& sums) {
  TrendRun run;
  run.label = label.empty() ? file.path : std::move(label);
  run.file = file.path;
  run.readable = file.readable;
  run.complete = file.complete;
  if (!file.readable) {
    run.problem = first_problem(file);
    return run;
  }
  run.totals = sums;
  for (const Report& r : file.reports) {
    if (!r.repo_summary) continue;
    add_counter(run.repo_added, r.repo_summary->add_num);
    add_counter(run.repo_hit, r.repo_summary->hit_num);
    add_counter(run.repo_unsatisfied, r.repo_summary->unsatisfied_num);
  }
  return run;
}

// An operator that does not count (`OperatorFigures::left_out`) is
// present, but its times are in no change, best run or gate.
void set_point(TrendPoint& p, const OperatorFigures& f) {
  p.present = true;
  if (!f.timed()) return;
  p.before_us = f.before_us;
  p.after_us = f.after_us;
  p.improvement_pct = f.improvement_pct;
}

// Each run's point marked newly failed or fixed against the latest earlier
// run that has the name; the series' counts of them.
void mark_failures(TrendSeries& s) {
  std::optional<bool> was_failed;  // in the latest run so far that has the name
  bool tuned_before = false;
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    TrendPoint& p = s.points[i];
    const bool tuned = p.present && !p.failed;
    p.newly_failed = p.failed && was_failed == false;
    p.fixed = tuned && was_failed == true;
    s.newly_failed_runs += p.newly_failed ? 1 : 0;
    s.fixed_runs += p.fixed ? 1 : 0;
    if (i + 1 == s.points.size()) s.failed_last_after_tuned = p.failed && tuned_before;
    if (p.present || p.failed) was_failed = p.failed;
    tuned_before = tuned_before || tuned;
  }
}

void derive(TrendSeries& s, const std::vector<TrendRun>& runs) {
  mark_failures(s);
  const std::size_t n = s.points.size();
  for (std::size_t i = 0; i < n; ++i) {
    const TrendPoint& p = s.points[i];
    if (p.failed) ++s.failed_runs;
    if (runs[i].readable && !p.present && !p.failed) ++s.missing_runs;
    if (!p.after_us) continue;
    if (!s.first_run) s.first_run = i;
    if (!s.best_run || *p.after_us < *s.points[*s.best_run].after_us) s.best_run = i;
  }
  const std::optional<double> last = s.last_after_us();
  if (!last) return;
  for (std::size_t i = n - 1; i-- > 0;) {
    if (s.points[i].after_us) {
      s.previous_run = i;
      break;
    }
  }
  const auto pct = [](double from, double to) { return percent(to - from, from); };
  if (s.first_run && *s.first_run + 1 < n) {
    const double first = *s.points[*s.first_run].after_us;
    s.change_first_last_us = *last - first;
    s.change_first_last_pct = pct(first, *last);
  }
  if (s.previous_run) {
    const double previous = *s.points[*s.previous_run].after_us;
    const double change = *last - previous;
    s.change_prev_last_us = change;
    s.change_prev_last_pct = pct(previous, *last);
    s.change_within_writer_artefact = within_writer_artefact(change);
  }
  if (s.best_run) s.regressed = *last - *s.points[*s.best_run].after_us > kWriterArtefactUs + 1e-9;
}

}  // namespace

std::string TrendSeries::joined_types() const {
  std::string out;
  for (const std::string& t : op_types) {
    if (!out.empty()) out += '+';
    out += t;
  }
  return out;
}

struct TrendBuilder::State {
  TrendSpec spec;
  RowGrain grain = RowGrain::per_operator;
  internal::TrendSeriesTable table;
  std::size_t run = 0;        // the run being read: runs ended so far
  std::size_t run_start = 0;  // series made before the run being read
  // What the run being read changed in series made before it (their
  // types, in order), to be put back when its file turns out unreadable.
  std::vector<std::pair<std::size_t, TypeList>> types_before;
  // Per run, per report (its place in the file): the sums of its operators.
  std::vector<std::vector<Totals>> report_sums;

  std::size_t series(std::string_view name, const ModeResult* mode) {
    return mode != nullptr ? table.at(name, std::optional<std::string>(mode_label(*mode)), run + 1)
                           : table.at(name, std::nullopt, run + 1);
  }

  void add_row(const OperatorRow& row) {
    if (!matches(row, spec.filter)) return;
    const Operator& op = *row.op;
    const std::size_t id = series(op.name, row.mode);
    internal::SeriesRecord& s = table[id];
    if (s.points.size() <= run) s.points.resize(run + 1);
    set_point(s.points[run], row.figures);
    set_types(id, s, op.types);
  }

  // `types` are series `id`'s latest; a change to a series made before the
  // run being read is recorded, to be put back if its file is unreadable.
  void set_types(std::size_t id, internal::SeriesRecord& s, const TypeList& types) {
    if (s.op_types == types) return;
    if (id < run_start) types_before.emplace_back(id, s.op_types);
    s.op_types = types;
  }

  void add(const ResultFile& file, const Report& report, const Operator& op) {
    if (report_sums.size() <= run) report_sums.resize(run + 1);
    std::vector<Totals>& sums = report_sums[run];
    const auto index = static_cast<std::size_t>(&report - file.reports.data());
    if (sums.size() <= index) sums.resize(index + 1);
    OperatorRow row;
    row.file = &file;
    row.report = &report;
    row.op = &op;
    row.figures = figures(op);
    sums[index].add(row.figures);
    if (grain == RowGrain::per_operator) {
      add_row(row);
      return;
    }
    for (const ModeResult& m : op.modes) {
      row.mode = &m;
      row.figures = figures(m);
      add_row(row);
    }
  }

  // Adds a part of the run being read (a builder of its own that read one
  // run, 0, from part-local reports beginning at report `first_report`),
  // as if its operators had been added here one by one after those of the
  // parts before it: its series in order of first appearance, each point
  // as `set_point` of every occurrence in turn would leave it (present; the
  // times of the last timed occurrence), its types the last occurrence's.
  void add_part(State& part, std::size_t first_report) {
    if (report_sums.size() <= run) report_sums.resize(run + 1);
    if (!part.report_sums.empty()) {
      std::vector<Totals>& sums = report_sums[run];
      std::vector<Totals>& from = part.report_sums.front();
      if (sums.size() < first_report + from.size()) sums.resize(first_report + from.size());
      // A report is read whole by one part: its slot here is still empty.
      std::copy(from.begin(), from.end(), sums.begin() + static_cast<std::ptrdiff_t>(first_report));
    }
    if (run == 0 && table.size() == 0) {
      table = std::move(part.table);  // the first part of the first run: as it is
      return;
    }
    for (std::size_t from_id = 0; from_id < part.table.size(); ++from_id) {
      internal::SeriesRecord& from = part.table[from_id];
      const std::size_t made = table.size();
      const std::size_t id = table.at(from.op_name, std::move(from.mode), run + 1, &from.op_name);
      internal::SeriesRecord& s = table[id];
      if (id == made && run == 0) {
        s.points = std::move(from.points);  // new, as the part made it
      } else {
        if (s.points.size() <= run) s.points.resize(run + 1);
        TrendPoint& p = s.points[run];
        const TrendPoint& q = from.points.front();
        p.present = p.present || q.present;
        if (q.before_us) {  // a timed occurrence: `set_point` set all three
          p.before_us = q.before_us;
          p.after_us = q.after_us;
          p.improvement_pct = q.improvement_pct;
        }
      }
      set_types(id, s, from.op_types);
    }
  }

  // `OperatorParts` of this builder: a `State` a part, added in part order
  // when kept.
  class Parts final : public OperatorParts {
   public:
    explicit Parts(State& whole) : whole_(whole) {}
    void begin(std::size_t parts) override {
      parts_.clear();
      for (std::size_t k = 0; k < parts; ++k) {
        auto part = std::make_unique<State>();
        part->spec = whole_.spec;
        part->grain = whole_.grain;
        parts_.push_back(std::move(part));
      }
    }
    void take(std::size_t part, const ResultFile& part_file, const Report& report,
              Operator&& op) override {
      parts_.at(part)->add(part_file, report, op);
    }
    void keep(const std::vector<std::size_t>& first_report) override {
      for (std::size_t k = 0; k < parts_.size(); ++k) {
        whole_.add_part(*parts_[k], first_report.at(k));
        parts_[k].reset();  // given back part by part
      }
      parts_.clear();
    }
    void drop() override { parts_.clear(); }

   private:
    State& whole_;
    std::vector<std::unique_ptr<State>> parts_;
  };
  std::unique_ptr<Parts> taker;  // made on first use (`operator_parts`)
};

TrendBuilder::TrendBuilder(const TrendSpec& spec) : state_(std::make_unique<State>()) {
  state_->spec = spec;
  state_->grain = spec.grain == TrendGrain::per_mode ? RowGrain::per_mode : RowGrain::per_operator;
}
TrendBuilder::~TrendBuilder() = default;
TrendBuilder::TrendBuilder(TrendBuilder&&) noexcept = default;
TrendBuilder& TrendBuilder::operator=(TrendBuilder&&) noexcept = default;

void TrendBuilder::reserve(std::size_t series) { state_->table.reserve(series); }

void TrendBuilder::add_operator(const ResultFile& file, const Report& report, const Operator& op) {
  state_->add(file, report, op);
}

OperatorParts& TrendBuilder::operator_parts() {
  if (!state_->taker) state_->taker = std::make_unique<State::Parts>(*state_);
  return *state_->taker;
}
void TrendBuilder::end_file(const ResultFile& file) {
  State& st = *state_;
  if (st.report_sums.size() <= st.run) st.report_sums.resize(st.run + 1);
  if (!file.readable) {
    // Nothing of it counts: the series it made, its points and the types
    // it gave go, as if its operators had never been handed over.
    st.table.truncate(st.run_start);
    for (std::size_t id = 0; id < st.table.size(); ++id) {
      std::vector<TrendPoint>& points = st.table[id].points;
      if (points.size() > st.run) points.resize(st.run);
    }
    for (auto it = st.types_before.rbegin(); it != st.types_before.rend(); ++it) {
      st.table[it->first].op_types = it->second;
    }
    st.report_sums[st.run].clear();
  }
  st.types_before.clear();
  ++st.run;
  st.run_start = st.table.size();
}

Trend TrendBuilder::finish(const std::vector<ResultFile>& files,
                           const std::vector<std::string>& labels) && {
  State& st = *state_;
  if (files.size() != st.run) {
    throw std::invalid_argument(
        fmt::format("trend: {} files for {} runs read", files.size(), st.run));
  }
  st.report_sums.resize(files.size());
  Trend t;
  t.grain = st.spec.grain;
  t.runs.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const ResultFile& file = files[i];
    // As `totals(file)`: each report's sums (its operators, as handed
    // over), added in file order.
    Totals sums;
    if (file.readable) {
      const std::vector<Totals>& ops = st.report_sums[i];
      for (std::size_t r = 0; r < file.reports.size(); ++r) {
        Totals report;
        report.reports = 1;
        report.failed_operators = unique_failed_operators(file.reports[r]).size();
        if (r < ops.size()) report += ops[r];
        sums += report;
      }
    }
    t.runs.push_back(make_run(file, i < labels.size() ? labels[i] : std::string(), sums));
  }
  st.report_sums = std::vector<std::vector<Totals>>();  // given back, not just emptied

  const std::size_t runs = files.size();
  for (std::size_t id = 0; id < st.table.size(); ++id) st.table[id].points.resize(runs);
  // Failed names, once every series exists: marked on every series of the
  // name (each of its modes); a name with none gets its own (no type, no
  // mode). A type, mode or improvement condition cannot hold for such a
  // name; a name condition is applied.
  const RowFilter& f = st.spec.filter;
  for (std::size_t run = 0; run < runs; ++run) {
    if (!files[run].readable) continue;
    for (const Report& r : files[run].reports) {
      for (const std::string& name : r.failed_operators) {
        std::size_t id = st.table.first(name);
        if (id == internal::TrendSeriesTable::kNone) {
          if (!f.types.empty() || f.mode || f.min_improvement_pct) continue;
          if (f.name && !std::regex_search(name, *f.name)) continue;
          id = st.table.at(name, std::nullopt, runs);
        }
        for (; id != internal::TrendSeriesTable::kNone; id = st.table.next(id)) {
          st.table[id].points[run].failed = true;
        }
      }
    }
  }
  t.series = st.table.take();
  for (TrendSeries& s : t.series) derive(s, t.runs);
  sort_series(t.series);
  return t;
}

Trend trend(const std::vector<ResultFile>& files, const std::vector<std::string>& labels,
            const TrendSpec& options) {
  TrendBuilder builder(options);
  std::size_t expected = 0;  // series: the operators of the largest run, a hint
  for (const ResultFile& file : files) {
    std::size_t operators = 0;
    for (const Report& r : file.reports) operators += r.operators.size();
    expected = std::max(expected, operators);
  }
  builder.reserve(expected);
  for (const ResultFile& file : files) {
    if (file.readable) {
      for (const Report& r : file.reports) {
        for (const Operator& op : r.operators) builder.add_operator(file, r, op);
      }
    }
    builder.end_file(file);
  }
  return std::move(builder).finish(files, labels);
}

void sort_series(std::vector<TrendSeries>& series) {
  // Ranked once each, sorted as (rank, index) records of 16 bytes, then
  // moved into place (permute.hpp): no temporary copy of every series. The
  // index decides ties, so the order is total and `std::sort` gives the
  // stable order without `std::stable_sort`'s buffer of half the records.
  struct Ranked {
    double rank;  // meaningful when `ranked`
    std::uint32_t index;
    bool ranked;
  };
  if (series.size() >= std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("sort_series: more series than a 32-bit index holds");
  }
  std::vector<Ranked> order;
  order.reserve(series.size());
  for (std::size_t i = 0; i < series.size(); ++i) {
    const TrendSeries& s = series[i];
    const auto index = static_cast<std::uint32_t>(i);
    if (!s.change_prev_last_us) {
      order.push_back({0.0, index, false});
    } else if (s.change_prev_last_pct) {
      // (A NaN, which finite times never give, would break the sort's order.)
      order.push_back({*s.change_prev_last_pct, index, !std::isnan(*s.change_prev_last_pct)});
    } else {
      // From a previous time of 0: a slowdown without a percentage.
      const double rank =
          *s.change_prev_last_us > 0 ? std::numeric_limits<double>::infinity() : 0.0;
      order.push_back({rank, index, true});
    }
  }
  std::sort(order.begin(), order.end(), [](const Ranked& a, const Ranked& b) {
    if (a.ranked != b.ranked) return a.ranked;
    if (a.ranked && a.rank != b.rank) return a.rank > b.rank;
    return a.index < b.index;
  });
  internal::apply_order(series, order, [](Ranked& r) -> std::uint32_t& { return r.index; });
}

bool over_limit(const TrendSeries& s, double max_slowdown_pct, bool ignore_artefacts) noexcept {
  if (s.failed_last_after_tuned) return true;
  if (!s.change_prev_last_us || !(*s.change_prev_last_us > 0)) return false;
  if (ignore_artefacts && s.change_within_writer_artefact) return false;
  return !s.change_prev_last_pct || *s.change_prev_last_pct > max_slowdown_pct;
}

std::vector<const TrendSeries*> over_limit(const Trend& t, double max_slowdown_pct,
                                           bool ignore_artefacts) {
  std::vector<const TrendSeries*> out;
  for (const TrendSeries& s : t.series) {
    if (over_limit(s, max_slowdown_pct, ignore_artefacts)) out.push_back(&s);
  }
  return out;
}

bool judgeable(const Trend& t) noexcept {
  return std::any_of(t.series.begin(), t.series.end(), [](const TrendSeries& s) {
    return s.change_prev_last_us.has_value() || s.failed_last_after_tuned;
  });
}

std::size_t runs_with_operators(const Trend& t) noexcept {
  std::size_t n = 0;
  for (std::size_t run = 0; run < t.runs.size(); ++run) {
    const bool held = std::any_of(t.series.begin(), t.series.end(), [run](const TrendSeries& s) {
      return s.points[run].present || s.points[run].failed;
    });
    if (held) ++n;
  }
  return n;
}

std::vector<std::optional<unsigned>> sparkline_levels(
    const std::vector<std::optional<double>>& values, unsigned levels) {
  std::vector<std::optional<unsigned>> out(values.size());
  if (levels == 0) levels = 1;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  for (const auto& v : values) {
    if (!v || !std::isfinite(*v)) continue;
    lo = std::min(lo, *v);
    hi = std::max(hi, *v);
  }
  const unsigned top = levels - 1;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& v = values[i];
    if (!v || !std::isfinite(*v)) continue;
    if (!(hi > lo)) {
      out[i] = top / 2;
      continue;
    }
    const double scaled = (*v - lo) / (hi - lo) * static_cast<double>(top);
    out[i] = std::min(top, static_cast<unsigned>(std::lround(scaled)));
  }
  return out;
}

}  // namespace aoe
