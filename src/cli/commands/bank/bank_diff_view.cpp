// SPDX-License-Identifier: Apache-2.0
#include "commands/bank/bank_diff_view.hpp"

namespace aoe::cli {

BankResultCheck make_bank_result_check(const std::vector<ResultFile>& files) {
  BankResultCheck c;
  for (const ResultFile& f : files) {
    ++c.files;
    if (!f.readable) continue;
    ++c.readable_files;
    for (const Report& r : f.reports) {
      ++c.reports;
      if (!r.repo_summary) continue;
      ++c.reports_with_summary;
      if (r.repo_summary->add_num) c.add_num = c.add_num.value_or(0) + *r.repo_summary->add_num;
      if (r.repo_summary->update_num)
        c.update_num = c.update_num.value_or(0) + *r.repo_summary->update_num;
    }
  }
  return c;
}

namespace {

InputProblem problem_of(const Diagnostic& d) {
  return {d.file, std::string(to_string(d.code)), d.message};
}

// The first error of `path` among `diagnostics`, as a problem.
InputProblem unreadable(const std::string& path, const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics) {
    if (d.file == path && d.severity == Severity::error) return problem_of(d);
  }
  return {path, std::string(to_string(Code::io_error)), "could not be read"};
}

}  // namespace

BankDiffView make_bank_diff_view(const BankDiff& diff) {
  BankDiffView view;
  view.diff = &diff;
  for (const Diagnostic& d : diff.problems) view.problems.push_back(problem_of(d));
  for (const BankFileDiff& f : diff.files) {
    if (f.old_path && !f.old_readable)
      view.problems.push_back(unreadable(*f.old_path, f.diagnostics));
    if (f.new_path && !f.new_readable)
      view.problems.push_back(unreadable(*f.new_path, f.diagnostics));
  }
  // Two sides of no repository file compared nothing: not a diff of nothing.
  if (diff.old_readable && diff.new_readable && diff.files.empty()) {
    for (const std::string& side : {diff.old_root, diff.new_root}) {
      view.problems.push_back({side, std::string(to_string(Code::no_result_file)),
                               "no repository file (*_runtime_kb.json, *_gradient_fusion.json) "
                               "found"});
    }
  }
  return view;
}

}  // namespace aoe::cli
