// SPDX-License-Identifier: Apache-2.0
#include "commands/bank/bank_view.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <utility>

#include "aoe_result/judgement.hpp"

#include "core/context.hpp"

namespace aoe::cli {

BankWhere parse_bank_where(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw UsageError("--where takes KEY=VALUE (an info_dict key and its value, e.g. m=512), not '" +
                     text + "'");
  }
  BankWhere w;
  w.key = text.substr(0, eq);
  w.value = text.substr(eq + 1);
  BankValue v;
  double number = 0;
  const char* first = w.value.data();
  const char* last = first + w.value.size();
  const auto [end, ec] = std::from_chars(first, last, number);
  if (!w.value.empty() && ec == std::errc{} && end == last) {
    const bool integral = w.value.find_first_of(".eE") == std::string::npos;
    v.kind = integral ? BankValue::Kind::integer : BankValue::Kind::floating;
    v.text = w.value;
  } else if (w.value == "true" || w.value == "false") {
    v.kind = BankValue::Kind::boolean;
    v.text = w.value;
  } else if (w.value == "null") {
    v.kind = BankValue::Kind::null;
    v.text = w.value;
  } else {
    v.kind = BankValue::Kind::string;
    v.text = w.value;
  }
  w.canonical = canonical_value(v);
  return w;
}

bool bank_record_matches(const BankFile& file, const BankRecord& record, const std::string& op,
                         const std::vector<BankWhere>& where) {
  if (!op.empty() && record.op != op && !(file.name && file.name->op_type == op)) return false;
  return std::all_of(where.begin(), where.end(), [&](const BankWhere& w) {
    return std::any_of(record.info_dict.begin(), record.info_dict.end(), [&](const BankEntry& e) {
      return e.key == w.key && canonical_value(e.value) == w.canonical;
    });
  });
}

std::string common_folder(const std::vector<std::string_view>& paths) {
  std::string_view common;
  bool first = true;
  for (const std::string_view p : paths) {
    const std::size_t slash = p.rfind('/');
    const std::string_view dir =
        slash == std::string_view::npos ? std::string_view() : p.substr(0, slash + 1);
    if (first) {
      common = dir;
      first = false;
      continue;
    }
    std::size_t n = 0;
    while (n < common.size() && n < dir.size() && common[n] == dir[n]) ++n;
    common = common.substr(0, n);
  }
  const std::size_t slash = common.rfind('/');
  return slash == std::string_view::npos || slash == 0 ? std::string()
                                                       : std::string(common.substr(0, slash + 1));
}

BankListView make_bank_list_view(const std::vector<BankFile>& files, const std::string& op,
                                 const std::vector<BankWhere>& where) {
  BankListView view;
  view.op = op;
  view.where = where;
  view.filtered = !op.empty() || !where.empty();
  std::vector<std::string_view> paths;
  paths.reserve(files.size());
  for (const BankFile& f : files) paths.emplace_back(f.path);
  view.common_dir = common_folder(paths);
  BankTotals& t = view.totals;
  for (const BankFile& f : files) {
    BankRow row;
    row.file = &f;
    for (const Diagnostic& d : f.diagnostics) {
      row.warnings += d.severity == Severity::warning ? 1U : 0U;
      row.errors += d.severity == Severity::error ? 1U : 0U;
    }
    view.rows.push_back(row);
    ++t.files;
    if (!f.readable) {
      ++t.unreadable;
    } else if (f.kind == BankFileKind::gradient_fusion) {
      ++t.gradient_fusion;
      t.gradient_entries += f.gradient_fusion.size();
    } else {
      ++t.runtime_kb;
      t.records += f.counts.records;
      t.distinct_keys += f.counts.distinct_keys;
    }
    if (f.opened) {
      ++t.opened;
      t.size_bytes += f.size_bytes;
    }
    if (!view.filtered) continue;
    for (const BankRecord& r : f.records) {
      if (bank_record_matches(f, r, op, where)) view.matches.push_back({&f, &r});
    }
  }
  return view;
}

namespace {

// A check of nothing is no pass: when the files read hold no record and no
// gradient-fusion entry (empty banks, `{}`, an empty standard input), each
// gets a `bank-empty` error (docs/check-codes.md). A file that could not
// be read has its own error already.
void no_pass_for_nothing(CheckView& view, const std::vector<BankFile>& files) {
  if (files.empty()) return;
  for (const BankFile& f : files) {
    if (!f.readable || f.counts.records > 0 || !f.gradient_fusion.empty()) return;
  }
  for (CheckedFile& c : view.files) {
    Diagnostic d;
    d.code = Code::bank_empty;  // docs/check-codes.md
    d.severity = Severity::error;
    d.message = view.files.size() == 1
                    ? "the file holds no record: nothing was checked (an empty bank)"
                    : "no file checked holds a record: nothing was checked (empty banks)";
    d.file = c.path;
    c.findings.push_back(std::move(d));
    c.verdict = Verdict::failed;
  }
  view.ok = false;
}

}  // namespace

CheckView check_bank_files(const std::vector<BankFile>& files, Strictness strictness,
                           const std::vector<EmptyInput>& empty_inputs) {
  CheckView view;
  view.strictness = strictness;
  view.part_noun = "";
  view.item_noun = "record";
  for (const BankFile& f : files) {
    CheckedFile c;
    c.path = f.path;
    c.readable = f.readable;
    c.operators = f.readable ? f.counts.records : 0;
    Judgement judgement;  // the one rule of a verdict, as for result files
    judgement.readable = f.readable;
    judgement.findings = check_bank_file(f);
    c.verdict = judgement.verdict(strictness);
    c.findings = std::move(judgement.findings);
    if (c.verdict == Verdict::failed) view.ok = false;
    view.files.push_back(std::move(c));
  }
  no_pass_for_nothing(view, files);
  add_empty_inputs(view, empty_inputs);
  return view;
}

}  // namespace aoe::cli
