// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/retune.hpp"

#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "aoe_result/analysis.hpp"

#include "string_hash.hpp"

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
  std::unordered_set<std::string, internal::StringHash, std::equal_to<>> chosen;
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
  // The type of each chosen operator: that of the first operator of its
  // name with types (a failed one has none of its own). Only the chosen
  // names are looked up, not every operator's kept.
  std::unordered_map<std::string_view, std::optional<std::string>, internal::StringHash,
                     std::equal_to<>>
      type_of;
  for (const std::string& name : sel.names) type_of.try_emplace(name);
  std::size_t untyped = type_of.size();
  for (const ResultFile& f : files) {
    if (!f.readable || untyped == 0) continue;
    for (const Report& r : f.reports) {
      for (const Operator& op : r.operators) {
        if (op.types.empty()) continue;
        const auto it = type_of.find(std::string_view(op.name));
        if (it == type_of.end() || it->second) continue;
        it->second = aoe_type(op);
        if (--untyped == 0) break;
      }
      if (untyped == 0) break;
    }
  }
  std::unordered_set<std::string> typed;
  for (const std::string& name : sel.names) {
    const auto it = type_of.find(std::string_view(name));
    if (it != type_of.end() && it->second && !it->second->empty() &&
        typed.insert(*it->second).second) {
      sel.types.push_back(*it->second);
    }
  }
  return sel;
}

}  // namespace aoe
