// SPDX-License-Identifier: Apache-2.0
#include "commands/bank/bank_diff_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/bank/bank_render.hpp"
#include "text/csv.hpp"
#include "text/fit_table.hpp"
#include "text/json_util.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

// At namespace scope, as in the other renderers (a unity build joins them).
using ojson = nlohmann::ordered_json;

namespace {

constexpr const char* kNone = "–";

std::string op_type_text(const BankFileDiff& f) {
  if (f.kind == BankFileKind::gradient_fusion) return "(gradient fusion)";
  return f.op_type.value_or(kNone);
}

// What a file is, beside its counts: on one side only, not read, the same
// bytes (a gradient fusion file).
std::string note_text(const BankFileDiff& f) {
  std::string s;
  const auto add = [&](const std::string& part) { s += (s.empty() ? "" : "; ") + part; };
  if (!f.new_path) add("only in old");
  if (!f.old_path) add("only in new");
  if (f.old_path && !f.old_readable) add("old not read");
  if (f.new_path && !f.new_readable) add("new not read");
  if (f.same_bytes) add(*f.same_bytes ? "same bytes" : "bytes differ");
  std::size_t warnings = 0;
  for (const Diagnostic& d : f.diagnostics) warnings += d.severity != Severity::info ? 1U : 0U;
  if (warnings > 0) add(plural(warnings, "note") + " on stderr");
  return s.empty() ? kNone : s;
}

bool counted(const BankFileDiff& f) {
  return f.kind == BankFileKind::runtime_kb && (!f.old_path || f.old_readable) &&
         (!f.new_path || f.new_readable);
}

std::string count_cell(const BankFileDiff& f, std::uint64_t n) {
  return counted(f) ? std::to_string(n) : kNone;
}

std::string side_records(const BankFileDiff& f, bool old_side) {
  const bool present = old_side ? f.old_path.has_value() : f.new_path.has_value();
  const bool readable = old_side ? f.old_readable : f.new_readable;
  if (!present || !readable) return kNone;
  return std::to_string(old_side ? f.old_records : f.new_records);
}

std::string totals_text(const BankDiff& d) {
  const BankDiffTotals& t = d.totals;
  std::string s = plural(t.files, "file");
  std::vector<std::string> parts{fmt::format("{} compared", t.compared)};
  if (t.only_old > 0) parts.push_back(fmt::format("{} only in old", t.only_old));
  if (t.only_new > 0) parts.push_back(fmt::format("{} only in new", t.only_new));
  if (t.unreadable > 0) parts.push_back(fmt::format("{} not read", t.unreadable));
  s += " (";
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  s += fmt::format("): {} added, {} removed, {} changed, {} unchanged", plural(t.added, "record"),
                   t.removed, t.changed, t.unchanged);
  if (t.unreadable > 0) s += " in the files read";
  return s;
}

std::string cross_check_text(const BankDiffView& view) {
  const BankResultCheck& c = *view.result_check;
  const BankDiffTotals& t = view.diff->totals;
  const auto num = [](const std::optional<std::int64_t>& n) {
    return n ? std::to_string(*n) : std::string("not read");
  };
  std::string s = fmt::format(
      "result files: repo_add_num {}, repo_update_num {} (summed over {} with a repo_summary, of "
      "{} in {}) beside {} added and {} changed here: a loose cross-check, the result files count "
      "tiling policies per report, the repository holds records per shape",
      num(c.add_num), num(c.update_num), plural(c.reports_with_summary, "report"),
      plural(c.reports, "report"), plural(c.readable_files, "file"), plural(t.added, "record"),
      t.changed);
  if (c.readable_files < c.files) s += fmt::format(" ({} not read)", c.files - c.readable_files);
  return s;
}

// The folder every file's path is in, with its final '/'; empty when none.
std::string common_dir(const BankDiff& d) {
  std::vector<std::string_view> paths;
  paths.reserve(d.files.size());
  for (const BankFileDiff& f : d.files) paths.emplace_back(f.path);
  return common_folder(paths);
}

std::vector<std::string> entry_fields(std::string_view label,
                                      const std::vector<BankEntry>& entries) {
  std::vector<std::string> fields{std::string(label)};
  for (const BankEntry& e : entries)
    fields.push_back(escape_text(e.key) + "=" + escape_text(value_json(e.value), Backslash::keep));
  if (entries.empty()) fields.emplace_back("(none)");
  return fields;
}

std::string joined(const std::vector<std::string>& parts, std::string_view sep) {
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : std::string(sep)) + p;
  return s;
}

std::string lines_text(const BankRecordChange& r) {
  switch (r.change) {
    case BankChange::added:
      return fmt::format("new line {}", r.new_line);
    case BankChange::removed:
      return fmt::format("old line {}", r.old_line);
    case BankChange::changed:
      return fmt::format("line {} → {}", r.old_line, r.new_line);
  }
  return {};
}

}  // namespace

std::string bank_diff_text(const BankDiffView& view, const RenderOptions& o) {
  const BankDiff& d = *view.diff;
  std::string out;
  out += prose(o, "old  " + escape_text(d.old_root), 0, 5);
  out += prose(o, "new  " + escape_text(d.new_root), 0, 5);
  if (!d.old_readable || !d.new_readable) {
    out += wrap_note("nothing compared: a side could not be read", o.width);
    return out;
  }
  if (d.files.empty()) {
    out += wrap_note("nothing compared: no repository file on either side", o.width);
    return out;
  }
  const std::string dir = common_dir(d);
  if (!dir.empty()) out += prose(o, "in   " + escape_text(dir), 0, 5);
  out += "\n";
  // The op type names a file (its file name repeats it around what every
  // file shares): kept whole, while the file's name is shortened and, on a
  // narrow terminal, left out after the counts on each side. The note is
  // a value ("same bytes"): whole, or left out and said.
  std::vector<FitColumn> cols{{{"file", Align::left, true, 12}, 4, {}},
                              {{"op type", Align::left, false, 8}, 0, {}},
                              {{"old", Align::right, false, 3}, kSpareRank, {}},
                              {{"new", Align::right, false, 3}, kSpareRank, {}},
                              {{"added", Align::right, false, 5}, 0, {}},
                              {{"removed", Align::right, false, 7}, 0, {}},
                              {{"changed", Align::right, false, 7}, 0, {}},
                              {{"unchanged", Align::right, false, 9}, 2, {}},
                              {{"note", Align::left, false, 8}, 1, {}}};
  for (const BankFileDiff& f : d.files) {
    const bool bad = (f.old_path && !f.old_readable) || (f.new_path && !f.new_readable);
    const bool one_side = !f.old_path || !f.new_path;
    cols[0].cells.push_back({escape_text(std::string_view(f.path).substr(dir.size()))});
    cols[1].cells.push_back({escape_text(op_type_text(f))});
    cols[2].cells.push_back({side_records(f, true)});
    cols[3].cells.push_back({side_records(f, false)});
    cols[4].cells.push_back({count_cell(f, f.added), f.added > 0 ? Tone::good : Tone::plain});
    cols[5].cells.push_back({count_cell(f, f.removed), f.removed > 0 ? Tone::bad : Tone::plain});
    cols[6].cells.push_back({count_cell(f, f.changed), f.changed > 0 ? Tone::warn : Tone::plain});
    cols[7].cells.push_back({count_cell(f, f.unchanged)});
    cols[8].cells.push_back({escape_text(note_text(f)), bad        ? Tone::bad
                                                        : one_side ? Tone::warn
                                                                   : Tone::plain});
  }
  out += render_fitted(cols, {}, o.width, o.wide, o.style);

  if (d.ops.size() > 1) {
    std::vector<FitColumn> ops{{{"op type", Align::left, false, 8}, 0, {}},
                               {{"files", Align::right, false, 5}, 0, {}},
                               {{"added", Align::right, false, 5}, 0, {}},
                               {{"removed", Align::right, false, 7}, 0, {}},
                               {{"changed", Align::right, false, 7}, 0, {}},
                               {{"unchanged", Align::right, false, 9}, 1, {}}};
    for (const BankOpDiff& op : d.ops) {
      ops[0].cells.push_back({escape_text(op.op_type.empty() ? kNone : op.op_type)});
      ops[1].cells.push_back({std::to_string(op.files)});
      ops[2].cells.push_back({std::to_string(op.added)});
      ops[3].cells.push_back({std::to_string(op.removed)});
      ops[4].cells.push_back({std::to_string(op.changed)});
      ops[5].cells.push_back({std::to_string(op.unchanged)});
    }
    out += "\n" + render_fitted(ops, {}, o.width, o.wide, o.style);
  }

  const std::size_t width = o.wide ? std::size_t{100000} : o.width;
  bool heading = false;
  for (const BankFileDiff& f : d.files) {
    for (const BankRecordChange& r : f.records) {
      if (r.change != BankChange::changed) continue;
      if (!heading) {
        out += "\n" + o.style.bold("changed records") + "\n";
        heading = true;
      }
      out += wrap_fields({escape_text(f.path), lines_text(r)}, width, 0, 2);
      std::vector<std::string> changes;
      // "key: old → new", the values JSON text (their backslashes JSON's).
      for (const std::string& c : r.changes) changes.push_back(escape_text(c, Backslash::keep));
      if (changes.empty())
        changes.emplace_back("(the knowledge differs; its entries were not read again)");
      out += wrap_fields(changes, width, 2, 2);
      out += wrap_fields(entry_fields("info_dict", r.info_dict), width, 2, 13);
    }
  }
  out += "\n" + wrap_note(escape_text(totals_text(d)), o.width);
  if (view.result_check) out += wrap_note(escape_text(cross_check_text(view)), o.width);
  return out;
}

std::string bank_diff_json(const BankDiffView& view, const RenderOptions& /*options*/) {
  const BankDiff& d = *view.diff;
  ojson files = ojson::array();
  for (const BankFileDiff& f : d.files) {
    ojson j{{"path", f.path}};
    j["old_path"] = opt_string(f.old_path);
    j["new_path"] = opt_string(f.new_path);
    j["kind"] = std::string(to_string(f.kind));
    j["op_type"] = opt_string(f.op_type);
    j["old_readable"] = f.old_path ? ojson(f.old_readable) : ojson(nullptr);
    j["new_readable"] = f.new_path ? ojson(f.new_readable) : ojson(nullptr);
    j["compared"] = f.compared;
    const bool n = counted(f);
    j["old_records"] = f.old_path && f.old_readable ? ojson(f.old_records) : ojson(nullptr);
    j["new_records"] = f.new_path && f.new_readable ? ojson(f.new_records) : ojson(nullptr);
    j["added"] = n ? ojson(f.added) : ojson(nullptr);
    j["removed"] = n ? ojson(f.removed) : ojson(nullptr);
    j["changed"] = n ? ojson(f.changed) : ojson(nullptr);
    j["unchanged"] = n ? ojson(f.unchanged) : ojson(nullptr);
    j["same_bytes"] = f.same_bytes ? ojson(*f.same_bytes) : ojson(nullptr);
    ojson records = ojson::array();
    for (const BankRecordChange& r : f.records) {
      ojson rec{{"change", std::string(to_string(r.change))}};
      rec["old_line"] = r.old_line ? ojson(r.old_line) : ojson(nullptr);
      rec["new_line"] = r.new_line ? ojson(r.new_line) : ojson(nullptr);
      rec["op"] = opt_string(r.op);
      rec["info_dict"] = bank_entries_json(r.info_dict);
      rec["knowledge"] = bank_entries_json(r.knowledge);
      rec["changes"] = r.change == BankChange::changed ? ojson(r.changes) : ojson(nullptr);
      records.push_back(std::move(rec));
    }
    j["records"] = std::move(records);
    ojson diags = ojson::array();
    for (const Diagnostic& g : f.diagnostics) diags.push_back(diagnostic_json(g, FileKey::include));
    j["diagnostics"] = std::move(diags);
    files.push_back(std::move(j));
  }
  ojson ops = ojson::array();
  for (const BankOpDiff& o : d.ops) {
    ops.push_back({{"op_type", o.op_type.empty() ? ojson(nullptr) : ojson(o.op_type)},
                   {"files", o.files},
                   {"added", o.added},
                   {"removed", o.removed},
                   {"changed", o.changed},
                   {"unchanged", o.unchanged}});
  }
  const BankDiffTotals& t = d.totals;
  ojson doc{{"schema_version", kSchemaVersion},
            {"old", d.old_root},
            {"new", d.new_root},
            {"problems", problems_json(view.problems)},
            {"files", std::move(files)},
            {"ops", std::move(ops)},
            {"totals",
             {{"files", t.files},
              {"compared", t.compared},
              {"only_old", t.only_old},
              {"only_new", t.only_new},
              {"unreadable", t.unreadable},
              {"old_records", t.old_records},
              {"new_records", t.new_records},
              {"added", t.added},
              {"removed", t.removed},
              {"changed", t.changed},
              {"unchanged", t.unchanged}}}};
  if (view.result_check) {
    const BankResultCheck& c = *view.result_check;
    const auto num = [](const std::optional<std::int64_t>& v) {
      return v ? ojson(*v) : ojson(nullptr);
    };
    doc["result_check"] = {
        {"files", c.files},
        {"readable_files", c.readable_files},
        {"reports", c.reports},
        {"reports_with_summary", c.reports_with_summary},
        {"repo_add_num", num(c.add_num)},
        {"repo_update_num", num(c.update_num)},
        {"note",
         "a loose cross-check: the result files count tiling policies per report, the repository "
         "holds records per shape"}};
  } else {
    doc["result_check"] = nullptr;
  }
  return dump(doc);
}

std::string bank_diff_markdown(const BankDiffView& view, const RenderOptions& options) {
  const BankDiff& d = *view.diff;
  std::string out = "old `" + md_escape(d.old_root) + "`, new `" + md_escape(d.new_root) + "`\n\n";
  MarkdownTable t(
      {"file", "op type", "old", "new", "added", "removed", "changed", "unchanged", "note"},
      {Align::left, Align::left, Align::right, Align::right, Align::right, Align::right,
       Align::right, Align::right, Align::left});
  for (const BankFileDiff& f : d.files) {
    t.add_row({md_escape(f.path), md_escape(op_type_text(f)), side_records(f, true),
               side_records(f, false), count_cell(f, f.added), count_cell(f, f.removed),
               count_cell(f, f.changed), count_cell(f, f.unchanged), md_escape(note_text(f))});
  }
  out += t.render(options.markdown_limit_bytes / 2, "--format json for every file");
  MarkdownTable c({"file", "lines", "changes", "info_dict"},
                  {Align::left, Align::left, Align::left, Align::left});
  for (const BankFileDiff& f : d.files) {
    for (const BankRecordChange& r : f.records) {
      if (r.change != BankChange::changed) continue;
      c.add_row({md_escape(f.path), md_escape(lines_text(r)), md_escape(joined(r.changes, ", ")),
                 md_escape(entries_json(r.info_dict))});
    }
  }
  if (c.rows() > 0) {
    out += "\n**Changed records**\n\n";
    out += c.render(options.markdown_limit_bytes / 2, "--format csv for every record");
  }
  out += "\n" + md_escape(totals_text(d)) + "\n";
  if (view.result_check) out += "\n" + md_escape(cross_check_text(view)) + "\n";
  return out;
}

std::string bank_diff_csv(const BankDiffView& view, const RenderOptions& /*options*/) {
  std::string out = "change,file,op_type,old_line,new_line,op,info_dict,knowledge,changes\n";
  for (const BankFileDiff& f : view.diff->files) {
    for (const BankRecordChange& r : f.records) {
      out += std::string(to_string(r.change)) + ',';
      append_csv_field(out, f.path);
      out += ',';
      append_csv_field(out, f.op_type.value_or(""));
      out += ',' + (r.old_line ? std::to_string(r.old_line) : std::string()) + ',' +
             (r.new_line ? std::to_string(r.new_line) : std::string()) + ',';
      append_csv_field(out, r.op.value_or(""));
      out += ',';
      append_csv_field(out, entries_json(r.info_dict));
      out += ',';
      append_csv_field(out, entries_json(r.knowledge));
      out += ',';
      append_csv_field(out, joined(r.changes, "; "));
      out += '\n';
    }
  }
  return out;
}

const OutputTable<BankDiffView>& bank_diff_outputs() {
  static const OutputTable<BankDiffView> table(
      "bank diff",
      {{Format::text, &bank_diff_text, "a row per file, the changed records, a total"},
       {Format::json, &bank_diff_json, "schema version 1"},
       {Format::markdown, &bank_diff_markdown, "the files and the changed records as tables"},
       {Format::csv, &bank_diff_csv, "a row per added, removed or changed record"}});
  return table;
}

}  // namespace aoe::cli
