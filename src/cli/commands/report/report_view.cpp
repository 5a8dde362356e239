// SPDX-License-Identifier: Apache-2.0
#include "commands/report/report_view.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include <fmt/format.h>

#include "aoe_result/check.hpp"
#include "aoe_result/version.hpp"

#include "text/shell.hpp"

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
  b.complete = r.complete;
  b.has_opat = r.has_opat;
  b.model = r.model;
  if (r.model) b.model_improvement_pct = model_improvement_pct(*r.model);
  b.repo = r.repo_summary;
  b.totals = totals(r);
  b.failed_operators = unique_failed_operators(r);
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
  if (tasks.size() == 1) return "AOE tuning report: " + tasks.front();
  return fmt::format("AOE tuning report: {} and {} more task{}", tasks.front(), tasks.size() - 1,
                     tasks.size() == 2 ? "" : "s");
}

std::string mode_bucket(const ModeResult& m) {
  return m.mode == TuningMode::unspecified ? std::string("not given (CANN 6.0.1/6.2 entries)")
                                           : mode_label(m);
}

ReportBaseline compare(const std::vector<ResultFile>& baseline,
                       const std::vector<ResultFile>& files) {
  ReportBaseline b;
  for (const ResultFile& f : baseline) b.files.push_back(file_line(f));
  Diff d = diff(baseline, files, DiffGrain::per_operator);
  b.summary = d.summary;
  b.name_storage = d.name_storage;
  // `diff` lists regressions by largest slowdown first, improvements by
  // largest speed-up first.
  for (DiffEntry& e : d.entries) {
    if (e.kind == DiffClass::regression && b.slowdowns.size() < kReportTopN) {
      b.slowdowns.push_back(std::move(e));
    } else if (e.kind == DiffClass::improvement && b.speedups.size() < kReportTopN) {
      b.speedups.push_back(std::move(e));
    }
  }
  return b;
}

}  // namespace

ReportView make_report_view(const std::vector<ResultFile>& files,
                            const std::vector<ResultFile>* baseline,
                            const ReportViewOptions& options) {
  ReportView v;
  v.generator = std::string("aoe-result ") + kVersion;
  v.generated_at = options.generated_at;
  v.row_limit = options.rows;
  for (const ResultFile& f : files) v.files.push_back(file_line(f));

  // The findings and verdict of `check` with its default policy, from the
  // same inputs (an input that gave no file included).
  v.check = check_files(files, CheckPolicy{}, Strictness::normal, options.empty_inputs);
  for (const CheckedFile& f : v.check.files) {
    v.errors += count(f.findings, Severity::error);
    v.warnings += count(f.findings, Severity::warning);
  }

  std::map<std::string, SavedAmount> by_type;
  std::map<std::string, SavedAmount> by_mode;
  std::vector<double> improvements;
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
    std::vector<OperatorRow> rows = operator_rows(f, RowGrain::per_operator);
    if (all_rows.empty()) {
      all_rows = std::move(rows);  // one file: no second copy of every row
    } else {
      all_rows.insert(all_rows.end(), rows.begin(), rows.end());
    }
  }
  v.rows_total = all_rows.size();
  for (const OperatorRow& row : all_rows) {
    if (row.figures.improvement_pct) improvements.push_back(*row.figures.improvement_pct);
    if (row.figures.writer_artefact) ++v.writer_artefacts;
    SavedAmount& t = by_type[joined_types(*row.op)];
    ++t.operators;
    if (row.figures.saved_us) t.saved_us += *row.figures.saved_us;
  }
  v.improvement_bins = svg::improvement_bins(improvements);
  v.types_total = by_type.size();
  {
    std::vector<SavedAmount> types;
    for (auto& [label, amount] : by_type) {
      amount.label = label;
      types.push_back(std::move(amount));
    }
    v.by_type = largest(std::move(types), kReportTopN);
    std::vector<SavedAmount> modes;
    for (auto& [label, amount] : by_mode) {
      amount.label = label;
      modes.push_back(std::move(amount));
    }
    v.by_mode = largest(std::move(modes), kReportTopN);
  }

  // Only the rows the page shows (and its top-saved list) are kept sorted.
  sort_rows(all_rows, SortKey::saved, std::max(options.rows, kReportTopN));
  for (const OperatorRow& row : all_rows) {
    if (v.top_saved.size() == kReportTopN || !row.figures.saved_us || *row.figures.saved_us <= 0) {
      break;
    }
    v.top_saved.push_back({row.op->name, *row.figures.saved_us, 1});
  }
  const std::size_t shown = std::min(options.rows, all_rows.size());
  v.rows.reserve(shown);
  for (std::size_t i = 0; i < shown; ++i) {
    const OperatorRow& row = all_rows[i];
    ReportRow out;
    out.report = row.report->id;
    out.name = row.op->name;
    out.types = joined_types(*row.op);
    out.modes = row.figures.modes;
    out.update_mode = row.figures.update_mode;
    out.figures = row.figures;
    out.writer_artefact = row.figures.writer_artefact;
    out.line = row.op->line;
    v.rows.push_back(std::move(out));
  }

  v.title = options.title.empty() ? default_title(v.reports) : options.title;
  v.csv_command = "aoe-result ops --format csv";
  for (const std::string& p : options.paths) v.csv_command += " " + shell_word(p);
  if (baseline != nullptr) v.baseline = compare(*baseline, files);
  return v;
}

}  // namespace aoe::cli
