// SPDX-License-Identifier: Apache-2.0
#include "commands/profile/profile_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/csv.hpp"
#include "text/fit_table.hpp"
#include "text/json_util.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"
#include "text/table.hpp"
#include "text/term.hpp"

namespace aoe::cli {

std::optional<double> share_pct(std::optional<double> share) {
  if (!share) return std::nullopt;
  return *share * 100.0;
}

// At namespace scope, as in the other renderers (a unity build joins them).
using ojson = nlohmann::ordered_json;

namespace {

// The operator table's columns: one list for CSV, JSON and the help.
constexpr const char* kProfileCsvColumns[] = {"name",        "type",      "task_type", "calls",
                                              "timed_calls", "total_us",  "mean_us",   "median_us",
                                              "p95_us",      "share_pct", "devices"};

std::optional<double> share_of(double part_us, const Profile& p) {
  if (p.total_us == 0.0) return std::nullopt;
  return part_us / p.total_us * 100.0;
}

std::string devices_text(const std::vector<std::int64_t>& devices) {
  std::string out;
  for (const std::int64_t d : devices) out += (out.empty() ? "" : " ") + std::to_string(d);
  return out;
}

std::string formats_text(const Profile& p) {
  bool op_summary = false;
  bool kernel_details = false;
  for (const ProfileFile& f : p.files) {
    if (f.format == ProfileFormat::op_summary) op_summary = true;
    if (f.format == ProfileFormat::kernel_details) kernel_details = true;
  }
  if (op_summary && kernel_details) return "op_summary and kernel_details";
  if (op_summary) return "op_summary";
  if (kernel_details) return "kernel_details";
  return "none readable";
}

std::size_t readable_files(const Profile& p) {
  std::size_t n = 0;
  for (const ProfileFile& f : p.files) n += f.readable ? 1 : 0;
  return n;
}

// "1 file (op_summary), device 0; 8 rows read, 2 not read".
std::string read_line(const ProfileView& v) {
  const Profile& p = *v.profile;
  std::string out = plural(p.files.size(), "file");
  const std::size_t readable = readable_files(p);
  if (readable == 0) {
    out += p.files.empty() ? "" : (p.files.size() == 1 ? ", not readable" : ", none readable");
  } else {
    if (readable != p.files.size()) out += fmt::format(", {} readable", readable);
    out += " (" + formats_text(p) + ")";
  }
  if (v.devices.empty()) {
    out += ", no device named";
  } else {
    out += (v.devices.size() == 1 ? ", device " : ", devices ") + devices_text(v.devices);
  }
  out += "; " + plural(p.rows, "row") + " read";
  if (p.bad_rows > 0) out += fmt::format(", {} not read (named on stderr)", p.bad_rows);
  return out;
}

std::string filter_words(const ProfileView& v) {
  std::string out = fmt::format("{} of {} operators", v.shown.size(), v.profile->operators.size());
  if (v.filtered) out += fmt::format(" ({} match the filters)", v.matching);
  return out + ", by " + v.sort_name;
}

std::string left_out_line(const ProfileView& v) {
  return fmt::format("{} more {} not shown (--top {}; --top 0 shows every one)", v.left_out,
                     v.left_out == 1 ? "operator" : "operators", v.top);
}

ojson operator_json(const ProfileOperator& op) {
  ojson devices = ojson::array();
  for (const std::int64_t d : op.devices) devices.push_back(d);
  return ojson{{"name", op.name},
               {"type", op.type},
               {"task_type", op.task_type},
               {"calls", op.stats.calls},
               {"timed_calls", op.stats.timed_calls},
               {"total_us", number(op.stats.known_total_us(), Precision::us)},
               {"mean_us", number(op.stats.mean_us, Precision::us)},
               {"median_us", number(op.stats.median_us, Precision::us)},
               {"p95_us", number(op.stats.p95_us, Precision::us)},
               {"share_pct", number(share_pct(op.share), Precision::pct)},
               {"devices", std::move(devices)}};
}

}  // namespace

std::string profile_csv_header() {
  std::string out;
  // Appended in place: GCC 12's -Wstringop-overflow misreads the
  // temporary of `"," + std::string(c)` in a static -O3 build.
  for (const char* c : kProfileCsvColumns) {
    if (!out.empty()) out += ',';
    out += c;
  }
  return out;
}

std::string profile_text(const ProfileView& v, const RenderOptions& options) {
  const Profile& p = *v.profile;
  const Style& style = options.style;
  std::string out = prose(options, escape_text(v.input) + ": " + read_line(v), 0, 2);
  if (v.nothing_read) {
    out += style.red("nothing read") + ": no row of a profile, so no device time\n";
    return out;
  }
  out += "total device time: " + fmt_us(p.total_us) + " µs\n";

  Table types({{"task type", Align::left, true, 8},
               {"calls", Align::right},
               {"total µs", Align::right},
               {"share", Align::right}});
  for (const ProfileTaskTypeTotal& t : p.task_types) {
    types.add_row({{t.task_type.empty() ? std::string(kNoValue) : escape_text(t.task_type)},
                   {std::to_string(t.calls)},
                   {fmt_us(t.total_us)},
                   {fmt_pct(share_of(t.total_us, p))}});
  }
  out += "\nby task type:\n" + types.render(options.width, options.wide, style, 2);

  out += "\n" + filter_words(v) + ":\n";
  if (v.shown.empty()) {
    out += "  none\n";
  } else {
    // Names whole first: the task type, median, P95 and type are left out
    // for them (spare), then the calls and the share to fit; total and
    // mean never.
    const auto column = [](const char* header, Align align, bool shrink, unsigned rank) {
      return FitColumn{{header, align, shrink, shrink ? std::size_t{8} : std::size_t{6}}, rank, {}};
    };
    std::vector<FitColumn> cols{
        column("operator", Align::left, true, 0),    column("type", Align::left, true, 5),
        column("task type", Align::left, false, 8),  column("calls", Align::right, false, 2),
        column("total µs", Align::right, false, 0),  column("mean µs", Align::right, false, 0),
        column("median µs", Align::right, false, 7), column("P95 µs", Align::right, false, 6),
        column("share", Align::right, false, 1)};
    for (const ProfileOperator* op : v.shown) {
      cols[0].cells.push_back({escape_text(shown_name(op->name))});
      cols[1].cells.push_back({op->type.empty() ? std::string(kNoValue) : escape_text(op->type)});
      cols[2].cells.push_back(
          {op->task_type.empty() ? std::string(kNoValue) : escape_text(op->task_type)});
      cols[3].cells.push_back(
          {op->stats.timed_calls == op->stats.calls
               ? std::to_string(op->stats.calls)
               : fmt::format("{} ({} timed)", op->stats.calls, op->stats.timed_calls)});
      cols[4].cells.push_back({fmt_us(op->stats.known_total_us())});
      cols[5].cells.push_back({fmt_us(op->stats.mean_us)});
      cols[6].cells.push_back({fmt_us(op->stats.median_us)});
      cols[7].cells.push_back({fmt_us(op->stats.p95_us)});
      cols[8].cells.push_back({fmt_pct(share_pct(op->share))});
    }
    out += render_fitted(cols, {}, options.width, options.wide, style, 2);
  }
  if (v.left_out > 0) out += "  " + left_out_line(v) + '\n';

  if (!p.steps.empty()) {
    Table steps({{"step", Align::right}, {"calls", Align::right}, {"total µs", Align::right}});
    for (const ProfileStep& s : p.steps) {
      steps.add_row({{std::to_string(s.step_id)}, {std::to_string(s.calls)}, {fmt_us(s.total_us)}});
    }
    out += "\nper step:\n" + steps.render(options.width, options.wide, style, 2);
  }
  return out;
}

std::string profile_json(const ProfileView& v, const RenderOptions& /*options*/) {
  const Profile& p = *v.profile;
  ojson files = ojson::array();
  for (const ProfileFile& f : p.files) {
    ojson devices = ojson::array();
    for (const std::int64_t d : f.devices) devices.push_back(d);
    files.push_back(
        ojson{{"path", f.path},
              {"readable", f.readable},
              {"format", f.format ? ojson(std::string(to_string(*f.format))) : ojson(nullptr)},
              {"rows", f.readable ? ojson(f.rows) : ojson(nullptr)},
              {"bad_rows", f.readable ? ojson(f.bad_rows) : ojson(nullptr)},
              {"devices", std::move(devices)},
              {"has_steps", f.readable ? ojson(f.has_steps) : ojson(nullptr)}});
  }
  ojson devices = ojson::array();
  for (const std::int64_t d : v.devices) devices.push_back(d);
  ojson types = ojson::array();
  ojson steps = ojson::array();
  ojson ops = ojson::array();
  if (!v.nothing_read) {
    for (const ProfileTaskTypeTotal& t : p.task_types) {
      types.push_back(ojson{{"task_type", t.task_type},
                            {"calls", t.calls},
                            {"total_us", number(t.total_us, Precision::us)},
                            {"share_pct", number(share_of(t.total_us, p), Precision::pct)}});
    }
    for (const ProfileStep& s : p.steps) {
      steps.push_back(ojson{{"step_id", s.step_id},
                            {"calls", s.calls},
                            {"total_us", number(s.total_us, Precision::us)}});
    }
    for (const ProfileOperator* op : v.shown) ops.push_back(operator_json(*op));
  }
  ojson profile{{"input", v.input},
                {"files", std::move(files)},
                {"devices", std::move(devices)},
                {"rows", p.rows},
                {"bad_rows", p.bad_rows},
                {"total_us", v.nothing_read ? ojson(nullptr) : number(p.total_us, Precision::us)},
                {"task_types", std::move(types)},
                {"steps", std::move(steps)},
                {"sort", v.sort_name},
                {"top", v.top},
                {"operator_count", v.nothing_read ? ojson(nullptr) : ojson(p.operators.size())},
                {"matching", v.nothing_read ? ojson(nullptr) : ojson(v.matching)},
                {"left_out", v.nothing_read ? ojson(nullptr) : ojson(v.left_out)},
                {"operators", std::move(ops)}};
  return dump(ojson{{"schema_version", kSchemaVersion},
                    {"problems", problems_json(v.problems)},
                    {"profile", std::move(profile)}});
}

std::string profile_jsonl(const ProfileView& v, const RenderOptions& /*options*/) {
  std::string out;
  if (v.nothing_read) return out;
  for (const ProfileOperator* op : v.shown) out += dump(operator_json(*op), -1);
  return out;
}

std::string profile_csv(const ProfileView& v, const RenderOptions& /*options*/) {
  std::string out = profile_csv_header() + '\n';
  if (v.nothing_read) return out;
  for (const ProfileOperator* op : v.shown) {
    append_csv_field(out, op->name);
    out += ',';
    append_csv_field(out, op->type);
    out += ',';
    append_csv_field(out, op->task_type);
    out += fmt::format(",{},{},", op->stats.calls, op->stats.timed_calls);
    append_csv_number(out, op->stats.known_total_us(), Precision::us);
    out += ',';
    append_csv_number(out, op->stats.mean_us, Precision::us);
    out += ',';
    append_csv_number(out, op->stats.median_us, Precision::us);
    out += ',';
    append_csv_number(out, op->stats.p95_us, Precision::us);
    out += ',';
    append_csv_number(out, share_pct(op->share), Precision::pct);
    out += ',';
    append_csv_field(out, devices_text(op->devices));
    out += '\n';
  }
  return out;
}

std::string profile_markdown(const ProfileView& v, const RenderOptions& options) {
  const Profile& p = *v.profile;
  std::string out = "### Profile " + md_escape(v.input) + "\n\n" + md_escape(read_line(v)) + "\n\n";
  if (v.nothing_read) return out + "**Nothing read**: no row of a profile, so no device time.\n";
  out += "Total device time: **" + fmt_us(p.total_us) + " µs**";
  for (const ProfileTaskTypeTotal& t : p.task_types) {
    out += "; " + md_escape(t.task_type.empty() ? std::string(kNoValue) : t.task_type) + " " +
           fmt_us(t.total_us) + " µs (" + fmt_pct(share_of(t.total_us, p)) + ")";
  }
  out += "\n\n" + md_escape(filter_words(v)) + ":\n\n";
  MarkdownTable table({"operator", "type", "task type", "calls", "total µs", "mean µs", "median µs",
                       "P95 µs", "share"},
                      {Align::left, Align::left, Align::left, Align::right, Align::right,
                       Align::right, Align::right, Align::right, Align::right});
  table.keep_within(remaining(options.markdown_limit_bytes, out.size() + 200));
  for (const ProfileOperator* op : v.shown) {
    if (table.full()) {
      table.count_rows(1);
      continue;
    }
    table.add_row({md_escape(shown_name(op->name)), md_escape(op->type), md_escape(op->task_type),
                   std::to_string(op->stats.calls), fmt_us(op->stats.known_total_us()),
                   fmt_us(op->stats.mean_us), fmt_us(op->stats.median_us), fmt_us(op->stats.p95_us),
                   fmt_pct(share_pct(op->share))});
  }
  out += table.render(remaining(options.markdown_limit_bytes, out.size() + 200));
  if (v.left_out > 0) out += "\n" + md_escape(left_out_line(v)) + "\n";
  return out;
}

const OutputTable<ProfileView>& profile_outputs() {
  static const OutputTable<ProfileView> table(
      "profile", {{Format::text, &profile_text, "totals, task types, the operator table and steps"},
                  {Format::json, &profile_json, "schema version 1"},
                  {Format::jsonl, &profile_jsonl, "one operator object per line"},
                  {Format::csv, &profile_csv, "one row per operator"},
                  {Format::markdown, &profile_markdown, "a GitHub table"}});
  return table;
}

}  // namespace aoe::cli
