// SPDX-License-Identifier: Apache-2.0
#include "commands/diff/diff_view.hpp"

#include <fmt/format.h>

#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

DiffGate judge_gate(const Diff& diff, double fail_above_pct, GateScope scope, Artefacts artefacts) {
  DiffGate gate{
      fail_above_pct, scope, artefacts, exceeds(diff, fail_above_pct, scope, artefacts), {}};
  if (scope == GateScope::total) return gate;
  // over_limit gives the entries in their order: their indices in one walk.
  const std::vector<const DiffEntry*> over = over_limit(diff, fail_above_pct, artefacts);
  for (std::size_t i = 0; i < diff.entries.size() && gate.over.size() < over.size(); ++i) {
    if (&diff.entries[i] == over[gate.over.size()]) gate.over.push_back(i);
  }
  return gate;
}

std::optional<std::string> nothing_to_compare(const DiffHeader& header) {
  if (header.old_files > 0 && header.new_files > 0) return std::nullopt;
  const std::string where = header.old_files == 0 && header.new_files == 0
                                ? fmt::format("either {} or {}", header.old_label, header.new_label)
                                : (header.old_files == 0 ? header.old_label : header.new_label);
  return escape_text("nothing to compare: no readable result in " + where);
}

std::optional<std::string> gate_error(const DiffView& view) {
  if (!view.gate || !view.gate->broken) return std::nullopt;
  const DiffGate& gate = *view.gate;
  const double limit = gate.fail_above_pct;
  if (gate.scope == GateScope::total) {
    return fmt::format("the total after-tune time got slower by {} (more than --fail-above {}%)",
                       fmt_pct(view.diff.summary.change_pct()), fmt_plain(limit));
  }
  std::string names;
  for (const std::size_t i : gate.over) {
    const DiffEntry& e = view.diff.entries[i];
    if (!names.empty()) names += ", ";
    const std::optional<double> pct = e.change_pct();
    names += escape_text(e.op_name) + (e.mode ? " (" + escape_text(e.mode->view()) + ")" : "") +
             " " + (pct ? fmt_signed_pct_above(*pct, limit) : "from 0 µs");
  }
  return fmt::format("{} slower by more than --fail-above {}%: {}",
                     plural(gate.over.size(), "operator"), fmt_plain(limit), names);
}

}  // namespace aoe::cli
