// SPDX-License-Identifier: Apache-2.0
// Every field of a read file, diagnostics included, as text: two reads
// that must agree field for field compare as strings (and a difference
// shows as a line).
#pragma once

#include <optional>
#include <ostream>
#include <sstream>
#include <string>

#include "aoe_result/model.hpp"

namespace aoe::test {
namespace dump_detail {

template <class T>
inline void put(std::ostream& out, const std::optional<T>& v) {
  if (v) {
    out << *v;
  } else {
    out << "-";
  }
}

// Each of `values` (optionals), after a space.
template <class... T>
inline void put_all(std::ostream& out, const std::optional<T>&... values) {
  ((out << ' ', put(out, values)), ...);
}

inline void put_mode(std::ostream& out, const ModeResult& m) {
  out << "  mode " << static_cast<int>(m.mode) << ' ' << static_cast<int>(m.update_mode) << ' '
      << m.mode_name;
  put_all(out, m.before_us, m.after_us, m.reported_improvement_pct);
  out << ' ' << m.update_mode_raw << '\n';
}

}  // namespace dump_detail

/// Every field of the model, diagnostics included, as text.
inline std::string dump(const ResultFile& f) {
  std::ostringstream out;
  out.precision(17);
  out << f.path << ' ' << static_cast<int>(f.layout) << ' ' << static_cast<int>(f.recognition)
      << ' ' << f.complete << ' ' << f.readable << '\n';
  for (const Report& r : f.reports) {
    out << "report " << r.id << ' ' << r.line << ' ' << r.complete << ' ' << r.has_opat << ' '
        << static_cast<int>(r.status);
    dump_detail::put_all(out, r.tuning_name, r.tuning_time_s, r.status_raw, r.status_line);
    out << '\n';
    if (r.model) {
      out << " model";
      dump_detail::put_all(out, r.model->baseline_ms, r.model->result_ms,
                           r.model->reported_improvement_pct);
      out << '\n';
    }
    if (const auto& s = r.repo_summary) {
      out << " summary";
      dump_detail::put_all(out, s->add_num, s->hit_num, s->reserved_num, s->update_num,
                           s->unsatisfied_num, s->total_num, s->hit_num_line, s->total_num_line);
      out << '\n';
    }
    for (const Operator& op : r.operators) {
      out << " op " << op.name << ' ' << op.line;
      for (const std::string& t : op.types) out << ' ' << t;
      out << '\n';
      for (const ModeResult& m : op.modes) dump_detail::put_mode(out, m);
    }
    for (const std::string& name : r.failed_operators) out << " failed " << name << '\n';
    for (const RawField& raw : r.unknown_sections)
      out << " section " << raw.name << ' ' << raw.raw_json << '\n';
    for (const RawField& raw : r.unknown_keys)
      out << " key " << raw.name << ' ' << raw.raw_json << '\n';
  }
  for (const Diagnostic& d : f.diagnostics) {
    out << "diagnostic " << to_string(d.code) << ' ' << to_string(d.severity) << ' ' << d.file;
    dump_detail::put_all(out, d.report, d.op, d.line, d.column);
    out << ' ' << d.message << '\n';
  }
  return out.str();
}

}  // namespace aoe::test
