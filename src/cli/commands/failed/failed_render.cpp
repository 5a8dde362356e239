// SPDX-License-Identifier: Apache-2.0
#include "commands/failed/failed_render.hpp"

#include <nlohmann/json.hpp>

#include "text/csv.hpp"
#include "text/json_util.hpp"
#include "text/term.hpp"

namespace aoe::cli {

namespace {

// `--where`: a line per report that has failed operators (its file and
// id), then its names indented, in file and report order.
std::string failed_where_text(const FailedView& view) {
  std::string out;
  const FailedOccurrence* last = nullptr;
  for (const FailedOccurrence& o : view.occurrences) {
    if (last == nullptr || last->file != o.file || last->report != o.report) {
      out += escape_text(o.file) + "  " + escape_text(o.report) + '\n';
    }
    out += "  " + escape_text(o.op_name) + '\n';
    last = &o;
  }
  return out;
}

}  // namespace

std::string failed_text(const FailedView& view, const RenderOptions& options) {
  // A name is a line of its own, whole (to be copied or piped); the line
  // of a file and report wraps at the width.
  if (view.where) return reflow(options, failed_where_text(view));
  std::string out;
  for (const std::string& name : view.names) out += escape_text(name) + '\n';
  return out;
}

std::string failed_json(const FailedView& view, const RenderOptions& /*options*/) {
  nlohmann::ordered_json occurrences = nlohmann::ordered_json::array();
  for (const FailedOccurrence& o : view.occurrences) {
    occurrences.push_back({{"op_name", o.op_name}, {"file", o.file}, {"report", o.report}});
  }
  return dump(nlohmann::ordered_json{{"schema_version", kSchemaVersion},
                                     {"problems", problems_json(view.problems)},
                                     {"failed_operators", view.names},
                                     {"occurrences", std::move(occurrences)}});
}

std::string failed_csv(const FailedView& view, const RenderOptions& /*options*/) {
  std::string out = failed_csv_header();
  out += '\n';
  for (const FailedOccurrence& o : view.occurrences) {
    append_csv_field(out, o.file);
    out += ',';
    append_csv_field(out, o.report);
    out += ',';
    append_csv_field(out, o.op_name);
    out += '\n';
  }
  return out;
}

std::string failed_csv_header() { return "file,report,op_name"; }

const OutputTable<FailedView>& failed_outputs() {
  static const OutputTable<FailedView> table(
      "failed", {{Format::text, &failed_text, "one name per line; --where: by file and report"},
                 {Format::json, &failed_json, "schema version 1"},
                 {Format::csv, &failed_csv, "one row per name and report, duplicates kept"}});
  return table;
}

}  // namespace aoe::cli
