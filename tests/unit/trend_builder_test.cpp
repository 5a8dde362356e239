// SPDX-License-Identifier: Apache-2.0
// `TrendBuilder` fed operators as the reader hands them over gives what
// `trend` gives of the models: the same runs, sums, series, points and
// flags, whatever the files hold (a name in several reports, failed names,
// gaps, a file unreadable after some operators, a file cut off).
#include <cstddef>
#include <filesystem>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/reader.hpp"
#include "aoe_result/trend.hpp"

#include "temp_dir.hpp"

namespace aoe::trend_builder_test {
namespace {

// One operator object: `modes` as "Mode:before:after" entries.
std::string op(const std::string& name, const std::string& type,
               const std::vector<std::string>& modes) {
  std::string out =
      R"J({"op_name": ")J" + name + R"J(", "op_type": )J" + type + R"J(, "tune_performance": {)J";
  for (std::size_t i = 0; i < modes.size(); ++i) {
    const std::size_t a = modes[i].find(':');
    const std::size_t b = modes[i].find(':', a + 1);
    if (i > 0) out += ", ";
    out += '"' + modes[i].substr(0, a) + R"J(": {"performance_before_tune(us)": )J" +
           modes[i].substr(a + 1, b - a - 1) + R"J(, "performance_after_tune(us)": )J" +
           modes[i].substr(b + 1) + R"J(, "update_mode": "update"})J";
  }
  return out + "}}";
}

// A report: its operators and failed names.
std::string report(const std::string& id, const std::vector<std::string>& ops,
                   const std::vector<std::string>& failed = {}) {
  std::string out = '"' + id + R"J(": [{"OPAT": {"opat_tuning_result": "tuning successful")J";
  out += R"J(, "repo_modified_operators": [)J";
  for (std::size_t i = 0; i < ops.size(); ++i) out += (i > 0 ? ", " : "") + ops[i];
  out += "]";
  if (!failed.empty()) {
    out += R"J(, "tuning_failed_operators": [)J";
    for (std::size_t i = 0; i < failed.size(); ++i)
      out += (i > 0 ? ", \"" : "\"") + failed[i] + '"';
    out += "]";
  }
  return out + R"J(, "repo_summary": {"repo_add_num": 1, "repo_hit_num": 2}}}])J";
}

std::string file(const std::vector<std::string>& reports) {
  std::string out = "{";
  for (std::size_t i = 0; i < reports.size(); ++i) out += (i > 0 ? ",\n" : "\n") + reports[i];
  return out + "\n}";
}

// Runs that hold every case: x in two reports of one run (its last
// occurrence counts) and with two modes, a fused type, names failed and
// fixed, gaps, a name only ever failed, a file unreadable after handing
// over operators (new names, a new mode of x, x's type changed) and a file
// cut off mid-operator.
std::vector<std::pair<std::string, std::string>> texts() {
  std::vector<std::pair<std::string, std::string>> v;
  v.emplace_back("r1.json",
                 file({report("report_1",
                              {op("x", R"("Conv2D")", {"Schedule:20:10", "Format:21:12"}),
                               op("y", R"(["BNTrainingUpdate", "Relu"])", {"Impl:9:8.5"}),
                               op("z", R"("Add")", {"Schedule:5:4"})},
                              {"f"}),
                       report("report_2", {op("x", R"("Conv2D")", {"Schedule:20:9.5"})})}));
  const std::string bad = file({report(
      "report_1", {op("n1", R"("Cast")", {"Impl:3:2"}), op("x", R"("MatMul")", {"Impl:30:20"}),
                   op("z", R"("Add")", {"Schedule:5:1"})})});
  std::string broken = bad;  // invalid JSON after its three operators
  broken.insert(broken.find(R"J(], "repo_summary")J"), ", @@");
  v.emplace_back("bad.json", broken);
  v.emplace_back(
      "r3.json",
      file({report("report_1", {op("x", R"("Conv2D")", {"Schedule:20:11"})}, {"y", "ghost", "y"}),
            report("report_2", {}, {"z"})}));
  v.emplace_back("r4.json",
                 file({report("report_1", {op("y", R"(["BNTrainingUpdate", "Relu"])", {"Impl:9:8"}),
                                           op("f", R"("Cast")", {"Format:4:3"}),
                                           op("x", R"("Conv2D")", {"Schedule:20:12"})})}));
  const std::string cut =
      file({report("report_1",
                   {op("z", R"("Add")", {"Schedule:5:4.5"}), op("y", R"("Relu")", {"Impl:9:9"}),
                    op("w", R"("Relu")", {"Impl:9:9"})},
                   {"x"})});
  v.emplace_back("cut.json", cut.substr(0, cut.find(R"("op_name": "w")") + 10));
  return v;
}

struct Both {
  std::vector<ResultFile> models;    // read whole
  std::vector<ResultFile> streamed;  // read with `on_operator`: no operators kept
  Trend from_models;
  Trend from_stream;
  std::vector<std::size_t> handed;  // operators handed over per file
};

Both both(const TrendSpec& spec, const std::vector<std::string>& labels = {"first", "", "third"}) {
  Both b;
  TrendBuilder builder(spec);
  for (const auto& [path, text] : texts()) {
    b.models.push_back(read_result_text(text, path));
    ReadOptions options;
    std::size_t handed = 0;
    options.on_operator = [&](const ResultFile& f, const Report& r, Operator&& o) {
      ++handed;
      builder.add_operator(f, r, o);
    };
    b.streamed.push_back(read_result_text(text, path, options));
    builder.end_file(b.streamed.back());
    b.handed.push_back(handed);
  }
  b.from_models = trend(b.models, labels, spec);
  b.from_stream = std::move(builder).finish(b.streamed, labels);
  return b;
}

void expect_same(const Totals& a, const Totals& b) {
  EXPECT_EQ(a.reports, b.reports);
  EXPECT_EQ(a.operators, b.operators);
  EXPECT_EQ(a.timed_operators, b.timed_operators);
  EXPECT_EQ(a.failed_operators, b.failed_operators);
  EXPECT_EQ(a.time_before_us, b.time_before_us);
  EXPECT_EQ(a.time_after_us, b.time_after_us);
  EXPECT_EQ(a.log_speedup_sum, b.log_speedup_sum);
  EXPECT_EQ(a.speedup_count, b.speedup_count);
  EXPECT_EQ(a.artefact_operators, b.artefact_operators);
  EXPECT_EQ(a.artefact_saved_us, b.artefact_saved_us);
}

void expect_same(const Trend& a, const Trend& b) {
  EXPECT_EQ(a.grain, b.grain);
  ASSERT_EQ(a.runs.size(), b.runs.size());
  for (std::size_t i = 0; i < a.runs.size(); ++i) {
    SCOPED_TRACE("run " + std::to_string(i + 1));
    const TrendRun& x = a.runs[i];
    const TrendRun& y = b.runs[i];
    EXPECT_EQ(x.label, y.label);
    EXPECT_EQ(x.file, y.file);
    EXPECT_EQ(x.readable, y.readable);
    EXPECT_EQ(x.complete, y.complete);
    EXPECT_EQ(x.problem, y.problem);
    expect_same(x.totals, y.totals);
    EXPECT_EQ(x.repo_added, y.repo_added);
    EXPECT_EQ(x.repo_hit, y.repo_hit);
    EXPECT_EQ(x.repo_unsatisfied, y.repo_unsatisfied);
  }
  ASSERT_EQ(a.series.size(), b.series.size());
  for (std::size_t i = 0; i < a.series.size(); ++i) {
    const TrendSeries& x = a.series[i];
    const TrendSeries& y = b.series[i];
    SCOPED_TRACE(x.op_name + " " + x.mode.value_or("-"));
    EXPECT_EQ(x.op_name, y.op_name);
    EXPECT_EQ(x.mode, y.mode);
    EXPECT_EQ(x.op_types.list(), y.op_types.list());
    ASSERT_EQ(x.points.size(), y.points.size());
    for (std::size_t k = 0; k < x.points.size(); ++k) {
      const TrendPoint& p = x.points[k];
      const TrendPoint& q = y.points[k];
      EXPECT_EQ(p.present, q.present) << k;
      EXPECT_EQ(p.failed, q.failed) << k;
      EXPECT_EQ(p.newly_failed, q.newly_failed) << k;
      EXPECT_EQ(p.fixed, q.fixed) << k;
      EXPECT_EQ(p.before_us, q.before_us) << k;
      EXPECT_EQ(p.after_us, q.after_us) << k;
      EXPECT_EQ(p.improvement_pct, q.improvement_pct) << k;
    }
    EXPECT_EQ(x.failed_runs, y.failed_runs);
    EXPECT_EQ(x.newly_failed_runs, y.newly_failed_runs);
    EXPECT_EQ(x.fixed_runs, y.fixed_runs);
    EXPECT_EQ(x.failed_last_after_tuned, y.failed_last_after_tuned);
    EXPECT_EQ(x.missing_runs, y.missing_runs);
    EXPECT_EQ(x.best_run, y.best_run);
    EXPECT_EQ(x.previous_run, y.previous_run);
    EXPECT_EQ(x.first_run, y.first_run);
    EXPECT_EQ(x.change_first_last_us, y.change_first_last_us);
    EXPECT_EQ(x.change_first_last_pct, y.change_first_last_pct);
    EXPECT_EQ(x.change_prev_last_us, y.change_prev_last_us);
    EXPECT_EQ(x.change_prev_last_pct, y.change_prev_last_pct);
    EXPECT_EQ(x.regressed, y.regressed);
    EXPECT_EQ(x.change_within_writer_artefact, y.change_within_writer_artefact);
  }
}

const TrendSeries* find(const Trend& t, const std::string& name,
                        const std::optional<std::string>& mode = std::nullopt) {
  for (const TrendSeries& s : t.series) {
    if (s.op_name == name && s.mode == mode) return &s;
  }
  return nullptr;
}

TEST(TrendBuilder, TheFilesHoldEveryCase) {
  const Both b = both({});
  ASSERT_EQ(b.models.size(), 5U);
  EXPECT_TRUE(b.models[0].readable);
  EXPECT_FALSE(b.models[1].readable);  // bad JSON after its operators
  EXPECT_GE(b.handed[1], 3U);          // ... which were handed over first
  EXPECT_TRUE(b.models[4].readable);
  EXPECT_FALSE(b.models[4].complete);  // cut off
  EXPECT_EQ(b.handed[4], 2U);
  for (const ResultFile& f : b.streamed) {
    for (const Report& r : f.reports) EXPECT_TRUE(r.operators.empty());
  }
}

TEST(TrendBuilder, StreamedEqualsModelsPerOperator) {
  const Both b = both({});
  expect_same(b.from_models, b.from_stream);
  // What the unreadable file handed over was taken back: no n1, x's type
  // is still Conv2D, and its run is a gap.
  EXPECT_EQ(find(b.from_stream, "n1"), nullptr);
  const TrendSeries* x = find(b.from_stream, "x");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->joined_types(), "Conv2D");
  EXPECT_FALSE(x->points[1].present);
  EXPECT_EQ(x->points[0].after_us, std::optional<double>(9.5));  // its last occurrence
  EXPECT_FALSE(x->points[4].present);  // the cut file lost its failed list too
  const TrendSeries* y = find(b.from_stream, "y");
  ASSERT_NE(y, nullptr);
  EXPECT_TRUE(y->points[2].failed);
  EXPECT_TRUE(y->points[2].newly_failed);
  EXPECT_TRUE(y->points[3].fixed);
  ASSERT_NE(find(b.from_stream, "ghost"), nullptr);  // only ever failed
  EXPECT_EQ(b.from_stream.runs[1].label, "bad.json");
}

TEST(TrendBuilder, StreamedEqualsModelsPerMode) {
  TrendSpec spec;
  spec.grain = TrendGrain::per_mode;
  const Both b = both(spec);
  expect_same(b.from_models, b.from_stream);
  EXPECT_EQ(find(b.from_stream, "x", "Impl"), nullptr);  // from the unreadable file only
  EXPECT_NE(find(b.from_stream, "x", "Format"), nullptr);
}

TEST(TrendBuilder, StreamedEqualsModelsFiltered) {
  TrendSpec spec;
  spec.filter.types = {"Relu"};
  expect_same(both(spec).from_models, both(spec).from_stream);
  spec.filter.types.clear();
  spec.filter.name = std::regex("^[xz]");
  expect_same(both(spec).from_models, both(spec).from_stream);
}

TEST(TrendBuilder, RunSumsAreTheFilesTotals) {
  const Both b = both({});
  for (std::size_t i = 0; i < b.models.size(); ++i) {
    if (!b.models[i].readable) continue;
    SCOPED_TRACE(b.models[i].path);
    expect_same(b.from_stream.runs[i].totals, totals(b.models[i]));
  }
}

TEST(TrendBuilder, OnlyUnreadableFilesGiveRunsWithoutSeries) {
  TrendBuilder builder;
  std::vector<ResultFile> files;
  ReadOptions options;
  options.on_operator = [&](const ResultFile& f, const Report& r, Operator&& o) {
    builder.add_operator(f, r, o);
  };
  files.push_back(read_result_text(texts()[1].second, "bad.json", options));
  builder.end_file(files.back());
  const Trend t = std::move(builder).finish(files, {});
  ASSERT_EQ(t.runs.size(), 1U);
  EXPECT_FALSE(t.runs[0].readable);
  EXPECT_TRUE(t.series.empty());
}

// Thousands of series: the builder's table grows many times, its records
// fill several chunks of 4,096, and a file unreadable after 5,000 new
// names takes them back across a chunk's end; what is built equals what
// `trend` builds of the models, series by series.
TEST(TrendBuilder, ManySeriesAcrossChunksAndATakenBackFileAgree) {
  // Strings appended, not joined by +: GCC 12 warns falsely (-Wrestrict).
  const auto ops = [](const std::string& prefix, std::size_t from, std::size_t n) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < from + n; ++i) {
      std::string name = prefix;
      name += std::to_string(i);
      std::string mode = "Schedule:";
      mode += std::to_string(10 + i % 7);
      mode += ':';
      mode += std::to_string(5 + i % 5);
      out.push_back(op(name, R"("Conv2D")", {mode}));
    }
    return out;
  };
  std::vector<std::pair<std::string, std::string>> texts;
  texts.emplace_back("r1.json", file({report("report_1", ops("op_", 0, 5000))}));
  std::string broken = file({report("report_1", ops("new_", 0, 5000))});
  broken.insert(broken.find(R"J(], "repo_summary")J"), ", @@");
  texts.emplace_back("bad.json", broken);
  std::vector<std::string> third = ops("op_", 0, 100);
  const std::vector<std::string> more = ops("late_", 0, 4200);
  third.insert(third.end(), more.begin(), more.end());
  texts.emplace_back("r3.json", file({report("report_1", third)}));

  TrendBuilder builder;
  std::vector<ResultFile> models;
  std::vector<ResultFile> streamed;
  for (const auto& [path, text] : texts) {
    models.push_back(read_result_text(text, path));
    ReadOptions options;
    options.on_operator = [&](const ResultFile& f, const Report& r, Operator&& o) {
      builder.add_operator(f, r, o);
    };
    streamed.push_back(read_result_text(text, path, options));
    builder.end_file(streamed.back());
  }
  ASSERT_FALSE(streamed[1].readable);
  const Trend from_models = trend(models, {});
  const Trend from_stream = std::move(builder).finish(streamed, {});
  ASSERT_EQ(from_stream.series.size(), 9200U);  // 5,000 + 4,200: no "new_" name
  ASSERT_EQ(from_models.series.size(), from_stream.series.size());
  for (std::size_t i = 0; i < from_stream.series.size(); ++i) {
    const TrendSeries& a = from_models.series[i];
    const TrendSeries& b = from_stream.series[i];
    ASSERT_EQ(a.op_name, b.op_name) << i;
    ASSERT_EQ(a.points.size(), 3U);
    ASSERT_EQ(b.points.size(), 3U);
    for (std::size_t k = 0; k < 3; ++k) {
      ASSERT_EQ(a.points[k].present, b.points[k].present) << a.op_name << " run " << k;
      ASSERT_EQ(a.points[k].after_us, b.points[k].after_us) << a.op_name << " run " << k;
    }
  }
  // op_7 in the first and third runs; late_4199 in the third only.
  const auto series_of = [&from_stream](const std::string& name) -> const TrendSeries& {
    for (const TrendSeries& s : from_stream.series) {
      if (s.op_name == name) return s;
    }
    throw std::logic_error("no series " + name);
  };
  EXPECT_TRUE(series_of("op_7").points[0].present);
  EXPECT_FALSE(series_of("op_7").points[1].present);
  EXPECT_TRUE(series_of("op_7").points[2].present);
  EXPECT_FALSE(series_of("op_4999").points[2].present);
  EXPECT_TRUE(series_of("late_4199").points[2].present);
  EXPECT_FALSE(series_of("late_4199").points[0].present);
}

// The operators of a file read in parts go to the builder's own parts
// (`TrendBuilder::operator_parts`); counts the parts kept.
class CountedParts final : public OperatorParts {
 public:
  explicit CountedParts(OperatorParts& to) : to_(to) {}
  void begin(std::size_t parts) override { to_.begin(parts); }
  void take(std::size_t part, const ResultFile& part_file, const Report& report,
            Operator&& op) override {
    to_.take(part, part_file, report, std::move(op));
  }
  void keep(const std::vector<std::size_t>& first_report) override {
    ++kept;
    to_.keep(first_report);
  }
  void drop() override {
    ++dropped;
    to_.drop();
  }
  int kept = 0;
  int dropped = 0;

 private:
  OperatorParts& to_;
};

// `paths` read in turn with `on_operator` on `threads` threads, each
// file split that can be (no least size) with `operator_parts`: the trend
// built, and the parts kept and dropped.
struct ReadInParts {
  Trend trend;
  int kept = 0;
  int dropped = 0;
};
ReadInParts read_in_parts(const std::vector<std::filesystem::path>& paths, const TrendSpec& spec,
                          unsigned threads) {
  TrendBuilder builder(spec);
  CountedParts parts(builder.operator_parts());
  ReadOptions options;
  options.threads = threads;
  options.split_min_bytes = 0;
  options.on_operator = [&](const ResultFile& f, const Report& r, Operator&& o) {
    builder.add_operator(f, r, o);
  };
  options.operator_parts = &parts;
  std::vector<ResultFile> streamed;
  for (const auto& path : paths) {
    streamed.push_back(read_result_file(path, options));
    builder.end_file(streamed.back());
  }
  ReadInParts out;
  out.trend = std::move(builder).finish(streamed, {});
  out.kept = parts.kept;
  out.dropped = parts.dropped;
  return out;
}

std::vector<ResultFile> models_of(const std::vector<std::filesystem::path>& paths) {
  std::vector<ResultFile> models;
  for (const auto& path : paths) models.push_back(read_result_file(path));
  return models;
}

// A run of six reports where a name comes back: x's type changes and
// changes back, its last occurrence has no times (the point keeps those of
// the one before) and has `last_type`, `a` is timed twice, a name is
// failed after being tuned.
std::string reports_that_come_back(const std::string& last_type) {
  return file({report("report_1", {op("x", R"("Conv2D")", {"Schedule:20:10", "Format:21:12"}),
                                   op("a", R"("Add")", {"Schedule:5:4"})}),
               report("report_2", {op("x", R"("MatMul")", {"Schedule:null:null"})}),
               report("report_3",
                      {op("a", R"("Add")", {"Schedule:6:3"}), op("b", R"("Cast")", {"Impl:2:1"})}),
               report("report_4", {op("x", R"("Conv2D")", {"Schedule:19:9"})}),
               report("report_5", {op("x", last_type, {"Schedule:null:7"})}, {"b"}),
               report("report_6", {op("c", R"("Relu")", {"Impl:4:4"})}, {"x"})});
}

// Every run read with `on_operator`, on one thread and on 2 and 3 threads
// with `operator_parts` (every file split that can be: no least size),
// gives the same trend, and what `trend` gives of the models; the runs
// that come back are split first, among, and last.
TEST(TrendBuilder, FilesReadInPartsGiveWhatOneThreadGives) {
  const test::TempDir dir("trend_builder_parts");
  std::vector<std::filesystem::path> paths;
  paths.push_back(dir.write("back1.json", reports_that_come_back(R"("Conv2D")")));
  for (const auto& [name, text] : texts()) paths.push_back(dir.write(name, text));
  paths.insert(paths.begin() + 3, dir.write("back2.json", reports_that_come_back(R"("MatMul")")));
  paths.push_back(dir.write("back3.json", reports_that_come_back(R"(["Conv2D", "Relu"])")));
  for (const TrendGrain grain : {TrendGrain::per_operator, TrendGrain::per_mode}) {
    TrendSpec spec;
    spec.grain = grain;
    const Trend from_models = trend(models_of(paths), {}, spec);
    for (unsigned threads = 1; threads <= 3; ++threads) {
      SCOPED_TRACE(std::to_string(threads) + " threads");
      const ReadInParts read = read_in_parts(paths, spec, threads);
      expect_same(from_models, read.trend);
      EXPECT_EQ(read.dropped, 0);
      // back1-3, r1 and r3 (two reports each) are split; the others hold one.
      EXPECT_EQ(read.kept, threads == 1 ? 0 : 5);
    }
  }
}

// `n` Add operators named `prefix`0, `prefix`1, …: to make the first report
// of a file the larger, so that the split (at half its bytes) falls before
// the second.
std::vector<std::string> adds(const std::string& prefix, std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) {
    std::string name = prefix;
    name += std::to_string(i);
    out.push_back(op(name, R"("Add")", {"Schedule:5:4"}));
  }
  return out;
}

// A file split in two, its parts kept, then found unreadable (bad JSON
// after the operators of its last part): what its parts added is taken
// back, x's type among it, as on one thread.
TEST(TrendBuilder, SplitFileKeptThenUnreadableTakesBackWhatItsPartsAdded) {
  const test::TempDir dir("trend_builder_parts_bad");
  std::string broken = file({report("report_1", adds("q", 5)),
                             report("report_2", {op("x", R"("MatMul")", {"Schedule:20:11"}),
                                                 op("z", R"("Add")", {"Schedule:5:4"})})});
  broken.insert(broken.rfind(R"J(], "repo_summary")J"), ", @@");
  const std::vector<std::filesystem::path> paths{
      dir.write("a.json", file({report("report_1", {op("x", R"("Conv2D")", {"Schedule:20:10"})})})),
      dir.write("broken.json", broken),
      dir.write("c.json", file({report("report_1", {op("y", R"("Relu")", {"Schedule:2:1"})})}))};
  const std::vector<ResultFile> models = models_of(paths);
  ASSERT_FALSE(models[1].readable);
  for (const TrendGrain grain : {TrendGrain::per_operator, TrendGrain::per_mode}) {
    TrendSpec spec;
    spec.grain = grain;
    const ReadInParts read = read_in_parts(paths, spec, 2);
    expect_same(trend(models, {}, spec), read.trend);
    EXPECT_EQ(read.kept, 1);
    const TrendSeries* x =
        find(read.trend, "x",
             grain == TrendGrain::per_mode ? std::optional<std::string>("Schedule") : std::nullopt);
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->joined_types(), "Conv2D");
    EXPECT_EQ(find(read.trend, "q0"), nullptr);
  }
}

// Split runs after an unreadable first run (the first run read has no
// series: its parts' points go at its own place), with filters copied to
// every part's builder.
TEST(TrendBuilder, SplitRunsAfterAnUnreadableFirstRunAndFiltered) {
  const test::TempDir dir("trend_builder_parts_filtered");
  std::string broken = file({report("report_1", {op("n", R"("Add")", {"Schedule:5:4"})})});
  broken.insert(broken.rfind(R"J(], "repo_summary")J"), ", @@");
  const std::vector<std::filesystem::path> paths{dir.write("bad.json", broken),
                                                 dir.write("b1.json", texts()[0].second),
                                                 dir.write("b2.json", texts()[2].second)};
  const std::vector<ResultFile> models = models_of(paths);
  for (const char* name : {"", "^x$"}) {
    for (const bool conv : {false, true}) {
      SCOPED_TRACE(std::string(name) + (conv ? " Conv2D" : ""));
      TrendSpec spec;
      if (*name != '\0') spec.filter.name = std::regex(name);
      if (conv) spec.filter.types = {"Conv2D"};
      const ReadInParts read = read_in_parts(paths, spec, 2);
      expect_same(trend(models, {}, spec), read.trend);
      EXPECT_EQ(read.kept, 2);
    }
  }
}

TEST(TrendBuilder, FinishWantsOneFilePerRun) {
  TrendBuilder builder;
  const ResultFile f = read_result_text(texts()[0].second, "r1.json");
  builder.end_file(f);
  EXPECT_THROW((void)std::move(builder).finish({}, {}), std::invalid_argument);
}

}  // namespace
}  // namespace aoe::trend_builder_test
