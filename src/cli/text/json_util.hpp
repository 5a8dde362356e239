// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the JSON renderers (this header brings in nlohmann; it
// is included only by renderer sources).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "aoe_result/analysis.hpp"
#include "aoe_result/model.hpp"

#include "text/numbers.hpp"

namespace aoe::cli {

/// The `schema_version` of every JSON document the command line writes
/// (docs/*.schema.json describe them).
inline constexpr int kSchemaVersion = 1;

class JsonWriter;  // text/json_writer.hpp

/// The `generator` a JSON document names: "aoe-result <version>".
[[nodiscard]] std::string generator_name();

/// The start of a JSON document that names its generator (`summary`,
/// `diff`, `trend`): an object of `schema_version` then `generator`, to
/// which the renderer adds its own keys (an ordered object: they follow).
[[nodiscard]] nlohmann::ordered_json json_preamble();

/// The same two members written into the object `w` has just begun, for a
/// document written a row at a time: the bytes of `json_preamble()`.
void write_json_preamble(JsonWriter& w);

/// A number for JSON: `rounded(v, precision)` (numbers.hpp: a value read
/// from the file as read, a computed one to its stated decimals), an
/// integral value as an integer ("1109", not "1109.0"), a non-finite one or
/// `nullopt` as null.
inline nlohmann::ordered_json number(std::optional<double> v,
                                     Precision precision = Precision::as_read) {
  if (!v || !std::isfinite(*v)) return nullptr;
  const double r = rounded(*v, precision);
  if (r == std::floor(r) && std::fabs(r) < 9.0e15) return static_cast<std::int64_t>(r);
  return r;
}

/// Whether a diagnostic's JSON carries its "file" key.
enum class FileKey { include, omit };

inline nlohmann::ordered_json opt_string(const std::optional<std::string>& s) {
  return s ? nlohmann::ordered_json(*s) : nlohmann::ordered_json(nullptr);
}

/// The keys and numbers of `summary --format json`'s "totals" (also
/// watch's `end` event and each run of `trend`): counts, µs sums over the
/// operators that count, improvement %, geomean speed-up, then the
/// operators left out of the sums and the writer's artefacts (the
/// library's judgement: judgement.hpp),
/// each number rounded to its precision.
inline nlohmann::ordered_json totals_json(const Totals& t) {
  return nlohmann::ordered_json{{"reports", t.reports},
                                {"operators", t.operators},
                                {"failed_operators", t.failed_operators},
                                {"time_before_us", number(t.time_before_us, Precision::us)},
                                {"time_after_us", number(t.time_after_us, Precision::us)},
                                {"saved_us", number(t.saved_us(), Precision::us)},
                                {"improvement_pct", number(t.improvement_pct(), Precision::pct)},
                                {"geomean_speedup", number(t.geomean_speedup(), Precision::ratio)},
                                {"left_out_operators", t.left_out_operators()},
                                {"artefact_operators", t.artefact_operators}};
}

/// The "problems" member of a JSON document: each input that gave nothing to
/// read as {path, code, problem}, in input order; `[]` when every input was
/// read (docs/format.md, "Nothing read"). `Problems` is a list of
/// `InputProblem` (io/inputs.hpp).
template <class Problems>
nlohmann::ordered_json problems_json(const Problems& problems) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& p : problems) {
    list.push_back(
        nlohmann::ordered_json{{"path", p.path}, {"code", p.code}, {"problem", p.problem}});
  }
  return list;
}

/// A diagnostic as JSON: {severity, code, message, [file,] report, operator, line, column}.
inline nlohmann::ordered_json diagnostic_json(const Diagnostic& d, FileKey file_key) {
  nlohmann::ordered_json j{{"severity", to_string(d.severity)},
                           {"code", std::string(to_string(d.code))}};
  if (file_key == FileKey::include) j["file"] = d.file;
  j["report"] = opt_string(d.report);
  j["operator"] = opt_string(d.op);
  j["message"] = d.message;
  j["line"] = d.line ? nlohmann::ordered_json(*d.line) : nlohmann::ordered_json(nullptr);
  j["column"] = d.column ? nlohmann::ordered_json(*d.column) : nlohmann::ordered_json(nullptr);
  return j;
}

/// `json` (UTF-8 JSON text) with the characters a terminal would act on or
/// draw as nothing that JSON leaves raw written as \\u escapes (a pair of
/// them past U+FFFF): DEL and what `escaped_outside_ascii` (term.hpp)
/// names, as the text outputs escape them. Such characters can only stand
/// inside strings, where the escape decodes to the same string.
std::string terminal_safe_json(std::string json);

/// Pretty-printed JSON with a trailing newline (compact with `indent` -1);
/// invalid UTF-8 (never produced by the reader) is replaced rather than
/// thrown on; see `terminal_safe_json`.
inline std::string dump(const nlohmann::ordered_json& j, int indent = 2) {
  return terminal_safe_json(
             j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace)) +
         "\n";
}

}  // namespace aoe::cli
