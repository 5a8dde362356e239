// SPDX-License-Identifier: Apache-2.0
#include "commands/diff/diff_render.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <utility>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <nlohmann/json.hpp>

#include "text/csv.hpp"
#include "text/fit_table.hpp"
#include "text/json_util.hpp"
#include "text/json_writer.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"
#include "text/ordered_rounds.hpp"
#include "text/table.hpp"

namespace aoe::cli {

namespace {

// "+121.790", "-8.000"; "0.000" for no change.
std::string signed_us(std::optional<double> v) {
  if (!v || !std::isfinite(*v)) return kNoValue;
  if (std::fabs(*v) < 0.0005) return "0.000";
  if (std::fabs(*v) >= kExponentFrom) return fmt::format("{:+.3e}", *v);
  std::string out;
  if (append_fixed(out, *v, 3, Sign::always)) return out;
  return fmt::format("{:+.3f}", *v);
}
std::string signed_pct(std::optional<double> v) {
  if (!v) return kNoValue;
  if (std::fabs(*v) < 0.005) return "0.00%";
  std::string out;
  if (append_fixed(out, *v, 2, Sign::always)) return out + '%';
  return fmt::format("{:+.2f}%", *v);
}

std::string section_title(DiffClass c) {
  switch (c) {
    case DiffClass::failed_new:
      return "failed in NEW (tuned in OLD)";
    case DiffClass::regression:
      return "slower in NEW";
    case DiffClass::improvement:
      return "faster in NEW";
    case DiffClass::fixed_new:
      return "fixed in NEW (failed in OLD)";
    case DiffClass::unchanged:
      return "unchanged";
    case DiffClass::untimed:
      return "not comparable (an after-tune time is missing)";
    case DiffClass::only_old:
      return "only in OLD";
    case DiffClass::only_new:
      return "only in NEW";
    case DiffClass::failed_untuned:
      break;
  }
  return "failed, tuned in neither run";
}

// Which runs list a name among their failed operators: "OLD", "NEW",
// "both"; "" for neither.
std::string_view failed_in(const DiffEntry& e) {
  if (e.old_side.failed && e.new_side.failed) return "both";
  if (e.old_side.failed) return "OLD";
  return e.new_side.failed ? "NEW" : "";
}

std::string files_phrase(std::size_t n) { return plural(n, "file"); }

std::string summary_line(const Diff& d) {
  const DiffSummary& s = d.summary;
  std::string line;
  if (s.failed_new > 0) line += fmt::format("{} failed in NEW, ", s.failed_new);
  line += fmt::format("{} slower, {} faster, ", s.regressions, s.improvements);
  if (s.fixed_new > 0) line += fmt::format("{} fixed in NEW, ", s.fixed_new);
  line += fmt::format("{} unchanged", s.unchanged);
  if (s.untimed > 0) line += fmt::format(", {} not comparable", s.untimed);
  line += fmt::format(", {} only in OLD, {} only in NEW", s.only_old, s.only_new);
  if (s.failed_untuned > 0) {
    line += fmt::format(", {} failed and tuned in neither run", s.failed_untuned);
  }
  if (s.compared() > 0) {
    line += fmt::format(
        "; total after-tune time {} → {} µs ({} µs, {}) over the {} in both",
        fmt_us(s.old_after_us), fmt_us(s.new_after_us), signed_us(s.change_us()),
        signed_pct(s.change_pct()),
        plural(s.compared(), d.grain == DiffGrain::per_mode ? "operator mode" : "operator"));
  }
  return line;
}

std::string repeated_note(const DiffSummary& s) {
  if (s.old_repeated == 0 && s.new_repeated == 0) return {};
  return fmt::format(
      "{} of OLD and {} of NEW occur more than once; the last occurrence in input "
      "order (with a directory, the newest file) is compared",
      plural(s.old_repeated, "operator"), s.new_repeated);
}

std::string gate_text(const DiffView& view) {
  if (!view.gate) return {};
  const DiffGate& g = *view.gate;
  return gate_line(gate_options(g), gate_finding(view), g.verdict());
}

// "mode": the entry's tuning mode, null when joined per operator.
void write_mode_member(JsonWriter& w, const DiffEntry& e) {
  w.key("mode");
  if (e.mode) {
    w.text(e.mode->view());
  } else {
    w.value(nullptr);
  }
}

void write_gate_json(JsonWriter& w, const DiffView& view) {
  w.key("gate");
  if (!view.gate) {
    w.value(nullptr);
    return;
  }
  const DiffGate& g = *view.gate;
  w.begin_object();
  w.member("fail_above_pct", number(g.fail_above_pct));
  w.member("scope", g.scope == GateScope::total ? "total" : "operator");
  w.member("broken", g.broken);
  w.member("judged", g.judged);
  w.member("verdict", g.verdict() == GateVerdict::passed   ? "passed"
                      : g.verdict() == GateVerdict::broken ? "broken"
                                                           : "not-judged");
  w.member("ignore_artefacts", g.artefacts == Artefacts::ignore);
  w.key("operators_over");
  w.begin_array();
  for (const std::size_t i : g.over) w.value(std::string(view.diff.entries[i].op_name));
  w.end_array();
  // The same entries with their tuning mode (null with grain "operator"):
  // with --per-mode a name alone does not say which mode broke the gate.
  w.key("entries_over");
  w.begin_array();
  for (const std::size_t i : g.over) {
    const DiffEntry& e = view.diff.entries[i];
    w.begin_object();
    w.member_text("op_name", e.op_name);
    write_mode_member(w, e);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// One side of an entry: null when the operator is not in that run.
void write_side_json(JsonWriter& w, const DiffSide& sd) {
  if (!sd.present()) {
    w.value(nullptr);
    return;
  }
  w.begin_object();
  w.member_number("after_us", sd.after_us);
  w.member_text("file", sd.file.view());
  w.member_text("report", sd.report.view());
  w.member_count("occurrences", sd.occurrences);
  w.end_object();
}

// One element of "operators".
void write_entry_json(JsonWriter& row, const DiffEntry& e) {
  row.begin_object();
  row.member_text("class", to_string(e.kind));
  row.member_text("op_name", e.op_name);
  write_mode_member(row, e);
  row.key("op_type");
  row.string_array(e.types);
  row.member_number("old_after_us", e.old_side.after_us);
  row.member_number("new_after_us", e.new_side.after_us);
  row.member_number("change_us", e.change_us(), Precision::us);
  row.member_number("change_pct", e.change_pct(), Precision::pct);
  row.member_bool("within_writer_artefact", e.within_writer_artefact());
  row.key("old");
  write_side_json(row, e.old_side);
  row.key("new");
  write_side_json(row, e.new_side);
  row.member_bool("old_failed", e.old_side.failed);
  row.member_bool("new_failed", e.new_side.failed);
  row.end_object();
}

}  // namespace

void write_diff_text(const DiffView& view, const RenderOptions& options, std::ostream& out) {
  const Diff& d = view.diff;
  const DiffHeader& h = view.header;
  const bool per_mode = d.grain == DiffGrain::per_mode;
  out << prose(options,
               fmt::format("OLD  {}  ({})", escape_text(h.old_label), files_phrase(h.old_files)), 0,
               5)
      << prose(options,
               fmt::format("NEW  {}  ({})", escape_text(h.new_label), files_phrase(h.new_files)), 0,
               5);
  bool any_artefact = false;
  std::size_t i = 0;
  while (i < d.entries.size()) {
    const DiffClass kind = d.entries[i].kind;
    std::size_t end = i;
    while (end < d.entries.size() && d.entries[end].kind == kind) ++end;
    const std::size_t listed = view.rows_listed(kind, end - i);
    if (listed == 0) {
      out << fmt::format("\n{} ({}): not listed (--hide-unchanged)\n",
                         options.style.bold(section_title(kind)), end - i);
      i = end;
      continue;
    }
    // A time no listed row has is left out (an operator only in OLD has no
    // new time and no change): the section's title says why.
    bool has_old = false;
    bool has_new = false;
    bool has_change = false;
    bool has_change_pct = false;
    for (std::size_t k = i; k < i + listed; ++k) {
      const DiffEntry& e = d.entries[k];
      has_old = has_old || e.old_side.after_us.has_value();
      has_new = has_new || e.new_side.after_us.has_value();
      has_change = has_change || e.change_us().has_value();
      has_change_pct = has_change_pct || e.change_pct().has_value();
    }
    // On a narrow terminal the type goes first (rather than a name be
    // cut), then the old and new times and the change in µs: the operator
    // and its change in percent always stay (fit_table.hpp).
    // A failed name tuned in neither run has no mode, no type and no times:
    // which run failed it instead.
    const bool has_failed_in = kind == DiffClass::failed_untuned;
    const bool has_mode = per_mode && !has_failed_in;
    std::vector<FitColumn> columns{{{"operator", Align::left, true, 12}, 0, {}}};
    if (has_mode) columns.push_back({{"mode", Align::left, false, 0}, 0, {}});
    if (!has_failed_in) columns.push_back({{"type", Align::left, true, 8}, kSpareRank, {}});
    // An operator of one run only has no time on the other side and no
    // change: those columns go first, its one time stays.
    // One failed in NEW usually has no new time, one fixed no old time.
    const bool old_only = kind == DiffClass::only_old || kind == DiffClass::failed_new;
    const bool new_only = kind == DiffClass::only_new || kind == DiffClass::fixed_new;
    const bool one_side = old_only || new_only;
    if (has_old) {
      columns.push_back({{"old after µs", Align::right, false, 0},
                         new_only   ? 9U
                         : old_only ? 0U
                                    : 4U,
                         {}});
    }
    if (has_new) {
      columns.push_back({{"new after µs", Align::right, false, 0},
                         old_only   ? 9U
                         : new_only ? 0U
                                    : 3U,
                         {}});
    }
    if (has_change) {
      columns.push_back({{"change µs", Align::right, false, 0}, one_side ? 9U : 2U, {}});
    }
    if (has_change_pct) {
      columns.push_back({{"change", Align::right, false, 0}, one_side ? 9U : 0U, {}});
    }
    if (has_failed_in) columns.push_back({{"failed in", Align::left, false, 0}, 0, {}});
    const Tone tone = kind == DiffClass::regression || kind == DiffClass::failed_new ? Tone::bad
                      : kind == DiffClass::improvement || kind == DiffClass::fixed_new
                          ? Tone::good
                          : Tone::plain;
    // Made on several cores (write_fitted): reads the entries only.
    const FillRow fill = [&d, i, has_mode, tone, has_old, has_new, has_change, has_change_pct,
                          has_failed_in](std::size_t row, std::vector<Cell>& cells) {
      const DiffEntry& e = d.entries[i + row];
      std::size_t c = 0;
      cells[c++] = {escape_text(shown_name(e.op_name))};
      if (has_mode) cells[c++] = {escape_text(e.mode ? e.mode->view() : std::string_view())};
      if (!has_failed_in) cells[c++] = {escape_text(join_types(e.types))};
      if (has_old) cells[c++] = {fmt_us(e.old_side.after_us)};
      if (has_new) cells[c++] = {fmt_us(e.new_side.after_us)};
      if (has_change) {
        std::string change_us = signed_us(e.change_us());
        if (e.within_writer_artefact()) change_us += "*";
        cells[c++] = {std::move(change_us), tone};
      }
      if (has_change_pct) cells[c++] = {signed_pct(e.change_pct()), tone};
      if (has_failed_in) cells[c] = {std::string(failed_in(e)), Tone::bad};
    };
    for (std::size_t k = i; has_change && k < i + listed && !any_artefact; ++k) {
      any_artefact = d.entries[k].within_writer_artefact();
    }
    out << fmt::format("\n{} ({}):\n", options.style.bold(section_title(kind)), end - i);
    write_fitted(out, std::move(columns), listed, fill, options.width, options.wide, options.style,
                 2);
    if (listed < end - i) {
      out << prose(options,
                   fmt::format("… {} more not listed (--top {}; --top 0 lists every one)",
                               end - i - listed, view.top),
                   2, 4);
    }
    i = end;
  }
  out << "\n" << prose(options, summary_line(d));
  if (const std::string r = repeated_note(d.summary); !r.empty()) {
    out << prose(options, "note: " + r, 0, 6);
  }
  // Said only when a row is marked: a note about nothing shown is noise.
  if (any_artefact) out << prose(options, fmt::format("note: * {}", kWriterArtefactNote), 0, 8);
  if (const std::string g = gate_text(view); !g.empty()) out << prose(options, g);
}

void write_diff_json(const DiffView& view, const RenderOptions& /*options*/, std::ostream& out) {
  const Diff& d = view.diff;
  const DiffHeader& h = view.header;
  const DiffSummary& s = d.summary;
  JsonWriter w(out);
  w.begin_object();
  write_json_preamble(w);
  w.key("problems");
  w.tree(problems_json(view.problems));
  w.key("old");
  w.begin_object();
  w.member("path", h.old_label);
  w.member("files", h.old_files);
  w.end_object();
  w.key("new");
  w.begin_object();
  w.member("path", h.new_label);
  w.member("files", h.new_files);
  w.end_object();
  w.member("grain", d.grain == DiffGrain::per_mode ? "mode" : "operator");
  w.key("summary");
  w.begin_object();
  w.member("failed_new", s.failed_new);
  w.member("regressions", s.regressions);
  w.member("improvements", s.improvements);
  w.member("fixed_new", s.fixed_new);
  w.member("unchanged", s.unchanged);
  w.member("untimed", s.untimed);
  w.member("only_old", s.only_old);
  w.member("only_new", s.only_new);
  w.member("failed_untuned", s.failed_untuned);
  w.member("compared", s.compared());
  w.member_number("old_after_us", s.old_after_us, Precision::us);
  w.member_number("new_after_us", s.new_after_us, Precision::us);
  w.member_number("change_us", s.change_us(), Precision::us);
  w.member_number("change_pct", s.change_pct(), Precision::pct);
  w.end_object();
  write_gate_json(w, view);
  w.key("operators");
  w.begin_array();
  // Made on several cores (JsonWriter::elements): reads the entries only.
  w.elements(d.entries.size(),
             [&d](JsonWriter& row, std::size_t i) { write_entry_json(row, d.entries[i]); });
  w.end_array();
  w.key("notes");
  w.begin_array();
  w.value(kWriterArtefactNote);
  if (const std::string r = repeated_note(s); !r.empty()) w.value(r);
  w.end_array();
  w.end_object();
  w.end_document();
}

void write_diff_csv(const DiffView& view, const RenderOptions& /*options*/, std::ostream& out) {
  const Diff& d = view.diff;
  out << kDiffCsvHeader << "\n";
  // Rows made on several cores (ordered_rounds.hpp): they read the entries only.
  write_rows_in_order(out, d.entries.size(), [&d](std::size_t i, std::string& line) {
    const DiffEntry& e = d.entries[i];
    line += to_string(e.kind);
    line += ',';
    append_csv_field(line, e.op_name);
    line += ',';
    append_csv_field(line, e.mode ? e.mode->view() : std::string_view());
    line += ',';
    append_csv_field(line, join_types(e.types));
    // The times as read; their change rounded (numbers.hpp).
    const std::pair<std::optional<double>, Precision> numbers[] = {
        {e.old_side.after_us, Precision::as_read},
        {e.new_side.after_us, Precision::as_read},
        {e.change_us(), Precision::us},
        {e.change_pct(), Precision::pct}};
    for (const auto& [v, precision] : numbers) {
      line += ',';
      append_csv_number(line, v, precision);
    }
    line += e.within_writer_artefact() ? ",true," : ",false,";
    fmt::format_to(std::back_inserter(line), "{},{},", e.old_side.occurrences,
                   e.new_side.occurrences);
    for (const DiffSide* sd : {&e.old_side, &e.new_side}) {
      append_csv_field(line, sd->present() ? sd->file.view() : std::string_view());
      line += ',';
      append_csv_field(line, sd->present() ? sd->report.view() : std::string_view());
      line += ',';
    }
    line += e.old_side.failed ? "true," : "false,";
    line += e.new_side.failed ? "true\n" : "false\n";
  });
}

std::string diff_markdown(const DiffView& view, const RenderOptions& options) {
  const Diff& d = view.diff;
  const DiffHeader& h = view.header;
  const bool per_mode = d.grain == DiffGrain::per_mode;
  // Names are escaped as in every Markdown output (md_escape), and the
  // document keeps under the step-summary limit like ops/check/show.
  std::string out =
      fmt::format("**OLD** {} ({}) → **NEW** {} ({})\n\n", md_escape(h.old_label),
                  files_phrase(h.old_files), md_escape(h.new_label), files_phrase(h.new_files));
  std::vector<std::string> headers{"change", "operator"};
  if (per_mode) headers.emplace_back("mode");
  for (const char* c : {"type", "old after µs", "new after µs", "change µs", "change %"}) {
    headers.emplace_back(c);
  }
  std::vector<Align> aligns(headers.size(), Align::left);
  for (std::size_t i = headers.size() - 4; i < headers.size(); ++i) aligns[i] = Align::right;
  std::string tail = "\n" + summary_line(d) + "\n";
  if (const std::string r = repeated_note(d.summary); !r.empty()) tail += "\n> " + r + "\n";
  const bool any_artefact = std::any_of(d.entries.begin(), d.entries.end(), [](const DiffEntry& e) {
    return e.within_writer_artefact();
  });
  if (any_artefact) tail += fmt::format("\n> \\* {}\n", kWriterArtefactNote);
  if (const std::string g = gate_text(view); !g.empty()) tail += "\n" + g + "\n";
  const std::size_t limit = remaining(options.markdown_limit_bytes, out.size() + tail.size());
  MarkdownTable table(std::move(headers), std::move(aligns));
  table.keep_within(limit);  // rows past the limit are counted, not built
  // --top and --hide-unchanged: the rows of each class past what is listed
  // are skipped and said under the table.
  std::size_t not_listed = 0;
  std::size_t class_start = 0;
  std::size_t class_listed = 0;
  for (std::size_t i = 0; i < d.entries.size(); ++i) {
    const DiffEntry& e = d.entries[i];
    if (i == 0 || e.kind != d.entries[i - 1].kind) {
      class_start = i;
      std::size_t class_end = i;
      while (class_end < d.entries.size() && d.entries[class_end].kind == e.kind) ++class_end;
      class_listed = view.rows_listed(e.kind, class_end - i);
      not_listed += class_end - i - class_listed;
    }
    if (i - class_start >= class_listed) continue;
    if (table.full()) {  // a listed row past the size limit: counted, not built
      table.count_rows(1);
      continue;
    }
    std::vector<std::string> cells{std::string(to_string(e.kind)),
                                   md_escape(shown_name(e.op_name))};
    if (per_mode) cells.push_back(md_escape(e.mode ? e.mode->view() : std::string_view()));
    cells.push_back(md_escape(join_types(e.types)));
    // A failed name tuned in neither run: "failed" in the run that lists it.
    const bool untuned = e.kind == DiffClass::failed_untuned;
    cells.push_back(untuned && e.old_side.failed ? "failed" : fmt_us(e.old_side.after_us));
    cells.push_back(untuned && e.new_side.failed ? "failed" : fmt_us(e.new_side.after_us));
    cells.push_back(signed_us(e.change_us()) + (e.within_writer_artefact() ? "\\*" : ""));
    cells.push_back(signed_pct(e.change_pct()));
    table.add_row(std::move(cells));
  }
  out += table.render(limit);
  if (not_listed > 0) {
    std::string why = view.top != 0 ? fmt::format("--top {}", view.top) : std::string();
    if (view.hide_unchanged) why += why.empty() ? "--hide-unchanged" : ", --hide-unchanged";
    out += fmt::format("\n> {} not listed ({}); the summary below counts every one.\n",
                       plural(not_listed, "operator"), why);
  }
  return out + tail;
}

const OutputTable<DiffView>& diff_outputs() {
  static const OutputTable<DiffView> table(
      "diff", {{Format::text, &write_diff_text, "a table per class, regressions first"},
               {Format::json, &write_diff_json, "schema version 1"},
               {Format::csv, &write_diff_csv, "one row per operator"},
               {Format::markdown, &diff_markdown, "for $GITHUB_STEP_SUMMARY"}});
  return table;
}

}  // namespace aoe::cli
