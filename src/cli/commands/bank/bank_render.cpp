// SPDX-License-Identifier: Apache-2.0
#include "commands/bank/bank_render.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

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

constexpr const char* kListNone = "–";

// The path below the folder every path shares.
std::string_view short_path(const BankListView& view, const std::string& path) {
  std::string_view p = path;
  if (!view.common_dir.empty() && p.substr(0, view.common_dir.size()) == view.common_dir)
    p.remove_prefix(view.common_dir.size());
  return p;
}

std::string_view file_name_of(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The listing's rows by folder (the part of each short path before its
// file name; "." for none), in the order the folders first come.
std::vector<RowGroup> folder_groups(const BankListView& view) {
  std::vector<RowGroup> groups;
  for (std::size_t i = 0; i < view.rows.size(); ++i) {
    const std::string_view path = short_path(view, view.rows[i].file->path);
    const std::string_view dir = path.substr(0, path.size() - file_name_of(path).size());
    std::string folder = dir.empty() ? std::string(".") : escape_text(dir);
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const RowGroup& g) { return g.heading == folder; });
    if (it == groups.end()) {
      groups.push_back({std::move(folder), {}});
      it = std::prev(groups.end());
    }
    it->rows.push_back(i);
  }
  return groups;
}

// Its size, or "–" when it could not be opened.
std::string size_text(const BankFile& f) {
  return f.opened ? fmt_bytes(f.size_bytes) : std::string(kListNone);
}

std::string versions_text(const BankFile& f) {
  std::string s;
  for (const std::int64_t v : f.counts.versions) s += (s.empty() ? "" : ",") + std::to_string(v);
  return s.empty() ? kListNone : s;
}

// "2 errors, 1 warning", the reason a file was not read, or "–".
std::string problems_text(const BankRow& row) {
  const BankFile& f = *row.file;
  if (!f.readable) {
    // Every line bad: said in a few words (the diagnostics name the lines).
    if (f.opened && f.counts.records == 0 && f.counts.bad_lines > 0) {
      return "not read: no record in " + plural(f.lines, "line");
    }
    for (const Diagnostic& d : f.diagnostics) {
      if (d.severity == Severity::error) return "not read: " + d.message;
    }
    return "not read";
  }
  std::string s;
  if (row.errors > 0) s = plural(row.errors, "error");
  if (row.warnings > 0) s += (s.empty() ? "" : ", ") + plural(row.warnings, "warning");
  return s.empty() ? kListNone : s;
}

std::string op_type_text(const BankFile& f) {
  if (f.kind == BankFileKind::gradient_fusion) return "(gradient fusion)";
  return f.name ? f.name->op_type : kListNone;
}

std::uint64_t entries_of(const BankFile& f) {
  return f.kind == BankFileKind::gradient_fusion ? f.gradient_fusion.size() : f.counts.records;
}

std::string totals_text(const BankListView& view) {
  const BankTotals& t = view.totals;
  std::string s = plural(t.files, "file");
  std::vector<std::string> parts;
  if (t.runtime_kb > 0) {
    parts.push_back(fmt::format("{} runtime_kb ({}, {})", t.runtime_kb, plural(t.records, "record"),
                                plural(t.distinct_keys, "distinct shape")));
  }
  if (t.gradient_fusion > 0) {
    parts.push_back(fmt::format("{} gradient fusion ({} model {})", t.gradient_fusion,
                                t.gradient_entries, t.gradient_entries == 1 ? "entry" : "entries"));
  }
  if (t.unreadable > 0) parts.push_back(fmt::format("{} not read", t.unreadable));
  if (!parts.empty()) s += ": ";
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  return t.opened > 0 ? s + "; " + fmt_bytes(t.size_bytes) : s;
}

std::string filter_text(const BankListView& view) {
  std::string s;
  if (!view.op.empty()) s += "--op " + view.op;
  for (const BankWhere& w : view.where)
    s += (s.empty() ? "" : " ") + ("--where " + w.key + "=" + w.value);
  return s;
}

std::string listing_text(const BankListView& view, const RenderOptions& o) {
  if (view.rows.empty()) return {};  // stderr says why nothing was read
  std::vector<FitColumn> cols{
      // The op type (with the soc and cores) names a file: kept whole; the
      // file's name, which repeats them, is shortened and left out first.
      {{"file", Align::left, true, 12}, 4, {}},     {{"soc", Align::left, true, 8}, 3, {}},
      {{"cores", Align::right, false, 5}, 3, {}},   {{"op type", Align::left, false, 8}, 0, {}},
      {{"records", Align::right, false, 7}, 0, {}}, {{"shapes", Align::right, false, 6}, 2, {}},
      {{"versions", Align::left, false, 8}, 5, {}}, {{"size", Align::right, false, 8}, 3, {}},
      {{"problems", Align::left, true, 8}, 1, {}}};
  // Files of several folders (a repository's op/ and graph/, or two
  // repositories): each folder's files under its name, so that a row says
  // where it is even when FILE is left out at a narrow width.
  const std::vector<RowGroup> groups = folder_groups(view);
  const bool grouped = groups.size() > 1;
  for (const BankRow& row : view.rows) {
    const BankFile& f = *row.file;
    const bool kb = f.kind == BankFileKind::runtime_kb;
    const bool bad = !f.readable || row.errors > 0;
    cols[0].cells.push_back(
        {escape_text(grouped ? file_name_of(f.path) : short_path(view, f.path))});
    cols[1].cells.push_back({f.soc ? escape_text(*f.soc) : kListNone});
    cols[2].cells.push_back({f.name ? std::to_string(f.name->cores) : kListNone});
    cols[3].cells.push_back({escape_text(op_type_text(f))});
    cols[4].cells.push_back({f.readable ? std::to_string(entries_of(f)) : kListNone});
    cols[5].cells.push_back(
        {kb && f.readable ? std::to_string(f.counts.distinct_keys) : kListNone});
    cols[6].cells.push_back({kb && f.readable ? versions_text(f) : kListNone});
    cols[7].cells.push_back({size_text(f)});
    cols[8].cells.push_back({escape_text(problems_text(row)), bad                ? Tone::bad
                                                              : row.warnings > 0 ? Tone::warn
                                                                                 : Tone::plain});
  }
  std::string out;
  if (!view.common_dir.empty()) out += prose(o, "in " + escape_text(view.common_dir), 0, 3);
  out += grouped ? render_fitted_groups(cols, groups, o.width, o.wide, o.style)
                 : render_fitted(cols, {}, o.width, o.wide, o.style);
  out += wrap_note(escape_text(totals_text(view)), o.width);
  return out;
}

// "key=value" of each entry, for wrapping.
std::vector<std::string> listing_entry_fields(std::string_view label,
                                              const std::vector<BankEntry>& entries) {
  std::vector<std::string> fields{std::string(label)};
  for (const BankEntry& e : entries)
    fields.push_back(escape_text(e.key) + "=" + escape_text(value_json(e.value), Backslash::keep));
  if (entries.empty()) fields.emplace_back("(none)");
  return fields;
}

// A block per record: where it is and its op, then its info_dict and
// knowledge as key=value, wrapped to the width.
std::string matches_text(const BankListView& view, const RenderOptions& o) {
  std::string out;
  if (!view.common_dir.empty()) out += prose(o, "in " + escape_text(view.common_dir), 0, 3);
  const std::size_t width = o.wide ? std::size_t{100000} : o.width;
  for (const BankMatch& m : view.matches) {
    const BankRecord& r = *m.record;
    out += o.style.bold(
        escape_text(std::string(short_path(view, m.file->path)) + ":" + std::to_string(r.line)));
    out += "  op " + (r.op ? escape_text(*r.op) : std::string(kListNone));
    out += "  id " + r.id.value_or(kListNone);
    out += "  version " + (r.version ? std::to_string(*r.version) : std::string(kListNone)) + "\n";
    out += wrap_fields(listing_entry_fields("info_dict", r.info_dict), width, 2, 13);
    out += wrap_fields(listing_entry_fields("knowledge", r.knowledge), width, 2, 13);
  }
  out +=
      wrap_note(escape_text(fmt::format("{} of {} match {}", view.matches.size(),
                                        plural(view.totals.records, "record"), filter_text(view))),
                o.width);
  return out;
}

// A value as JSON for the json format (a number by its value).
ojson value_of(const BankValue& v) {
  switch (v.kind) {
    case BankValue::Kind::integer: {
      std::int64_t i = 0;
      const char* first = v.text.data();
      const char* last = first + v.text.size();
      if (std::from_chars(first, last, i).ec == std::errc{}) return i;
      std::uint64_t u = 0;
      if (std::from_chars(first, last, u).ec == std::errc{}) return u;
      return ojson::parse(v.text, nullptr, false);
    }
    case BankValue::Kind::floating:
    case BankValue::Kind::object:
    case BankValue::Kind::array:
      return ojson::parse(v.text, nullptr, false);
    case BankValue::Kind::boolean:
      return v.text == "true";
    case BankValue::Kind::null:
      return nullptr;
    case BankValue::Kind::string:
      return v.text;
  }
  return nullptr;
}

ojson record_json(const BankListView& view, const BankMatch& m) {
  const BankRecord& r = *m.record;
  (void)view;
  ojson j{{"file", m.file->path}, {"line", r.line}};
  j["soc"] = opt_string(m.file->soc);
  j["op"] = opt_string(r.op);
  j["id"] = r.id ? value_of(BankValue{BankValue::Kind::integer, *r.id}) : ojson(nullptr);
  j["version"] = r.version ? ojson(*r.version) : ojson(nullptr);
  j["info_dict"] = bank_entries_json(r.info_dict);
  j["knowledge"] = bank_entries_json(r.knowledge);
  return j;
}

ojson file_json(const BankRow& row) {
  const BankFile& f = *row.file;
  const bool kb = f.kind == BankFileKind::runtime_kb;
  ojson j{{"path", f.path}, {"kind", std::string(to_string(f.kind))}, {"readable", f.readable}};
  j["soc"] = opt_string(f.soc);
  j["cores"] = f.name ? ojson(f.name->cores) : ojson(nullptr);
  j["op_type"] = f.name ? ojson(f.name->op_type) : ojson(nullptr);
  j["records"] = f.readable && kb ? ojson(f.counts.records) : ojson(nullptr);
  j["distinct_shapes"] = f.readable && kb ? ojson(f.counts.distinct_keys) : ojson(nullptr);
  j["versions"] = f.readable && kb ? ojson(f.counts.versions) : ojson(nullptr);
  j["ops"] = f.readable && kb ? ojson(f.counts.ops) : ojson(nullptr);
  j["bad_lines"] = f.readable && kb ? ojson(f.counts.bad_lines) : ojson(nullptr);
  // Not opened: what its bytes held is not known.
  const auto opened = [&f](const auto& v) { return f.opened ? ojson(v) : ojson(nullptr); };
  j["size_bytes"] = opened(f.size_bytes);
  j["lines"] = opened(f.lines);
  j["byte_order_mark"] = opened(f.byte_order_mark);
  j["crlf"] = opened(f.crlf);
  j["final_newline"] = opened(f.final_newline);
  j["errors"] = row.errors;
  j["warnings"] = row.warnings;
  ojson diags = ojson::array();
  for (const Diagnostic& d : f.diagnostics) diags.push_back(diagnostic_json(d, FileKey::omit));
  j["diagnostics"] = std::move(diags);
  if (!kb) {
    ojson entries = ojson::array();
    for (const GradientFusionEntry& e : f.gradient_fusion) {
      ojson entry{{"line", e.line}};
      entry["model_hash"] = opt_string(e.model_hash);
      entry["graph_id"] = e.graph_id ? ojson(*e.graph_id) : ojson(nullptr);
      entry["segments"] = e.gradient_size_bytes.size();
      entry["gradient_time"] = e.gradient_time;
      entry["gradient_size_bytes"] = e.gradient_size_bytes;
      entries.push_back(std::move(entry));
    }
    j["gradient_fusion"] = std::move(entries);
  }
  return j;
}

}  // namespace

ojson bank_entries_json(const std::vector<BankEntry>& entries) {
  ojson j = ojson::object();
  for (const BankEntry& e : entries) j[e.key] = value_of(e.value);
  return j;
}

std::string bank_text(const BankListView& view, const RenderOptions& options) {
  return view.filtered ? matches_text(view, options) : listing_text(view, options);
}

std::string bank_json(const BankListView& view, const RenderOptions& /*options*/) {
  ojson files = ojson::array();
  for (const BankRow& row : view.rows) files.push_back(file_json(row));
  const BankTotals& t = view.totals;
  ojson doc{{"schema_version", kSchemaVersion},
            {"problems", problems_json(view.problems)},
            {"files", std::move(files)},
            {"totals",
             {{"files", t.files},
              {"runtime_kb_files", t.runtime_kb},
              {"gradient_fusion_files", t.gradient_fusion},
              {"unreadable_files", t.unreadable},
              {"records", t.records},
              {"distinct_shapes", t.distinct_keys},
              {"gradient_fusion_entries", t.gradient_entries},
              {"size_bytes", t.opened > 0 ? ojson(t.size_bytes) : ojson(nullptr)}}}};
  if (view.filtered) {
    ojson where = ojson::array();
    for (const BankWhere& w : view.where) where.push_back({{"key", w.key}, {"value", w.value}});
    doc["filter"] = {{"op", view.op.empty() ? ojson(nullptr) : ojson(view.op)},
                     {"where", std::move(where)}};
    ojson matches = ojson::array();
    for (const BankMatch& m : view.matches) matches.push_back(record_json(view, m));
    doc["matches"] = std::move(matches);
  }
  return dump(doc);
}

std::string bank_jsonl(const BankListView& view, const RenderOptions& /*options*/) {
  // info_dict and knowledge as read: numbers as written (1.000000 stays).
  std::string out;
  const auto quote = [](std::string_view s) {
    return ojson(std::string(s)).dump(-1, ' ', false, ojson::error_handler_t::replace);
  };
  const auto line = [&](const BankFile& f, const BankRecord& r) {
    out += "{\"file\":" + quote(f.path) + ",\"line\":" + std::to_string(r.line);
    out += ",\"soc\":" + (f.soc ? quote(*f.soc) : std::string("null"));
    out += ",\"op\":" + (r.op ? quote(*r.op) : std::string("null"));
    out += ",\"id\":" + (r.id ? *r.id : std::string("null"));
    out += ",\"version\":" + (r.version ? std::to_string(*r.version) : std::string("null"));
    out += ",\"info_dict\":" + entries_json(r.info_dict);
    out += ",\"knowledge\":" + entries_json(r.knowledge) + "}\n";
  };
  if (view.filtered) {
    for (const BankMatch& m : view.matches) line(*m.file, *m.record);
  } else {
    for (const BankRow& row : view.rows) {
      for (const BankRecord& r : row.file->records) line(*row.file, r);
    }
  }
  return terminal_safe_json(std::move(out));
}

std::string bank_csv(const BankListView& view, const RenderOptions& /*options*/) {
  std::vector<BankMatch> records;
  if (view.filtered) {
    records = view.matches;
  } else {
    for (const BankRow& row : view.rows) {
      for (const BankRecord& r : row.file->records) records.push_back({row.file, &r});
    }
  }
  // The union of the keys, in the order first seen.
  std::vector<std::string> info_keys, knowledge_keys;
  std::unordered_map<std::string, std::size_t> info_at, knowledge_at;
  for (const BankMatch& m : records) {
    for (const BankEntry& e : m.record->info_dict) {
      if (info_at.try_emplace(e.key, info_keys.size()).second) info_keys.push_back(e.key);
    }
    for (const BankEntry& e : m.record->knowledge) {
      if (knowledge_at.try_emplace(e.key, knowledge_keys.size()).second)
        knowledge_keys.push_back(e.key);
    }
  }
  std::string out = "file,line,soc,op,id,version";
  for (const std::string& k : info_keys) {
    out += ',';
    append_csv_field(out, "info_dict." + k);
  }
  for (const std::string& k : knowledge_keys) {
    out += ',';
    append_csv_field(out, "knowledge." + k);
  }
  out += '\n';
  std::vector<const BankValue*> cells;
  for (const BankMatch& m : records) {
    const BankRecord& r = *m.record;
    append_csv_field(out, m.file->path);
    out += ',' + std::to_string(r.line) + ',';
    append_csv_field(out, m.file->soc.value_or(""));
    out += ',';
    append_csv_field(out, r.op.value_or(""));
    out += ',' + r.id.value_or("") + ',' + (r.version ? std::to_string(*r.version) : "");
    const auto row = [&](const std::vector<BankEntry>& entries,
                         const std::unordered_map<std::string, std::size_t>& at, std::size_t n) {
      cells.assign(n, nullptr);
      for (const BankEntry& e : entries) cells[at.at(e.key)] = &e.value;
      for (const BankValue* v : cells) {
        out += ',';
        if (v != nullptr) append_csv_field(out, v->kind == BankValue::Kind::null ? "" : v->text);
      }
    };
    row(r.info_dict, info_at, info_keys.size());
    row(r.knowledge, knowledge_at, knowledge_keys.size());
    out += '\n';
  }
  return out;
}

std::string bank_markdown(const BankListView& view, const RenderOptions& options) {
  std::string out;
  if (view.filtered) {
    MarkdownTable t({"file:line", "op", "info_dict", "knowledge"},
                    {Align::left, Align::left, Align::left, Align::left});
    for (const BankMatch& m : view.matches) {
      t.add_row({md_escape(m.file->path + ":" + std::to_string(m.record->line)),
                 md_escape(m.record->op.value_or(kListNone)),
                 md_escape(entries_json(m.record->info_dict)),
                 md_escape(entries_json(m.record->knowledge))});
    }
    out += t.render(options.markdown_limit_bytes, "--format csv for every record");
    out += "\n" +
           md_escape(fmt::format("{} of {} match {}", view.matches.size(),
                                 plural(view.totals.records, "record"), filter_text(view))) +
           "\n";
    return out;
  }
  MarkdownTable t(
      {"file", "soc", "cores", "op type", "records", "shapes", "versions", "size", "problems"},
      {Align::left, Align::left, Align::right, Align::left, Align::right, Align::right, Align::left,
       Align::right, Align::left});
  for (const BankRow& row : view.rows) {
    const BankFile& f = *row.file;
    const bool kb = f.kind == BankFileKind::runtime_kb && f.readable;
    t.add_row({md_escape(f.path), f.soc ? md_escape(*f.soc) : kListNone,
               f.name ? std::to_string(f.name->cores) : kListNone, md_escape(op_type_text(f)),
               f.readable ? std::to_string(entries_of(f)) : kListNone,
               kb ? std::to_string(f.counts.distinct_keys) : kListNone,
               kb ? versions_text(f) : kListNone, size_text(f), md_escape(problems_text(row))});
  }
  out += t.render(options.markdown_limit_bytes, "--format json for every file");
  out += "\n" + md_escape(totals_text(view)) + "\n";
  return out;
}

bool bank_format_lists_records(Format format) noexcept {
  return format == Format::jsonl || format == Format::csv;
}

const OutputTable<BankListView>& bank_outputs() {
  static const OutputTable<BankListView> table(
      "bank",
      {{Format::text, &bank_text, "a row per file and a total; --op/--where: the records"},
       {Format::json, &bank_json, "schema version 1"},
       {Format::jsonl, &bank_jsonl, "one line per record, info_dict and knowledge as read"},
       {Format::csv, &bank_csv, "one row per record, a column per info_dict and knowledge key"},
       {Format::markdown, &bank_markdown, "the listing as a table"}});
  return table;
}

}  // namespace aoe::cli
