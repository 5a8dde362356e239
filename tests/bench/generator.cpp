// SPDX-License-Identifier: Apache-2.0
#include "generator.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <ostream>
#include <sstream>
#include <vector>

namespace aoe::bench {
namespace {

// splitmix64: tiny, fast and the same everywhere (std distributions are not).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) noexcept : state_(seed) {}
  std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n).
  std::uint64_t below(std::uint64_t n) noexcept { return next() % n; }
  /// True with probability pct/100.
  bool percent(std::uint64_t pct) noexcept { return below(100) < pct; }

 private:
  std::uint64_t state_;
};

constexpr std::array<std::string_view, 20> kTypes = {
    "Conv2D",           "MatMul",  "BatchMatMul", "SoftmaxV2", "Add",      "Mul",
    "LayerNorm",        "Gelu",    "Relu",        "Transpose", "Cast",     "ReduceSum",
    "BNTrainingUpdate", "MaxPool", "AvgPool",     "Sigmoid",   "ConcatV2", "DynamicRNN",
    "FusedMulAdd",      "Tanh"};
constexpr std::array<std::array<std::string_view, 2>, 4> kFused = {
    {{"BNTrainingUpdate", "Relu"}, {"Conv2D", "Relu"}, {"MatMul", "Add"}, {"LayerNorm", "Gelu"}}};
constexpr std::array<std::string_view, 3> kModes = {"Format", "Schedule", "Impl"};

struct ModeFigures {
  std::string_view mode;
  std::int64_t before_mus = 0;  // thousandths of a µs, so text and double agree exactly
  std::int64_t after_mus = 0;
  bool update = false;
};

struct Op {
  std::string name;
  std::vector<std::string_view> types;
  std::vector<ModeFigures> modes;
};

// 1234567 thousandths -> "1234.567"; 99000 -> "99"; 48400 -> "48.4".
void put_thousandths(std::string& s, std::int64_t v) {
  s += std::to_string(v / 1000);
  std::int64_t frac = v % 1000;
  if (frac == 0) return;
  char digits[4] = {static_cast<char>('0' + frac / 100), static_cast<char>('0' + frac / 10 % 10),
                    static_cast<char>('0' + frac % 10), '\0'};
  std::size_t n = 3;
  while (n > 0 && digits[n - 1] == '0') --n;
  s += '.';
  s.append(digits, n);
}

// AOE's formula, two decimals: (before - after) / after * 100.
void put_improvement(std::string& s, std::int64_t before, std::int64_t after) {
  const double pct = static_cast<double>(before - after) / static_cast<double>(after) * 100.0;
  const auto hundredths = static_cast<std::int64_t>(pct * 100.0 + (pct >= 0 ? 0.5 : -0.5));
  if (hundredths < 0) s += '-';
  const std::int64_t a = hundredths < 0 ? -hundredths : hundredths;
  s += std::to_string(a / 100);
  s += '.';
  s += static_cast<char>('0' + a % 100 / 10);
  s += static_cast<char>('0' + a % 10);
  s += '%';
}

class Writer {
 public:
  Writer(const GenOptions& options, std::ostream& out)
      : options_(options),
        out_(out),
        rng_(options.seed * 0x2545F4914F6CDD1DULL + 7 + options.series_run.value_or(0) * 131) {}

  GenTotals run() {
    const bool keyed =
        options_.layout == GenLayout::nested || options_.layout == GenLayout::flat_601;
    const std::size_t reports = keyed ? std::max<std::size_t>(options_.reports, 1) : 1;
    totals_.reports = reports;
    base_ = keyed ? 4 : 2;
    s_ += keyed ? "{\n" : "[\n";
    for (std::size_t r = 0; r < reports; ++r) {
      // Spread the operators evenly; the first reports take the remainder.
      const std::size_t n =
          options_.operators / reports + (r < options_.operators % reports ? 1 : 0);
      if (keyed) {
        s_ += "  \"";
        s_ += report_id(r);
        s_ += "\": [\n";
      }
      report(r, n);
      if (keyed) s_ += r + 1 < reports ? "  ],\n" : "  ]\n";
    }
    s_ += keyed ? "}\n" : "]\n";
    flush();
    return totals_;
  }

 private:
  [[nodiscard]] bool flat() const {
    return options_.layout == GenLayout::flat_601 || options_.layout == GenLayout::flat_62;
  }

  static std::string report_id(std::size_t r) {
    // report_<YYYYMMDD_HHMMSSmmm>_<tid>, increasing with r, all distinct.
    const std::uint64_t ms = 73817761ULL + r * 4321ULL;  // 20:30:17.761 + r * 4.321 s
    const std::uint64_t day = ms / 86400000ULL;
    const std::uint64_t t = ms % 86400000ULL;
    char buf[64];
    std::snprintf(buf, sizeof buf, "report_202504%02llu_%02llu%02llu%02llu%03llu_%llu",
                  static_cast<unsigned long long>(28 + day % 3),
                  static_cast<unsigned long long>(t / 3600000ULL),
                  static_cast<unsigned long long>(t / 60000ULL % 60),
                  static_cast<unsigned long long>(t / 1000ULL % 60),
                  static_cast<unsigned long long>(t % 1000ULL),
                  static_cast<unsigned long long>(281473 + r));
    return buf;
  }

  void indent(std::size_t depth) { s_.append(base_ + 2 * depth, ' '); }

  // In series mode an operator's identity comes from its own generator,
  // seeded by (seed, index), so every run holds the same operators.
  Op make_op() {
    const std::size_t index = next_op_++;
    if (!options_.series_run) return make_op(index, rng_);
    Rng own(options_.seed * 0x9E3779B97F4A7C15ULL + index * 0xD1B54A32D192ED03ULL + 1);
    Op op = make_op(index, own);
    const std::size_t run = *options_.series_run;
    const auto drift_permille = static_cast<std::int64_t>(own.below(41)) - 10;  // -10..+30
    const std::uint64_t digit = own.below(10);
    for (ModeFigures& f : op.modes) {
      f.update = digit < std::min<std::uint64_t>(run, 8);
      if (f.after_mus == f.before_mus - 1000) continue;  // the writer's artefact stays
      const std::int64_t gain = f.before_mus - f.after_mus;
      f.after_mus = f.after_mus * (1000 + drift_permille * static_cast<std::int64_t>(run)) / 1000;
      if (f.after_mus < 1) f.after_mus = 1;
      // AOE writes a policy that is faster: one that drifted up to its
      // before-tune time keeps its first gain over a before-time as drifted.
      if (f.after_mus >= f.before_mus) f.before_mus = f.after_mus + gain;
    }
    return op;
  }

  Op make_op(std::size_t index, Rng& rng) {
    Op op;
    if (rng.percent(5)) {
      const auto& f = kFused[rng.below(kFused.size())];
      op.types = {f[0], f[1]};
    } else {
      op.types = {kTypes[rng.below(kTypes.size())]};
    }
    std::string base;
    for (const auto& t : op.types) {
      if (!base.empty()) base += '_';
      base += t;
    }
    if (rng.percent(25)) {
      op.name =
          "model/block_" + std::to_string(index % 97) + "/" + base + "_" + std::to_string(index);
    } else {
      op.name = base + "_" + std::to_string(index);
    }
    const bool two = !flat() && rng.percent(10);
    const std::size_t first = rng.below(kModes.size());
    for (std::size_t m = 0; m < (two ? 2U : 1U); ++m) {
      ModeFigures f;
      f.mode = kModes[(first + m) % kModes.size()];
      f.before_mus = 1000 + static_cast<std::int64_t>(rng.below(1999000));
      if (rng.percent(5)) {
        f.after_mus = f.before_mus - 1000;  // AOE's "before = after + 1" artefact
      } else {
        f.after_mus = f.before_mus * static_cast<std::int64_t>(50 + rng.below(50)) / 100;
      }
      if (f.after_mus < 1) f.after_mus = 1;
      f.update = rng.percent(20);
      op.modes.push_back(f);
    }
    return op;
  }

  void count(const Op& op) {
    std::int64_t before = 0;
    std::int64_t after = std::numeric_limits<std::int64_t>::max();
    for (const auto& m : op.modes) {
      before = std::max(before, m.before_mus);
      after = std::min(after, m.after_mus);
    }
    totals_.operators += 1;
    totals_.mode_results += op.modes.size();
    totals_.time_before_us += static_cast<double>(before) / 1000.0;
    totals_.time_after_us += static_cast<double>(after) / 1000.0;
  }

  void report(std::size_t r, std::size_t n) {
    const bool keyed = base_ == 4;
    // Some reports of a keyed file fail; a 6.3+ list file always has a few
    // failed operators (6.2 documents no failed list, so it never fails).
    // In series mode the rules pick the missing and failed operators; the
    // others are made first (each from its own generator, so this draws
    // nothing from rng_ and ordinary files keep their bytes).
    std::vector<std::string> failed_names;
    std::vector<Op> series_ops;
    if (options_.series_run) {
      const std::size_t run = *options_.series_run;
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t index = next_op_;
        Op op = make_op();
        if (series_missing(index, run)) continue;
        if (series_failed(index, run) && options_.layout != GenLayout::flat_62) {
          failed_names.push_back(std::move(op.name));
          continue;
        }
        series_ops.push_back(std::move(op));
      }
      n = series_ops.size();
    } else {
      const bool failed_report = keyed ? r % 7 == 3 : options_.layout == GenLayout::list;
      const std::size_t k = failed_report ? 1 + rng_.below(3) : 0;
      for (std::size_t i = 0; i < k; ++i) {
        failed_names.push_back("failed_op_" + std::to_string(r) + "_" + std::to_string(i));
      }
    }
    const std::size_t failed = failed_names.size();
    std::size_t next_series_op = 0;
    const auto next_op = [&]() -> Op {
      return options_.series_run ? std::move(series_ops[next_series_op++]) : make_op();
    };

    indent(0);
    s_ += "{\n";
    indent(1);
    s_ += "\"basic\": {\n";
    indent(2);
    s_ += "\"tuning_name\": \"synthetic_model_" + std::to_string(options_.seed) + "_task_" +
          std::to_string(r) + "\",\n";
    indent(2);
    s_ += "\"tuning_time(s)\": " + std::to_string(60 + rng_.below(3000)) + "\n";
    indent(1);
    s_ += "}\n";
    indent(0);
    s_ += "},\n";
    indent(0);
    s_ += "{\n";
    indent(1);
    s_ += "\"OPAT\": {\n";
    if (!keyed) {
      const std::int64_t baseline = 10000000 + static_cast<std::int64_t>(rng_.below(90000000));
      const std::int64_t result = baseline - baseline / 50;
      indent(2);
      s_ += "\"model_baseline_performance(ms)\": ";
      put_thousandths(s_, baseline);
      s_ += ",\n";
      indent(2);
      s_ += "\"model_result_performance(ms)\": ";
      put_thousandths(s_, result);
      s_ += ",\n";
      indent(2);
      s_ += "\"model_performance_improvement\": \"";
      put_improvement(s_, baseline, result);
      s_ += "\",\n";
    }
    const bool v601 = options_.layout == GenLayout::flat_601;
    indent(2);
    s_ += v601 ? "\"opat_tune_result\": " : "\"opat_tuning_result\": ";
    if (v601) {
      s_ += failed ? "\"tune failed\",\n" : "\"tune success\",\n";
    } else {
      s_ += failed ? "\"tuning failed\",\n" : "\"tuning successful\",\n";
    }

    std::int64_t adds = 0;
    std::int64_t updates = 0;
    if (n > 0) {
      indent(2);
      if (flat()) {
        std::vector<Op> add_ops;
        std::vector<Op> update_ops;
        for (std::size_t i = 0; i < n; ++i) {
          Op op = next_op();
          (op.modes[0].update ? update_ops : add_ops).push_back(std::move(op));
        }
        adds = static_cast<std::int64_t>(add_ops.size());
        updates = static_cast<std::int64_t>(update_ops.size());
        s_ += "\"repo_modified_operators\": {\n";
        bool first_list = true;
        for (auto* list : {&add_ops, &update_ops}) {
          if (list->empty()) continue;
          if (!first_list) s_ += ",\n";
          first_list = false;
          indent(3);
          s_ += list == &add_ops ? "\"add_repo_operators\": [\n" : "\"update_repo_operators\": [\n";
          for (std::size_t i = 0; i < list->size(); ++i) {
            flat_op((*list)[i], i + 1 == list->size());
            count((*list)[i]);
          }
          indent(3);
          s_ += "]";
        }
        s_ += "\n";
        indent(2);
        s_ += "},\n";
      } else {
        s_ += "\"repo_modified_operators\": [\n";
        for (std::size_t i = 0; i < n; ++i) {
          const Op op = next_op();
          for (const auto& m : op.modes) (m.update ? updates : adds) += 1;
          nested_op(op, i + 1 == n);
          count(op);
          if (s_.size() > (std::size_t{1} << 20)) flush();
        }
        indent(2);
        s_ += "],\n";
      }
    }
    const std::int64_t reserved = static_cast<std::int64_t>(rng_.below(5));
    const std::int64_t unsatisfied = static_cast<std::int64_t>(rng_.below(10) + failed);
    const std::int64_t hit = updates + reserved;
    const bool failed_list = failed > 0 && options_.layout != GenLayout::flat_62;
    indent(2);
    s_ += "\"repo_summary\": {\n";
    indent(3);
    s_ += "\"repo_add_num\": " + std::to_string(adds) + ",\n";
    indent(3);
    s_ += "\"repo_hit_num\": " + std::to_string(hit) + ",\n";
    indent(3);
    s_ += "\"repo_reserved_num\": " + std::to_string(reserved) + ",\n";
    indent(3);
    s_ += "\"repo_unsatisfied_num\": " + std::to_string(unsatisfied) + ",\n";
    indent(3);
    s_ += "\"repo_update_num\": " + std::to_string(updates) + ",\n";
    indent(3);
    s_ += "\"total_num\": " + std::to_string(adds + hit + unsatisfied) + "\n";
    indent(2);
    s_ += failed_list ? "},\n" : "}\n";
    if (failed_list) {
      indent(2);
      s_ += v601 ? "\"tune_failed_operators\": [\n" : "\"tuning_failed_operators\": [\n";
      for (std::size_t k = 0; k < failed; ++k) {
        indent(3);
        s_ += "\"" + failed_names[k] + "\"";
        s_ += k + 1 < failed ? ",\n" : "\n";
      }
      indent(2);
      s_ += "]\n";
      totals_.failed_operators += failed;
    }
    indent(1);
    s_ += "}\n";
    indent(0);
    s_ += "}\n";
    flush();
  }

  void op_head(const Op& op, std::size_t depth) {
    indent(depth);
    s_ += "\"op_name\": \"" + op.name + "\",\n";
    indent(depth);
    s_ += "\"op_type\": ";
    if (op.types.size() == 1) {
      s_ += "\"";
      s_ += op.types[0];
      s_ += "\",\n";
    } else {
      s_ += "[\n";
      for (std::size_t i = 0; i < op.types.size(); ++i) {
        indent(depth + 1);
        s_ += "\"";
        s_ += op.types[i];
        s_ += i + 1 < op.types.size() ? "\",\n" : "\"\n";
      }
      indent(depth);
      s_ += "],\n";
    }
  }

  void figures(const ModeFigures& m, std::size_t depth, bool with_update_mode) {
    indent(depth);
    s_ += "\"performance_after_tune(us)\": ";
    put_thousandths(s_, m.after_mus);
    s_ += ",\n";
    indent(depth);
    s_ += "\"performance_before_tune(us)\": ";
    put_thousandths(s_, m.before_mus);
    s_ += ",\n";
    indent(depth);
    s_ += "\"performance_improvement\": \"";
    put_improvement(s_, m.before_mus, m.after_mus);
    s_ += with_update_mode ? "\",\n" : "\"\n";
    if (with_update_mode) {
      indent(depth);
      s_ += m.update ? "\"update_mode\": \"update\"\n" : "\"update_mode\": \"add\"\n";
    }
  }

  void nested_op(const Op& op, bool last) {
    indent(3);
    s_ += "{\n";
    op_head(op, 4);
    indent(4);
    s_ += "\"tune_performance\": {\n";
    for (std::size_t i = 0; i < op.modes.size(); ++i) {
      indent(5);
      s_ += "\"";
      s_ += op.modes[i].mode;
      s_ += "\": {\n";
      figures(op.modes[i], 6, true);
      indent(5);
      s_ += i + 1 < op.modes.size() ? "},\n" : "}\n";
    }
    indent(4);
    s_ += "}\n";
    indent(3);
    s_ += last ? "}\n" : "},\n";
  }

  void flat_op(const Op& op, bool last) {
    indent(4);
    s_ += "{\n";
    op_head(op, 5);
    figures(op.modes[0], 5, false);
    indent(4);
    s_ += last ? "}\n" : "},\n";
  }

  void flush() {
    out_.write(s_.data(), static_cast<std::streamsize>(s_.size()));
    s_.clear();
  }

  const GenOptions& options_;
  std::ostream& out_;
  Rng rng_;
  std::string s_;
  std::size_t base_ = 4;
  std::size_t next_op_ = 0;
  GenTotals totals_;
};

}  // namespace

std::optional<GenLayout> parse_gen_layout(std::string_view name) noexcept {
  if (name == "nested") return GenLayout::nested;
  if (name == "list") return GenLayout::list;
  if (name == "flat-601") return GenLayout::flat_601;
  if (name == "flat-62") return GenLayout::flat_62;
  return std::nullopt;
}

GenTotals generate(const GenOptions& options, std::ostream& out) {
  return Writer(options, out).run();
}

std::string generate_text(const GenOptions& options, GenTotals* totals) {
  std::ostringstream out;
  const GenTotals t = generate(options, out);
  if (totals != nullptr) *totals = t;
  return std::move(out).str();
}

}  // namespace aoe::bench
