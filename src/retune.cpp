// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/retune.hpp"

#include <unordered_map>
#include <unordered_set>

#include "aoe_result/analysis.hpp"

namespace aoe {

namespace {

std::string aoe_type(const Operator& op) {
  std::string out;
  for (const std::string& t : op.types) out += (out.empty() ? "" : "__") + t;
  return out;
}

}  // namespace

RetuneSelection select_for_retune(const std::vector<ResultFile>& files,
                                  const RetuneCriteria& criteria) {
  RetuneSelection sel;
  std::unordered_set<std::string> chosen;
  // The type of every tuned operator, first seen, so a failed one can be typed.
  std::unordered_map<std::string, std::string> type_of;
  for (const ResultFile& f : files) {
    if (!f.readable) continue;
    for (const Report& r : f.reports) {
      for (const Operator& op : r.operators) {
        if (!op.types.empty()) type_of.try_emplace(op.name, aoe_type(op));
      }
    }
  }
  for (const ResultFile& f : files) {
    if (!f.readable) continue;
    for (const Report& r : f.reports) {
      for (const std::string& name : unique_failed_operators(r)) {
        if (chosen.insert(name).second) {
          sel.names.push_back(name);
          ++sel.failed;
        }
      }
      if (!criteria.below_pct) continue;
      for (const Operator& op : r.operators) {
        const std::optional<double> pct = figures(op).improvement_pct;
        if (pct && *pct < *criteria.below_pct && chosen.insert(op.name).second) {
          sel.names.push_back(op.name);
          ++sel.below;
        }
      }
    }
  }
  std::unordered_set<std::string> typed;
  for (const std::string& name : sel.names) {
    const auto it = type_of.find(name);
    if (it != type_of.end() && !it->second.empty() && typed.insert(it->second).second) {
      sel.types.push_back(it->second);
    }
  }
  return sel;
}

}  // namespace aoe
