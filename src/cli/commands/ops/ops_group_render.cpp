// SPDX-License-Identifier: Apache-2.0
#include "commands/ops/ops_group_render.hpp"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/csv.hpp"
#include "text/file_labels.hpp"
#include "text/fit_table.hpp"
#include "text/json_util.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

using ojson = nlohmann::ordered_json;

namespace {

std::optional<double> saved(const Totals& t) {
  return t.timed_operators > 0 ? std::optional<double>(t.saved_us()) : std::nullopt;
}
std::optional<double> sum_or_none(const Totals& t, double v) {
  return t.timed_operators > 0 ? std::optional<double>(v) : std::nullopt;
}

// A key's name: a column's header, a JSON key, a word of the note.
std::string key_name(GroupKey k) { return std::string(to_string(k)); }

// The key names joined by `separator` ("type,mode").
std::string joined_keys(const std::vector<GroupKey>& keys, std::string_view separator) {
  std::string out;
  for (const GroupKey k : keys) {
    if (!out.empty()) out += separator;
    out += to_string(k);
  }
  return out;
}

// A key value for a table: a file by its label (`file_labels`: its name,
// or its path where two files share a name; csv and json carry the path).
std::string key_text(GroupKey k, const std::string& value,
                     const std::unordered_map<std::string, std::string>& files) {
  if (value.empty()) return kNoValue;
  if (k == GroupKey::file) {
    const auto label = files.find(value);
    return escape_text(label != files.end() ? label->second : value);
  }
  return escape_text(value);
}

// The labels of the files the groups name.
std::unordered_map<std::string, std::string> group_file_labels(const OpsGroupView& v) {
  const auto& keys = v.grouping.spec.keys;
  const auto file_key = std::find(keys.begin(), keys.end(), GroupKey::file);
  if (file_key == keys.end()) return {};
  const auto k = static_cast<std::size_t>(file_key - keys.begin());
  std::vector<std::string> paths;
  for (const Group& g : v.grouping.groups) paths.push_back(g.key_values[k]);
  return file_labels(paths);
}

// The file column is left out of tables when every group has the same file.
bool same_file_everywhere(const OpsGroupView& v, std::size_t key_index) {
  const auto& groups = v.grouping.groups;
  return std::all_of(groups.begin(), groups.end(), [&](const Group& g) {
    return g.key_values[key_index] == groups.front().key_values[key_index];
  });
}

// Whether the values of key `key_index` tell every group apart on their own.
bool distinct_everywhere(const OpsGroupView& v, std::size_t key_index) {
  std::set<std::string_view> seen;
  for (const Group& g : v.grouping.groups) {
    if (!seen.insert(g.key_values[key_index]).second) return false;
  }
  return true;
}

std::string totals_label(const OpsGroupView& v) {
  return fmt::format("all {} group{}", v.matched, v.matched == 1 ? "" : "s");
}

std::string rows_word(const OpsGroupView& v) {
  return v.grouping.spec.grain == RowGrain::per_mode ? "tuning-mode results" : "operators";
}

// The count column's heading, the same in text and Markdown.
const char* count_heading(const OpsGroupView& v) {
  return v.grouping.spec.grain == RowGrain::per_mode ? "results" : "operators";
}

ojson figures_json(const Totals& t, std::size_t artefacts) {
  return ojson{{"operators", t.operators},
               {"timed_operators", t.timed_operators},
               {"before_us", number(t.time_before_us, Precision::us)},
               {"after_us", number(t.time_after_us, Precision::us)},
               {"saved_us", number(saved(t), Precision::us)},
               {"improvement_pct", number(t.improvement_pct(), Precision::pct)},
               {"geomean_speedup", number(t.geomean_speedup(), Precision::ratio)},
               {"artefacts", artefacts}};
}

ojson group_json(const OpsGroupView& v, const Group& g) {
  ojson j = ojson::object();
  const auto& keys = v.grouping.spec.keys;
  for (std::size_t k = 0; k < keys.size(); ++k) j[key_name(keys[k])] = g.key_values[k];
  const ojson figures = figures_json(g.totals, g.artefacts);
  for (auto it = figures.begin(); it != figures.end(); ++it) j[it.key()] = it.value();
  j["share_of_saved_pct"] = number(g.share_of_saved_pct, Precision::pct);
  return j;
}

// The table of `ops_groups_text`: a column per key shown, then the figures.
struct GroupTable {
  std::vector<FitColumn> columns;
  std::vector<std::size_t> key_cols;  // the key index of each key column
};

// The groups' table without rows.
GroupTable group_table(const OpsGroupView& v) {
  const auto& keys = v.grouping.spec.keys;
  GroupTable table;
  std::vector<FitColumn>& c = table.columns;
  // The report ids tell the groups apart on their own (CANN 6.3+ ids hold
  // the time and the pid): the file beside them is then spare.
  const auto report_key = std::find(keys.begin(), keys.end(), GroupKey::report);
  const bool reports_tell_apart =
      report_key != keys.end() &&
      distinct_everywhere(v, static_cast<std::size_t>(report_key - keys.begin()));
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (keys[k] == GroupKey::file && keys.size() > 1 && same_file_everywhere(v, k)) continue;
    // Key columns stay (the numbers on the right are left out first): without
    // them the rows say nothing. Every key but the mode (a short word) may
    // be shortened, keeping what tells its rows apart, rather than the
    // figures be left out; the file's name keeps what tells the files apart.
    const bool file = keys[k] == GroupKey::file;
    const bool shrinkable = keys[k] != GroupKey::mode;
    const std::size_t min = keys[k] == GroupKey::mode ? 8 : 10;
    c.push_back({{key_name(keys[k]), Align::left, shrinkable, min},
                 file && reports_tell_apart ? kSpareRank + 5 : 0U,
                 {}});
    table.key_cols.push_back(k);
  }
  // The last key column holds the totals' label ("all 12 groups"): never
  // narrower than that label, which stays whole.
  Column& last = c.back().column;
  last.min_width = std::max(last.min_width, display_width(totals_label(v)));
  // What each group saved (saved, improv., share) stays; the counts and
  // the other figures are spare: left out (geomean first) before a key is
  // shortened, so that the keys stay whole while they can.
  c.push_back({{count_heading(v), Align::right, false, 0}, kSpareRank, {}});
  c.push_back({{"before µs", Align::right, false, 0}, kSpareRank + 3, {}});
  c.push_back({{"after µs", Align::right, false, 0}, kSpareRank + 2, {}});
  c.push_back({{"saved µs", Align::right, false, 0}, 0, {}});
  c.push_back({{"improv.", Align::right, false, 0}, 0, {}});
  c.push_back({{"geomean", Align::right, false, 0}, kSpareRank + 4, {}});
  c.push_back({{"share", Align::right, false, 0}, 1, {}});
  c.push_back({{"artef.", Align::right, false, 0}, kSpareRank + 1, {}});
  return table;
}

enum class RowKind { group, totals };

// One row of the groups' table: its key cells, then the figures of `t`.
void add_row(GroupTable& table, const std::vector<std::string>& key_cells, const Totals& t,
             std::optional<double> share, std::size_t artefacts, RowKind kind) {
  std::vector<FitColumn>& c = table.columns;
  // The totals row is dim, and its key cells are its label, not key values.
  const Tone tone = kind == RowKind::totals ? Tone::dim : Tone::plain;
  const bool label = kind == RowKind::totals;
  for (std::size_t i = 0; i < key_cells.size(); ++i) {
    c[i].cells.push_back({key_cells[i], tone, label});
  }
  const std::optional<double> s = saved(t);
  std::size_t col = table.key_cols.size();
  c[col++].cells.push_back({fmt::format("{}", t.operators), tone});
  c[col++].cells.push_back({fmt_us(sum_or_none(t, t.time_before_us)), tone});
  c[col++].cells.push_back({fmt_us(sum_or_none(t, t.time_after_us)), tone});
  c[col++].cells.push_back({fmt_us(s), s && *s < 0 ? Tone::bad : tone});
  const std::optional<double> pct = t.improvement_pct();
  Tone pct_tone = tone;
  if (pct && *pct < 0) pct_tone = Tone::bad;
  if (pct && *pct >= 10 && tone == Tone::plain) pct_tone = Tone::good;
  c[col++].cells.push_back({fmt_pct(pct), pct_tone});
  c[col++].cells.push_back({fmt_ratio(t.geomean_speedup()), tone});
  c[col++].cells.push_back({fmt_pct(share), tone});
  c[col++].cells.push_back({fmt::format("{}", artefacts), artefacts > 0 ? Tone::warn : tone});
}

// The note under the groups' table: what was grouped and how to read it.
std::string groups_note(const OpsGroupView& v) {
  std::string note = "grouped by " + joined_keys(v.grouping.spec.keys, ",");
  if (v.grouping.spec.grain == RowGrain::per_mode) note += "; each tuning mode's own figures";
  note += "; improv. = (Σ before − Σ after) / Σ after; share of the time saved by all groups";
  if (v.grouping.all_artefacts > 0) {
    note +=
        "; artef.: every mode an update whose before − after is 0 to 1 µs (AOE's writer, no gain "
        "measured)";
  }
  if (v.grouping.groups.size() < v.matched) {
    note += fmt::format("; {} of {} groups shown (--top 0 for every one)", v.grouping.groups.size(),
                        v.matched);
  }
  return note;
}

// Prose dimmed and wrapped at word boundaries to the width (not with --wide).
std::string wrapped_prose(const std::string& text, const RenderOptions& o) {
  std::string wrapped;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && !o.wide && display_width(line) + 1 + display_width(word) > o.width) {
      wrapped += o.style.dim(line) + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty()) wrapped += o.style.dim(line) + "\n";
  return wrapped;
}

}  // namespace

std::string ops_group_csv_header(const std::vector<GroupKey>& keys) {
  std::string out;
  for (const GroupKey k : keys) out += key_name(k) + ",";
  return out + kOpsGroupCsvColumns;
}

std::string ops_groups_text(const OpsGroupView& v, const RenderOptions& o) {
  if (v.grouping.groups.empty()) return v.matched == 0 ? "no operator matches\n" : "";
  const auto& keys = v.grouping.spec.keys;
  GroupTable t = group_table(v);
  double largest = 0;
  for (const Group& g : v.grouping.groups) {
    if (const auto s = saved(g.totals)) largest = std::max(largest, *s);
  }
  std::vector<std::optional<double>> bars;
  const auto files = group_file_labels(v);
  for (const Group& g : v.grouping.groups) {
    std::vector<std::string> cells;
    for (const std::size_t k : t.key_cols) {
      cells.push_back(key_text(keys[k], g.key_values[k], files));
    }
    add_row(t, cells, g.totals, g.share_of_saved_pct, g.artefacts, RowKind::group);
    const auto s = saved(g.totals);
    bars.push_back(largest > 0 && s && *s > 0 ? std::optional<double>(*s / largest) : std::nullopt);
  }
  std::vector<std::string> total_cells(t.key_cols.size(), "");
  // The label goes in the last key column: the file column before it may be
  // shortened, a label should not.
  total_cells.back() = totals_label(v);
  add_row(t, total_cells, v.grouping.all,
          v.grouping.all.timed_operators > 0 && v.grouping.all.saved_us() > 0
              ? std::optional<double>(100.0)
              : std::nullopt,
          v.grouping.all_artefacts, RowKind::totals);
  bars.push_back(std::nullopt);
  return render_fitted(t.columns, bars, o.width, o.wide, o.style) +
         wrapped_prose(groups_note(v), o);
}

std::string ops_groups_csv(const OpsGroupView& v, const RenderOptions& /*options*/) {
  std::string out = ops_group_csv_header(v.grouping.spec.keys) + "\n";
  for (const Group& g : v.grouping.groups) {
    for (const std::string& value : g.key_values) out += csv_field(value) + ",";
    const Totals& t = g.totals;
    out += fmt::format(
        "{},{},{},{},{},{},{},{},{}\n", t.operators, t.timed_operators,
        csv_number(t.time_before_us, Precision::us), csv_number(t.time_after_us, Precision::us),
        csv_number(saved(t), Precision::us), csv_number(t.improvement_pct(), Precision::pct),
        csv_number(t.geomean_speedup(), Precision::ratio),
        csv_number(g.share_of_saved_pct, Precision::pct), g.artefacts);
  }
  return out;
}

std::string ops_groups_json(const OpsGroupView& v, const RenderOptions& options) {
  return ops_groups_json(v, {}, options);
}

std::string ops_groups_json(const OpsGroupView& v, const std::vector<InputProblem>& problems,
                            const RenderOptions& /*options*/) {
  ojson groups = ojson::array();
  for (const Group& g : v.grouping.groups) groups.push_back(group_json(v, g));
  ojson keys = ojson::array();
  for (const GroupKey k : v.grouping.spec.keys) keys.push_back(key_name(k));
  return dump(
      ojson{{"schema_version", kSchemaVersion},
            {"grain", "group"},
            {"problems", problems_json(problems)},
            {"group_by", std::move(keys)},
            {"row_grain", v.grouping.spec.grain == RowGrain::per_mode ? "mode" : "operator"},
            {"matched", v.matched},
            {"groups", std::move(groups)},
            {"totals", figures_json(v.grouping.all, v.grouping.all_artefacts)}});
}

std::string ops_groups_jsonl(const OpsGroupView& v, const RenderOptions& /*options*/) {
  std::string out;
  for (const Group& g : v.grouping.groups) out += dump(group_json(v, g), -1);
  return out;
}

std::string ops_groups_markdown(const OpsGroupView& v, const RenderOptions& o) {
  const auto& keys = v.grouping.spec.keys;
  std::string out = "## AOE tuned operators by " + joined_keys(keys, ", ") + "\n\n";
  if (v.grouping.groups.empty()) return out + "No operator matches.\n";
  std::vector<std::string> headers;
  std::vector<Align> aligns;
  for (const GroupKey k : keys) {
    headers.push_back(key_name(k));
    aligns.push_back(Align::left);
  }
  for (const char* h : {count_heading(v), "before µs", "after µs", "saved µs", "improv.", "geomean",
                        "share", "artefacts"}) {
    headers.emplace_back(h);
    aligns.push_back(Align::right);
  }
  MarkdownTable table(std::move(headers), std::move(aligns));
  const auto figures_cells = [](std::vector<std::string>& cells, const Totals& t,
                                std::optional<double> share, std::size_t artefacts) {
    cells.push_back(fmt::format("{}", t.operators));
    cells.push_back(fmt_us(sum_or_none(t, t.time_before_us)));
    cells.push_back(fmt_us(sum_or_none(t, t.time_after_us)));
    cells.push_back(fmt_us(saved(t)));
    cells.push_back(fmt_pct(t.improvement_pct()));
    cells.push_back(fmt_ratio(t.geomean_speedup()));
    cells.push_back(fmt_pct(share));
    cells.push_back(fmt::format("{}", artefacts));
  };
  for (const Group& g : v.grouping.groups) {
    std::vector<std::string> cells;
    for (const std::string& value : g.key_values)
      cells.push_back(value.empty() ? kNoValue : md_escape(value));
    figures_cells(cells, g.totals, g.share_of_saved_pct, g.artefacts);
    table.add_row(std::move(cells));
  }
  std::string totals = "\n**" + totals_label(v) + "**: ";
  {
    const Totals& t = v.grouping.all;
    totals += fmt::format("{} {}, saved {} µs, improvement {}, {} artefact{}\n", t.operators,
                          rows_word(v), fmt_us(saved(t)), fmt_pct(t.improvement_pct()),
                          v.grouping.all_artefacts, v.grouping.all_artefacts == 1 ? "" : "s");
  }
  if (v.grouping.groups.size() < v.matched) {
    totals +=
        fmt::format("\n_{} of {} groups shown (--top)._\n", v.grouping.groups.size(), v.matched);
  }
  out += table.render(remaining(o.markdown_limit_bytes, out.size() + totals.size()));
  return out + totals;
}

}  // namespace aoe::cli
