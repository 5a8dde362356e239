// SPDX-License-Identifier: Apache-2.0
#include "reader/outcome.hpp"

#include "diagnostic_codes.hpp"

namespace aoe::internal {

Outcome decide_outcome(const OutcomeFacts& f) {
  Outcome out;
  if (f.saw_aoe_section || f.saw_report_key) {
    out.recognition = Recognition::aoe_result;
  } else if (f.saw_tune_result) {
    out.recognition = Recognition::tune_result;
  }
  if (f.invalid_json) {
    // Unusable: nothing is kept but the reason (reports begun before the
    // syntax error would look read when they were not).
    out.keep = KeepDiagnostics::invalid_json_and_io;
    return out;
  }
  if (out.recognition == Recognition::aoe_result) {
    // With no report at all (each was of the wrong type, or the file was
    // cut before the first), there is nothing to read; the diagnostics say
    // why.
    out.report_bad_roots = true;
    out.readable = f.has_reports;
    out.keep_reports = true;
    return out;
  }
  // Other diagnostics describe a shape that is not ours: drop them. A cut
  // is said again, in the words of a file with nothing to read.
  out.keep = KeepDiagnostics::io_only;
  if (!f.root_seen && f.root_kind.empty()) {
    if (!f.complete) {
      out.keep = KeepDiagnostics::none;
      out.code = codes::invalid_json;
      out.message = f.only_zero_bytes
                        ? "the file holds nothing but zero bytes (created but never "
                          "written, or cut by a crash): expected a JSON object or list"
                        : (f.only_blanks ? "the file holds only white space: expected a JSON "
                                           "object or list"
                                         : "the file is empty: expected a JSON object or list");
    }
    return out;
  }
  if (!f.complete) {
    out.code = codes::truncated;
    out.message = "the file was cut off before its first report began: nothing to read";
    return out;
  }
  out.code = codes::not_aoe_result;
  if (out.recognition == Recognition::tune_result) {
    out.message =
        "this is a pre-AOE CANN 5.x Auto Tune result (tune_result_*.json: operators with "
        "result_data/status_data), not an AOE operator-tuning result";
  } else if (!f.root_kind.empty()) {
    out.message = "the file holds " + std::string(f.root_kind) +
                  ", not an AOE result (expected an object of reports or a list of sections)";
  } else if (f.layout == Layout::list) {
    out.message =
        "a JSON list without a 'basic' or 'OPAT' section: not an AOE result (expected a "
        "list of {\"basic\": ...} and {\"OPAT\": ...} objects)";
  } else {
    out.message =
        "a JSON object without any report (expected keys like \"report_<timestamp>_<tid>\" "
        "holding lists of sections): not an AOE result";
  }
  return out;
}

}  // namespace aoe::internal
