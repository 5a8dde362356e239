// SPDX-License-Identifier: Apache-2.0
// The follower fed a `ResultRereader`'s reads with the count of reports the
// re-read kept (`watch`'s refresh): the reports kept are not merged again,
// and the events and the state are, field for field, those of a follower
// fed fresh reads of the same bytes and merging every report of each.
#include <cstddef>
#include <filesystem>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/follow.hpp"
#include "aoe_result/reader.hpp"

#include "generator.hpp"
#include "model_dump.hpp"
#include "temp_dir.hpp"

namespace aoe {
namespace {

// One operator of a report: its name and its one mode's times, µs.
struct Op {
  std::string name;
  double before_us = 10;
  double after_us = 8;
};

// One report of a file: its id, status, operators and failed names.
struct Spec {
  std::string id;
  std::string status = "tuning successful";
  std::vector<Op> ops;
  std::vector<std::string> failed;
};

std::string report_text(const Spec& r) {
  std::string s = "  \"" + r.id + "\": [\n    {\"basic\": {\"tuning_name\": \"net_" + r.id +
                  "\"}},\n    {\"OPAT\": {\"opat_tuning_result\": \"" + r.status + "\"";
  if (!r.ops.empty()) {
    s += ",\n      \"repo_modified_operators\": [";
    for (std::size_t i = 0; i < r.ops.size(); ++i) {
      const Op& op = r.ops[i];
      s += (i ? ",\n        " : "\n        ") + std::string("{\"op_name\": \"") + op.name +
           "\", \"op_type\": \"Conv2D\", \"tune_performance\": {\"Schedule\": "
           "{\"performance_before_tune(us)\": " +
           std::to_string(op.before_us) +
           ", \"performance_after_tune(us)\": " + std::to_string(op.after_us) +
           ", \"update_mode\": \"add\"}}}";
    }
    s += "]";
  }
  if (!r.failed.empty()) {
    s += ",\n      \"tuning_failed_operators\": [";
    for (std::size_t i = 0; i < r.failed.size(); ++i) {
      s += (i ? ", \"" : "\"") + r.failed[i] + "\"";
    }
    s += "]";
  }
  return s + "}}\n  ]";
}

std::string file_text(const std::vector<Spec>& reports) {
  std::string s = "{\n";
  for (std::size_t i = 0; i < reports.size(); ++i) s += (i ? ",\n" : "") + report_text(reports[i]);
  return s + "\n}\n";
}

// `n` reports of `ops` operators each: report_<i>, operators r<i>_op<k>.
std::vector<Spec> reports(std::size_t n, std::size_t ops) {
  std::vector<Spec> out;
  for (std::size_t i = 0; i < n; ++i) {
    Spec r;
    r.id = std::string("report_").append(std::to_string(i));
    for (std::size_t k = 0; k < ops; ++k) {
      std::string name = std::string("r").append(std::to_string(i)).append("_op");
      name.append(std::to_string(k % 3));
      r.ops.push_back(
          {std::move(name), 10.0 + static_cast<double>(k), 5.0 + static_cast<double>(i)});
    }
    out.push_back(std::move(r));
  }
  return out;
}

void put_operator(std::ostream& out, const char* what, const std::optional<Operator>& op) {
  if (!op) return;
  out << ' ' << what << ' ' << op->name << ' ' << op->line;
  for (const std::string& t : op->types) out << ' ' << t;
  for (const ModeResult& m : op->modes) test::dump_detail::put_mode(out, m);
}

// Every field of the events, in order.
std::string events_text(const std::vector<FollowEvent>& events) {
  std::ostringstream out;
  out.precision(17);
  for (const FollowEvent& e : events) {
    out << to_string(e.kind) << ' ' << e.report << ' ' << e.report_occurrence;
    test::dump_detail::put_all(out, e.tuning_name, e.status_raw);
    out << ' ' << e.occurrence << ' ' << e.tuned_so_far << ' ' << e.saved_so_far_us << ' '
        << e.failed_operator << ' ' << to_string(e.status) << ' ' << to_string(e.previous_status);
    put_operator(out, "op", e.op);
    put_operator(out, "previous", e.previous);
    out << '\n';
  }
  return out.str();
}

std::string totals_text(const Totals& t) {
  std::ostringstream out;
  out.precision(17);
  out << t.reports << ' ' << t.operators << ' ' << t.timed_operators << ' ' << t.failed_operators
      << ' ' << t.time_before_us << ' ' << t.time_after_us << ' ' << t.log_speedup_sum << ' '
      << t.speedup_count << ' ' << t.artefact_operators << ' ' << t.artefact_saved_us;
  return out.str();
}

// The follower's state, each report's arrival order and its totals.
std::string state_text(const Follower& f) {
  std::ostringstream out;
  out << test::dump(f.state());
  for (std::size_t i = 0; i < f.state().reports.size(); ++i) {
    out << "arrival";
    for (std::size_t k : f.arrival_order(i)) out << ' ' << k;
    out << "\ntotals " << totals_text(f.report_totals(i)) << '\n';
  }
  out << "all " << totals_text(f.totals()) << '\n';
  return out.str();
}

// The file rewritten as each of `versions` in turn, each read by a
// re-reader and merged with the count of reports it kept, and read fresh
// and merged whole by a second follower: the same events at each step, the
// same state after it, and totals as `totals` computes them. Returns the
// reports kept over all steps (so that a test knows the re-read resumed).
std::size_t expect_as_full_merge(const std::vector<std::string>& versions,
                                 std::size_t chunk_bytes = 64) {
  const test::TempDir dir("follow-reread");
  ReadOptions options;
  options.chunk_bytes = chunk_bytes;
  ResultRereader reader(options);
  Follower fast;
  Follower full;
  std::size_t kept = 0;
  for (std::size_t step = 0; step < versions.size(); ++step) {
    const std::filesystem::path path = dir.write("result.json", versions[step]);
    const ResultFile& again = reader.read(path);
    kept += reader.last_kept_reports();
    const std::string fast_events = events_text(fast.update(again, reader.last_kept_reports()));
    const std::string full_events = events_text(full.update(read_result_file(path)));
    EXPECT_EQ(fast_events, full_events) << "step " << step;
    EXPECT_EQ(state_text(fast), state_text(full)) << "step " << step;
    for (std::size_t i = 0; i < fast.state().reports.size(); ++i) {
      EXPECT_EQ(totals_text(fast.report_totals(i)), totals_text(totals(fast.state().reports[i])))
          << "step " << step << " report " << i;
    }
    EXPECT_EQ(totals_text(fast.totals()), totals_text(totals(fast.state()))) << "step " << step;
  }
  return kept;
}

TEST(FollowerReread, AppendedReports) {
  std::vector<std::string> versions;
  for (std::size_t n = 1; n <= 8; ++n) versions.push_back(file_text(reports(n, 4)));
  versions.push_back(versions.back());  // unchanged
  EXPECT_GE(expect_as_full_merge(versions), 1U + 2 + 3 + 4 + 5 + 6 + 6);
}

TEST(FollowerReread, LastReportGrownThenFinal) {
  std::vector<Spec> r = reports(5, 3);
  r.back().status = "tuning incomplete";
  std::vector<std::string> versions;
  for (std::size_t k = 0; k < 6; ++k) {
    r.back().ops.push_back({"grown_" + std::to_string(k % 2), 20.0 + static_cast<double>(k), 4});
    versions.push_back(file_text(r));
  }
  r.back().ops[2].after_us = 3;  // an operator updated in the last report
  versions.push_back(file_text(r));
  r.back().failed = {"Bad_1", "Bad_2", "Bad_1"};
  versions.push_back(file_text(r));
  r.back().status = "tuning successful";
  versions.push_back(file_text(r));
  EXPECT_GE(expect_as_full_merge(versions), 4U * versions.size() - 4);
}

TEST(FollowerReread, StatusAndFailedOfAnEarlierReport) {
  std::vector<Spec> r = reports(5, 2);
  r[1].status = "tuning incomplete";
  std::vector<std::string> versions{file_text(r)};
  r[1].status = "tuning failed";
  versions.push_back(file_text(r));
  r[2].failed = {"Gone_1"};
  versions.push_back(file_text(r));
  r.push_back(reports(6, 1).back());
  versions.push_back(file_text(r));
  EXPECT_GT(expect_as_full_merge(versions), 0U);
}

TEST(FollowerReread, EarlierReportChanged) {
  std::vector<Spec> r = reports(6, 3);
  std::vector<std::string> versions{file_text(r)};
  r[2].ops[1].after_us = 1;  // operator-updated in the third report
  versions.push_back(file_text(r));
  r[3].ops.push_back({"late", 7, 6});  // an operator added to the fourth
  versions.push_back(file_text(r));
  r[0].ops[0].after_us = 2;  // the first report changed: read whole
  versions.push_back(file_text(r));
  r[4].ops.erase(r[4].ops.begin());  // an operator gone from the fifth
  versions.push_back(file_text(r));
  versions.push_back(file_text(r));
  EXPECT_GT(expect_as_full_merge(versions), 0U);
}

TEST(FollowerReread, FileShrunkCutOffAndGrownAgain) {
  const std::vector<Spec> six = reports(6, 4);
  const std::string whole = file_text(six);
  std::vector<std::string> versions{whole, file_text(reports(3, 4)), whole};
  // Cut off mid-write at many places, shorter and longer in turn.
  for (std::size_t cut = whole.size() / 3; cut < whole.size(); cut += whole.size() / 11) {
    versions.push_back(whole.substr(0, cut));
    versions.push_back(whole.substr(0, cut / 2));
    versions.push_back(whole.substr(0, cut + 7));
  }
  versions.push_back(whole);
  versions.push_back("");  // emptied: unreadable
  versions.push_back(whole.substr(0, whole.size() - 40));
  versions.push_back(whole);
  EXPECT_GT(expect_as_full_merge(versions), 0U);
}

TEST(FollowerReread, FileReplacedByAnother) {
  std::vector<Spec> other = reports(4, 2);
  for (Spec& s : other) s.id += "_b";
  const std::string mine = file_text(reports(4, 2));
  const std::string theirs = file_text(other);
  EXPECT_GT(expect_as_full_merge({mine, mine, theirs, theirs, "{\"x\": 1}", mine, mine}), 0U);
}

TEST(FollowerReread, GeneratedFileWrittenReportByReport) {
  bench::GenOptions o;
  o.operators = 1500;
  o.reports = 7;
  o.seed = 11;
  const std::string text = bench::generate_text(o);
  std::vector<std::string> versions;
  for (std::size_t cut = 200; cut < text.size(); cut += text.size() / 29) {
    versions.push_back(text.substr(0, cut));
  }
  versions.push_back(text);
  versions.push_back(text);
  EXPECT_GT(expect_as_full_merge(versions, 4096), versions.size());
}

// A count of unchanged reports that does not fit the read before is not
// taken: every report is merged.
TEST(FollowerReread, CountThatDoesNotFitIsNotTaken) {
  std::vector<Spec> r = reports(3, 2);
  const ResultFile before = read_result_text(file_text(r), "f.json");
  r[0].ops.push_back({"new_in_first", 9, 3});
  r[1].status = "tuning failed";
  const ResultFile after = read_result_text(file_text(r), "f.json");
  for (std::size_t said : {1U, 2U, 3U, 4U}) {
    Follower told;
    Follower full;
    (void)told.update(before);
    (void)full.update(before);
    EXPECT_EQ(events_text(told.update(after, said)), events_text(full.update(after))) << said;
    EXPECT_EQ(state_text(told), state_text(full)) << said;
  }
}

}  // namespace
}  // namespace aoe
