// SPDX-License-Identifier: Apache-2.0
#include "commands/report/report_view.hpp"

#include <algorithm>
#include <filesystem>
#include <future>
#include <map>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "aoe_result/check.hpp"
#include "aoe_result/grouping.hpp"
#include "aoe_result/version.hpp"

#include "text/shell.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

ReportFileLine file_line(const ResultFile& f) {
  ReportFileLine line;
  line.path = f.path;
  line.readable = f.readable;
  line.complete = f.complete;
  if (f.readable) {
    line.layout = std::string(to_string(f.layout));
    line.reports = f.reports.size();
    for (const Report& r : f.reports) line.operators += r.operators.size();
  }
  return line;
}

ReportBlock block(const ResultFile& f, const Report& r) {
  ReportBlock b;
  b.file = f.path;
  b.id = r.id;
  b.tuning_name = r.tuning_name;
  b.status = r.status;
  b.status_raw = r.status_raw;
  b.tuning_time_s = r.tuning_time_s;
  b.tuning_time_written = r.tuning_time_written;
  b.complete = r.complete;
  b.has_opat = r.has_opat;
  b.model = r.model;
  if (r.model) b.model_improvement_pct = model_improvement_pct(*r.model);
  b.repo = r.repo_summary;
  ReportJudgement judged = judge(r);
  b.totals = judged.totals;
  b.failed_operators = std::move(judged.failed_operators);
  b.left_out = std::move(judged.left_out);
  return b;
}

// Keeps the `n` largest savings, largest first (ties by label).
std::vector<SavedAmount> largest(std::vector<SavedAmount> amounts, std::size_t n) {
  std::sort(amounts.begin(), amounts.end(), [](const SavedAmount& a, const SavedAmount& b) {
    return a.saved_us != b.saved_us ? a.saved_us > b.saved_us : a.label < b.label;
  });
  if (amounts.size() > n) amounts.resize(n);
  return amounts;
}

// The task's name when every report names the same one; with several
// tasks, the first and how many others ("bert_base_pretrain and 3 more
// tasks"): a title never names one task for many.
std::string default_title(const std::vector<ReportBlock>& reports) {
  std::vector<std::string> tasks;
  for (const ReportBlock& r : reports) {
    if (!r.tuning_name || r.tuning_name->empty()) continue;
    if (std::find(tasks.begin(), tasks.end(), *r.tuning_name) == tasks.end()) {
      tasks.push_back(*r.tuning_name);
    }
  }
  if (tasks.empty()) return "AOE tuning report";
  const std::string first = shorten_middle(tasks.front(), kReportNameColumns);
  if (tasks.size() == 1) return "AOE tuning report: " + first;
  return fmt::format("AOE tuning report: {} and {} more task{}", first, tasks.size() - 1,
                     tasks.size() == 2 ? "" : "s");
}

std::string mode_bucket(const ModeResult& m) {
  // As the command line calls it (ops --group-by mode); the figure's note says what it is.
  return m.mode == TuningMode::unspecified ? std::string(kUnspecifiedMode) : mode_label(m);
}

ReportBaseline compare(const std::vector<ResultFile>& baseline,
                       const std::vector<ResultFile>& files) {
  ReportBaseline b;
  for (const ResultFile& f : baseline) b.files.push_back(file_line(f));
  const Diff d = diff(baseline, files, DiffGrain::per_operator);
  b.summary = d.summary;
  // `diff` lists regressions by largest slowdown first, improvements by
  // largest speed-up first.
  std::size_t slowdowns = 0;
  std::size_t speedups = 0;
  for (const DiffEntry& e : d.entries) {
    const bool slower = e.kind == DiffClass::regression;
    if (!slower && e.kind != DiffClass::improvement) continue;
    std::size_t& taken = slower ? slowdowns : speedups;
    if (taken == kReportTopN) continue;
    ++taken;
    b.any_within_writer_artefact = b.any_within_writer_artefact || e.within_writer_artefact();
    const std::optional<double> change = e.change_pct();
    if (!change) continue;
    (slower ? b.slowdowns : b.speedups)
        .push_back(
            {std::string(e.op_name), slower ? *change : -*change, e.within_writer_artefact()});
  }
  return b;
}

// The labelled amounts of `sums`, the `kReportTopN` largest.
std::vector<SavedAmount> largest_of(std::map<std::string, SavedAmount>& sums) {
  std::vector<SavedAmount> amounts;
  for (auto& [label, amount] : sums) {
    amount.label = label;
    amounts.push_back(std::move(amount));
  }
  return largest(std::move(amounts), kReportTopN);
}

// Each report's block and the totals, the time saved per tuning mode, and
// every operator's row (file order).
std::vector<OperatorRow> read_reports(ReportView& v, const std::vector<ResultFile>& files,
                                      unsigned threads) {
  std::map<std::string, SavedAmount> by_mode;
  std::vector<OperatorRow> all_rows;
  for (const ResultFile& f : files) {
    if (!f.readable) continue;
    for (const Report& r : f.reports) {
      v.reports.push_back(block(f, r));
      v.totals += v.reports.back().totals;
      for (const Operator& op : r.operators) {
        for (const ModeResult& m : op.modes) {
          const OperatorFigures mf = figures(m);
          if (!mf.saved_us) continue;
          SavedAmount& a = by_mode[mode_bucket(m)];
          a.saved_us += *mf.saved_us;
          ++a.operators;
        }
      }
    }
    std::vector<OperatorRow> rows = operator_rows(f, RowGrain::per_operator, threads);
    if (all_rows.empty()) {
      all_rows = std::move(rows);  // one file: no second copy of every row
    } else {
      all_rows.insert(all_rows.end(), rows.begin(), rows.end());
    }
  }
  v.by_mode = largest_of(by_mode);
  return all_rows;
}

// The sums over every operator: the improvement histogram, the writer's
// artefacts, the time saved per type.
void add_operator_sums(ReportView& v, const std::vector<OperatorRow>& all_rows) {
  // The types grouped by the library's rule, the one of `ops --group-by type`.
  GroupBuilder by_type(GroupSpec{{GroupKey::type}, RowGrain::per_operator});
  std::vector<double> improvements;
  v.rows_total = all_rows.size();
  for (const OperatorRow& row : all_rows) {
    if (row.figures.improvement_pct) improvements.push_back(*row.figures.improvement_pct);
    if (row.figures.writer_artefact) ++v.writer_artefacts;
    by_type.add(row);
  }
  v.improvement_bins = svg::improvement_bins(improvements);
  const Grouping types = by_type.finish();
  std::vector<SavedAmount> amounts;
  amounts.reserve(types.groups.size());
  for (const Group& g : types.groups) {
    amounts.push_back({g.key_values.front(), g.totals.saved_us(), g.totals.operators});
  }
  v.types_total = amounts.size();
  v.by_type = largest(std::move(amounts), kReportTopN);
}

// What tells `row` apart from the rows of `shown` with its name: the file
// where theirs differ (its name, or its path when two folders hold files
// of one name), the report id where a row of the same file differs in it,
// else the line.
std::string qualifier(const OperatorRow& row, const std::vector<const OperatorRow*>& shown) {
  bool repeated = false;
  bool other_file = false;
  bool other_name = false;
  bool other_report = false;
  const std::string name = std::filesystem::path(row.file->path).filename().string();
  for (const OperatorRow* o : shown) {
    if (o == &row || o->op->name != row.op->name) continue;
    repeated = true;
    if (o->file->path != row.file->path) {
      other_file = true;
      other_name = other_name || std::filesystem::path(o->file->path).filename() != name;
    } else {
      other_report = other_report || o->report->id != row.report->id;
    }
  }
  if (!repeated) return {};
  std::string out;
  if (other_file) {
    out += " · " + shorten_middle(other_name ? name : row.file->path, kReportQualifierColumns);
  }
  if (other_report) {
    out += (other_file ? " " : " · ") + shorten_middle(row.report->id, kReportQualifierColumns);
  }
  if (!other_file && !other_report) out += fmt::format(" · line {}", row.op->line);
  return out;
}

// The operators saving most and the table's rows: only the rows the page
// shows (and its top-saved list) are sorted.
void add_rows(ReportView& v, std::vector<OperatorRow>& all_rows, std::size_t row_limit,
              unsigned threads) {
  sort_rows(all_rows, SortKey::saved, std::max(row_limit, kReportTopN), threads);
  std::vector<const OperatorRow*> top;
  for (const OperatorRow& row : all_rows) {
    if (top.size() == kReportTopN || !row.figures.saved_us || *row.figures.saved_us <= 0) break;
    top.push_back(&row);
  }
  for (const OperatorRow* row : top) {
    v.top_saved.push_back({row->op->name, *row->figures.saved_us, 1, qualifier(*row, top)});
  }
  const std::size_t shown = std::min(row_limit, all_rows.size());
  v.rows.reserve(shown);
  for (std::size_t i = 0; i < shown; ++i) {
    const OperatorRow& row = all_rows[i];
    ReportRow out;
    out.report = row.report->id;
    out.file = std::filesystem::path(row.file->path).filename().string();
    out.name = row.op->name;
    out.types = joined_types(*row.op);
    out.modes = row.figures.modes;
    out.update_mode = row.figures.update_mode;
    out.figures = row.figures;
    out.writer_artefact = row.figures.writer_artefact;
    out.line = row.op->line;
    v.rows.push_back(std::move(out));
  }
}

// The findings grouped by severity and code, as many listed as `shown` lets.
void group_findings(ReportView& v, FindingsShown shown) {
  std::map<std::pair<int, std::string_view>, FindingGroup> groups;
  for (const CheckedFile& f : v.check.files) {
    for (const Diagnostic& d : f.findings) {
      FindingGroup& g = groups[{-static_cast<int>(d.severity), to_string(d.code)}];
      g.code = d.code;
      g.severity = d.severity;
      ++g.count;
      const bool listed = shown == FindingsShown::all ||
                          (shown == FindingsShown::warnings && d.severity != Severity::info);
      if (listed && g.listed.size() < kReportFindingsPerCode) g.listed.push_back(d);
    }
  }
  for (auto& [key, group] : groups) v.findings.push_back(std::move(group));
  // Severity first (the map's order), then the most frequent code.
  std::stable_sort(v.findings.begin(), v.findings.end(),
                   [](const FindingGroup& a, const FindingGroup& b) {
                     if (a.severity != b.severity) return a.severity > b.severity;
                     return a.count > b.count;
                   });
}

}  // namespace

ReportView make_report_view(const std::vector<ResultFile>& files,
                            const std::vector<ResultFile>* baseline,
                            const ReportViewOptions& options) {
  ReportView v;
  v.generator = std::string("aoe-result ") + kVersion;
  v.generated_at = options.generated_at;
  v.rows_asked = options.rows;
  v.row_limit = std::min(options.rows, kReportMaxRows);
  v.findings_shown = options.findings;
  for (const ResultFile& f : files) v.files.push_back(file_line(f));

  // The findings and verdict of `check` with its default policy, from the
  // same inputs (an input that gave no file included): on a thread of
  // their own with more than one, beside the rows (they only read the files).
  const auto checked = [&files, &options] {
    return check_files(files, CheckPolicy{}, Strictness::normal, options.empty_inputs);
  };
  std::future<CheckView> checking;
  if (options.threads > 1) {
    try {
      checking = std::async(std::launch::async, checked);
    } catch (const std::system_error&) {
      // No thread to be had: checked below, on this one.
    }
  }

  std::vector<OperatorRow> all_rows = read_reports(v, files, options.threads);
  add_operator_sums(v, all_rows);
  add_rows(v, all_rows, v.row_limit, options.threads);

  v.check = checking.valid() ? checking.get() : checked();
  for (const CheckedFile& f : v.check.files) {
    v.errors += count(f.findings, Severity::error);
    v.warnings += count(f.findings, Severity::warning);
    v.infos += count(f.findings, Severity::info);
  }
  group_findings(v, options.findings);

  v.title = options.title.empty() ? default_title(v.reports) : options.title;
  v.csv_command = "aoe-result ops --format csv";
  v.check_command = "aoe-result check";
  for (const std::string& p : options.paths) {
    v.csv_command += " " + shell_word(p);
    v.check_command += " " + shell_word(p);
  }
  if (baseline != nullptr) v.baseline = compare(*baseline, files);
  return v;
}

ReportProfileCheck make_report_profile_check(const std::vector<ResultFile>& files,
                                             const Profile& profile, std::string label) {
  ReportProfileCheck out;
  out.label = std::move(label);
  out.profile_rows = profile.rows;
  out.check = cross_check(files, profile);
  for (const CrossCheckEntry& e : out.check.entries) {
    std::optional<double> median;
    std::size_t same_name = 0;
    for (const ProfileOperator& op : profile.operators) {
      if (op.name != e.name) continue;
      ++same_name;
      median = op.stats.median_us;
    }
    out.median_us.push_back(same_name == 1 ? median : std::nullopt);
  }
  return out;
}

}  // namespace aoe::cli
