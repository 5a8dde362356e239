// SPDX-License-Identifier: Apache-2.0
#include "json_out.hpp"

#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "aoe_result/analysis.hpp"
#include "aoe_result/version.hpp"
#include "json_util.hpp"

namespace aoe::cli {

using ojson = nlohmann::ordered_json;

namespace {

ojson repo_summary_json(const std::optional<RepoSummary>& s) {
  if (!s) return nullptr;
  const auto n = [](const std::optional<std::int64_t>& v) -> ojson {
    return v ? ojson(*v) : ojson(nullptr);
  };
  return ojson{{"repo_add_num", n(s->add_num)},
               {"repo_hit_num", n(s->hit_num)},
               {"repo_reserved_num", n(s->reserved_num)},
               {"repo_unsatisfied_num", n(s->unsatisfied_num)},
               {"repo_update_num", n(s->update_num)},
               {"total_num", n(s->total_num)}};
}

ojson model_json(const std::optional<ModelPerformance>& m) {
  if (!m) return nullptr;
  return ojson{{"baseline_ms", number(m->baseline_ms)},
               {"result_ms", number(m->result_ms)},
               {"improvement_pct", number(model_improvement_pct(*m))},
               {"reported_improvement_pct", number(m->reported_improvement_pct)}};
}

ojson report_json(const Report& r) {
  const Totals t = totals(r);
  ojson failed = ojson::array();
  for (const std::string& name : unique_failed_operators(r)) failed.push_back(name);
  ojson unknown = ojson::array();
  for (const RawField& s : r.unknown_sections) unknown.push_back(s.name);
  return ojson{{"id", r.id},
               {"tuning_name", r.tuning_name ? ojson(*r.tuning_name) : ojson(nullptr)},
               {"tuning_time_s", number(r.tuning_time_s)},
               {"status", to_string(r.status)},
               {"status_raw", r.status_raw ? ojson(*r.status_raw) : ojson(nullptr)},
               {"model", model_json(r.model)},
               {"repo_summary", repo_summary_json(r.repo_summary)},
               {"operators", r.operators.size()},
               {"failed_operators", std::move(failed)},
               {"time_before_us", number(t.time_before_us)},
               {"time_after_us", number(t.time_after_us)},
               {"saved_us", number(t.saved_us())},
               {"improvement_pct", number(t.improvement_pct())},
               {"geomean_speedup", number(t.geomean_speedup())},
               {"unknown_sections", std::move(unknown)},
               {"complete", r.complete},
               {"line", r.line}};
}

}  // namespace

std::string summary_json(const std::vector<ResultFile>& files) {
  ojson out_files = ojson::array();
  Totals all;
  for (const ResultFile& f : files) {
    ojson reports = ojson::array();
    for (const Report& r : f.reports) reports.push_back(report_json(r));
    ojson diags = ojson::array();
    for (const Diagnostic& d : f.diagnostics) diags.push_back(diagnostic_json(d, FileKey::omit));
    out_files.push_back(ojson{{"path", f.path},
                              {"layout", to_string(f.layout)},
                              {"complete", f.complete},
                              {"readable", f.readable},
                              {"reports", std::move(reports)},
                              {"diagnostics", std::move(diags)}});
    all += totals(f);
  }
  const ojson doc{{"schema_version", kSchemaVersion},
                  {"generator", std::string("aoe-result ") + kVersion},
                  {"files", std::move(out_files)},
                  {"totals",
                   {{"reports", all.reports},
                    {"operators", all.operators},
                    {"failed_operators", all.failed_operators},
                    {"time_before_us", number(all.time_before_us)},
                    {"time_after_us", number(all.time_after_us)},
                    {"saved_us", number(all.saved_us())},
                    {"improvement_pct", number(all.improvement_pct())},
                    {"geomean_speedup", number(all.geomean_speedup())}}}};
  return dump(doc);
}

std::string terminal_safe_json(std::string json) {
  std::string out;
  out.reserve(json.size());
  const auto escape = [&out](unsigned cp) { out += fmt::format("\\u{:04x}", cp); };
  for (std::size_t i = 0; i < json.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(json[i]);
    const auto next = [&](std::size_t k) {
      return i + k < json.size() ? static_cast<unsigned char>(json[i + k]) : 0U;
    };
    if (b0 == 0x7F) {
      escape(0x7F);
    } else if (b0 == 0xC2 && next(1) >= 0x80 && next(1) <= 0x9F) {
      escape(next(1));
      ++i;
    } else if (b0 == 0xD8 && next(1) == 0x9C) {
      escape(0x061C);
      ++i;
    } else if (b0 == 0xE2 && next(1) == 0x80 &&
               (next(2) == 0x8E || next(2) == 0x8F || (next(2) >= 0xAA && next(2) <= 0xAE))) {
      escape(0x2000U + (next(2) - 0x80U));
      i += 2;
    } else if (b0 == 0xE2 && next(1) == 0x81 && next(2) >= 0xA6 && next(2) <= 0xA9) {
      escape(0x2040U + (next(2) - 0x80U));
      i += 2;
    } else {
      out += json[i];
    }
  }
  return out;
}

std::string failed_json(const std::vector<std::string>& names) {
  return dump(ojson{{"schema_version", kSchemaVersion}, {"failed_operators", names}});
}

}  // namespace aoe::cli
