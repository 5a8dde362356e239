// SPDX-License-Identifier: Apache-2.0
#include "commands/diff/diff_view.hpp"

#include <cmath>

#include <fmt/format.h>

#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

DiffGate judge_gate(const Diff& diff, double fail_above_pct, GateScope scope, Artefacts artefacts) {
  DiffGate gate;
  gate.fail_above_pct = fail_above_pct;
  gate.scope = scope;
  gate.artefacts = artefacts;
  gate.broken = exceeds(diff, fail_above_pct, scope, artefacts);
  gate.judged = judgeable(diff, scope);
  // over_limit gives the entries in their order: their indices in one walk.
  // For the total, the operators failed in NEW: the first entries.
  std::vector<const DiffEntry*> over;
  if (scope == GateScope::per_operator) {
    over = over_limit(diff, fail_above_pct, artefacts);
  } else {
    for (std::size_t i = 0; i < diff.summary.failed_new; ++i) over.push_back(&diff.entries[i]);
  }
  for (std::size_t i = 0; i < diff.entries.size() && gate.over.size() < over.size(); ++i) {
    if (&diff.entries[i] == over[gate.over.size()]) gate.over.push_back(i);
  }
  return gate;
}

std::string gate_options(const DiffGate& gate) {
  std::string s = "--fail-above " + fmt_plain(gate.fail_above_pct);
  if (gate.scope == GateScope::total) s += " --total";
  if (gate.artefacts == Artefacts::ignore) s += " --ignore-artefacts";
  return s;
}

namespace {

// What the gate found; with `names`, the operators that break it named
// after their clause (the stderr line).
std::string finding(const DiffView& view, bool names) {
  const DiffGate& g = *view.gate;
  const Diff& d = view.diff;
  const double limit = g.fail_above_pct;
  const char* one = d.grain == DiffGrain::per_mode ? "operator mode" : "operator";
  if (!g.judged) {
    return g.scope == GateScope::total
               ? fmt::format(
                     "no {} timed in both runs (or their old sum is 0), so no total "
                     "was judged",
                     one)
               : fmt::format("no {} timed in both runs, so nothing was judged", one);
  }
  const auto name_of = [&](const DiffEntry& e) {
    return escape_text(shown_name(e.op_name)) +
           (e.mode ? " (" + escape_text(e.mode->view()) + ")" : "");
  };
  std::string failed;
  std::string slower;
  for (const std::size_t i : g.over) {
    const DiffEntry& e = d.entries[i];
    std::string& list = e.kind == DiffClass::failed_new ? failed : slower;
    if (!list.empty()) list += ", ";
    list += name_of(e);
    if (e.kind == DiffClass::failed_new) continue;
    const std::optional<double> pct = e.change_pct();
    list +=
        " " + (pct ? fmt_signed_pct_above(*pct, limit) : change_without_pct(e.old_side.after_us));
  }
  std::string out;
  if (d.summary.failed_new > 0) {
    out =
        fmt::format("{} failed in NEW after being tuned in OLD", plural(d.summary.failed_new, one));
    if (names) out += " (" + failed + ")";
  }
  const auto add = [&out](const std::string& clause) { out += (out.empty() ? "" : ", ") + clause; };
  if (g.scope == GateScope::total) {
    const std::optional<double> pct = d.summary.change_pct();
    if (!pct) return out;  // judged on the failed operators alone
    // No change reads as the summary line says it: "0.00%", not "+0.00%".
    add(fmt::format(
        "total after-tune time {} over the {} in both, {} {}% slower",
        std::fabs(*pct) < 0.005 ? std::string("0.00%") : fmt_signed_pct_above(*pct, limit),
        plural(d.summary.compared(), one), *pct > limit ? "more than" : "not more than",
        fmt_plain(limit)));
    return out;
  }
  const std::size_t n_slower = g.over.size() - d.summary.failed_new;
  if (n_slower > 0 || out.empty()) {
    add(fmt::format("{} slower by more than {}%", gate_count(n_slower, one), fmt_plain(limit)));
    if (names && n_slower > 0) out += ": " + slower;
  }
  // What the gate could not see: "no operator slower" is said of those
  // timed in both runs only.
  if (d.summary.untimed > 0) {
    add(fmt::format("{} not comparable (an after-tune time missing), not judged",
                    plural(d.summary.untimed, one)));
  }
  return out;
}

}  // namespace

std::string gate_finding(const DiffView& view) { return finding(view, false); }

std::optional<std::string> nothing_to_compare(const DiffHeader& header) {
  if (header.old_files > 0 && header.new_files > 0) return std::nullopt;
  const std::string where = header.old_files == 0 && header.new_files == 0
                                ? fmt::format("either {} or {}", header.old_label, header.new_label)
                                : (header.old_files == 0 ? header.old_label : header.new_label);
  return escape_text("nothing to compare: no readable result in " + where);
}

std::optional<std::string> gate_error(const DiffView& view) {
  if (!view.gate || view.gate->verdict() == GateVerdict::passed) return std::nullopt;
  return gate_line(gate_options(*view.gate), finding(view, true), view.gate->verdict());
}

}  // namespace aoe::cli
