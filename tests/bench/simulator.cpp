// SPDX-License-Identifier: Apache-2.0
#include "simulator.hpp"

#include <array>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <ostream>
#include <stdexcept>
#include <string_view>
#include <thread>

#include <unistd.h>

namespace aoe::bench {
namespace {

constexpr std::array<std::string_view, 4> kTaskNames = {"resnet50_train_step", "bert_base_pretrain",
                                                        "yolov5s_bs8", "llama_block"};
constexpr std::array<std::string_view, 4> kSimulatedTypes = {"Conv2D", "MatMulV2", "SoftmaxV2",
                                                             "Add"};

struct SimMode {
  std::string_view mode;
  std::int64_t before_mus = 0;  // thousandths of a µs
  std::int64_t after_mus = 0;
  bool update = false;
};
struct SimOp {
  std::string name;
  std::string_view type;
  std::vector<SimMode> modes;
};
struct SimReport {
  std::string id;
  std::string_view tuning_name;
  std::vector<SimOp> ops;
  std::vector<std::string> failed;
  bool finished = false;
  bool fails = false;
  std::int64_t tuning_time_s = 0;
};

// splitmix64, as the generator: the same numbers everywhere.
std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::string thousandths(std::int64_t v) {
  std::string s = std::to_string(v / 1000);
  if (v % 1000 != 0) {
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03lld", static_cast<long long>(v % 1000));
    std::string f = frac;
    while (f.back() == '0') f.pop_back();
    s += f;
  }
  return s;
}

std::string improvement(std::int64_t before, std::int64_t after) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%",
                static_cast<double>(before - after) / static_cast<double>(after) * 100.0);
  return buf;
}

// "20250428_203017761" advanced by `seconds` (the clock part only; the
// date is kept: a simulated run does not cross midnight in a test).
std::string advance(const std::string& ts, std::size_t seconds) {
  if (ts.size() != 18) return ts;
  const long hh = std::stol(ts.substr(9, 2));
  const long mm = std::stol(ts.substr(11, 2));
  const long ss = std::stol(ts.substr(13, 2));
  const long t = (hh * 3600 + mm * 60 + ss + static_cast<long>(seconds)) % 86400;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s_%02ld%02ld%02ld%s", ts.substr(0, 8).c_str(), t / 3600,
                t / 60 % 60, t % 60, ts.substr(15, 3).c_str());
  return buf;
}

std::string render(const std::vector<SimReport>& reports) {
  std::string s = "{\n";
  for (std::size_t r = 0; r < reports.size(); ++r) {
    const SimReport& rep = reports[r];
    s += "  \"" + rep.id + "\": [\n    {\n      \"basic\": {\n";
    s += "        \"tuning_name\": \"" + std::string(rep.tuning_name) + "\"";
    if (rep.finished) s += ",\n        \"tuning_time(s)\": " + std::to_string(rep.tuning_time_s);
    s += "\n      }\n    },\n    {\n      \"OPAT\": {\n";
    const char* status = !rep.finished ? "tuning incomplete"
                         : rep.fails   ? "tuning failed"
                                       : "tuning successful";
    s += "        \"opat_tuning_result\": \"" + std::string(status) + "\"";
    if (!rep.ops.empty()) {
      std::int64_t add = 0;
      std::int64_t update = 0;
      s += ",\n        \"repo_modified_operators\": [\n";
      for (std::size_t i = 0; i < rep.ops.size(); ++i) {
        const SimOp& op = rep.ops[i];
        s += "          {\n            \"op_name\": \"" + op.name + "\",\n";
        s += "            \"op_type\": \"" + std::string(op.type) + "\",\n";
        s += "            \"tune_performance\": {\n";
        for (std::size_t m = 0; m < op.modes.size(); ++m) {
          const SimMode& md = op.modes[m];
          (md.update ? update : add) += 1;
          s += "              \"" + std::string(md.mode) + "\": {\n";
          s += "                \"performance_after_tune(us)\": " + thousandths(md.after_mus) +
               ",\n";
          s += "                \"performance_before_tune(us)\": " + thousandths(md.before_mus) +
               ",\n";
          s += "                \"performance_improvement\": \"" +
               improvement(md.before_mus, md.after_mus) + "\",\n";
          s += std::string("                \"update_mode\": \"") + (md.update ? "update" : "add") +
               "\"\n              }";
          s += m + 1 < op.modes.size() ? ",\n" : "\n";
        }
        s += "            }\n          }";
        s += i + 1 < rep.ops.size() ? ",\n" : "\n";
      }
      s += "        ],\n        \"repo_summary\": {\n";
      s += "          \"repo_add_num\": " + std::to_string(add) + ",\n";
      s += "          \"repo_hit_num\": " + std::to_string(update) + ",\n";
      s += "          \"repo_reserved_num\": 0,\n";
      s += "          \"repo_unsatisfied_num\": 0,\n";
      s += "          \"repo_update_num\": " + std::to_string(update) + ",\n";
      s += "          \"total_num\": " + std::to_string(add + update) + "\n        }";
    }
    if (!rep.failed.empty()) {
      s += ",\n        \"tuning_failed_operators\": [\n";
      for (std::size_t i = 0; i < rep.failed.size(); ++i) {
        s += "          \"" + rep.failed[i] + "\"" + (i + 1 < rep.failed.size() ? ",\n" : "\n");
      }
      s += "        ]";
    }
    s += "\n      }\n    }\n  ]";
    s += r + 1 < reports.size() ? ",\n" : "\n";
  }
  return s + "}\n";
}

}  // namespace

std::vector<SimStep> simulation_steps(const SimOptions& options, SimTotals* totals) {
  std::uint64_t rng = options.seed * 0x2545F4914F6CDD1DULL + 11;
  const std::size_t n_reports = options.reports == 0 ? 1 : options.reports;
  const std::size_t n_ops = options.operators == 0 ? 1 : options.operators;
  std::vector<SimReport> reports;
  std::vector<SimStep> steps;
  std::size_t step_no = 0;
  const auto emit = [&] {
    // Every third step is caught half-written, every fourth replaced by a
    // rename; the rest are written in place.
    ++step_no;
    const SimWrite w = step_no % 4 == 0   ? SimWrite::renamed
                       : step_no % 3 == 0 ? SimWrite::half_written
                                          : SimWrite::in_place;
    steps.push_back({render(reports), w});
  };
  std::size_t op_counter = 1;
  for (std::size_t r = 0; r < n_reports; ++r) {
    SimReport rep;
    rep.id = "report_" + advance(options.start_timestamp, r) + "_" + std::to_string(281473 + r);
    rep.tuning_name = kTaskNames[r % kTaskNames.size()];
    rep.fails = options.failing_report && *options.failing_report == r;
    reports.push_back(rep);
    emit();  // the report began
    for (std::size_t k = 0; k < n_ops; ++k) {
      SimOp op;
      op.type = kSimulatedTypes[next(rng) % kSimulatedTypes.size()];
      op.name =
          std::string(op.type == "Conv2D" ? "Conv" : op.type) + "_" + std::to_string(op_counter);
      op_counter += 1 + next(rng) % 7;
      const std::int64_t before = 20000 + static_cast<std::int64_t>(next(rng) % 400000);
      const std::int64_t after =
          before - before * static_cast<std::int64_t>(1 + next(rng) % 40) / 100;
      op.modes.push_back({k % 2 == 0 ? "Schedule" : "Format", before, after, next(rng) % 5 == 0});
      reports.back().ops.push_back(op);
      emit();
      if (r == 0 && k == 1) {
        // The first operator is tuned in a second mode: its entry changes.
        SimOp& first = reports.back().ops.front();
        first.modes.push_back({"Impl", first.modes.front().before_mus,
                               first.modes.front().after_mus * 9 / 10, false});
        emit();
      }
      if (rep.fails && k == n_ops / 2) {
        reports.back().failed.push_back("res4a_branch" + std::to_string(r + 1));
        emit();
      }
    }
    reports.back().finished = true;
    reports.back().tuning_time_s = static_cast<std::int64_t>(60 + next(rng) % 3000);
    emit();  // the report's final status
  }
  if (totals) {
    *totals = {};
    totals->reports = reports.size();
    for (const SimReport& rep : reports) {
      totals->operators += rep.ops.size();
      totals->failed_operators += rep.failed.size();
    }
  }
  return steps;
}

std::string local_timestamp_now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()) % 1000;
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d%02d%02d_%02d%02d%02d%03d", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms.count()));
  return buf;
}

SimTotals simulate(const SimOptions& options, const std::filesystem::path& dir,
                   std::chrono::milliseconds step_delay, std::ostream& announce) {
  SimTotals totals;
  const std::vector<SimStep> steps = simulation_steps(options, &totals);
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = dir / ("aoe_result_opat_" + options.start_timestamp + "_pid" +
                                            std::to_string(getpid()) + ".json");
  const std::filesystem::path tmp = dir / (".aoe_simulate_" + std::to_string(getpid()) + ".tmp");
  announce << path.string() << std::endl;
  const auto fail = [](const std::filesystem::path& p) {
    throw std::runtime_error("cannot write " + p.string());
  };
  for (const SimStep& step : steps) {
    if (step.write == SimWrite::renamed) {
      {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << step.text;
        out.close();
        if (!out) fail(tmp);
      }
      std::filesystem::rename(tmp, path);
    } else {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      if (step.write == SimWrite::half_written) {
        out << std::string_view(step.text).substr(0, step.text.size() / 2);
        out.flush();
        std::this_thread::sleep_for(step_delay / 2);
        out << std::string_view(step.text).substr(step.text.size() / 2);
      } else {
        out << step.text;
      }
      out.close();
      if (!out) fail(path);
    }
    std::this_thread::sleep_for(step_delay);
  }
  return totals;
}

}  // namespace aoe::bench
