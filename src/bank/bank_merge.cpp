// SPDX-License-Identifier: Apache-2.0
// Two runtime_kb files merged (`bank merge`): the union keyed by
// `info_dict`, each record written back as it was read.
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "aoe_result/bank.hpp"

#include "reader/diagnostics.hpp"

namespace aoe {
namespace {

// A record of the union: where it is written from.
struct Kept {
  const BankFile* file = nullptr;
  const BankRecord* record = nullptr;   // whose place (line order) it keeps
  const BankRecord* written = nullptr;  // whose text is written
  std::string knowledge;                // canonical, of `written`
};

}  // namespace

BankMerge merge_bank_files(const BankFile& a, const BankFile& b, BankPrefer prefer) {
  BankMerge merge;
  std::vector<Kept> order;
  std::unordered_map<std::string, std::size_t> at;  // info_dict_key -> index in order
  order.reserve(a.records.size() + b.records.size());
  at.reserve(a.records.size() + b.records.size());
  const auto add = [&](const BankFile& file, const BankRecord& r, bool is_b) {
    if (!r.has_info_dict || !r.has_knowledge) {
      Diagnostic d = internal::make_diagnostic(
          Code::bank_missing_key, Severity::error,
          "the record has no \"info_dict\" or \"knowledge\" object: it cannot be merged",
          file.path);
      d.line = r.line;
      merge.unkeyed.push_back(std::move(d));
      return;
    }
    std::string knowledge = info_dict_key(r.knowledge);
    auto [it, fresh] = at.try_emplace(info_dict_key(r.info_dict), order.size());
    if (fresh) {
      order.push_back({&file, &r, &r, std::move(knowledge)});
      if (is_b) ++merge.only_b;
      return;
    }
    Kept& k = order[it->second];
    if (k.knowledge == knowledge) {
      if (is_b && k.file != &file) ++merge.same;
      return;
    }
    merge.conflicts.push_back({k.file->path, k.written->line, file.path, r.line,
                               k.written->info_dict,
                               knowledge_changes(k.written->knowledge, r.knowledge)});
    if (prefer == BankPrefer::b) {
      const bool replaces_a = is_b && k.file == &a;
      k.written = &r;
      k.knowledge = std::move(knowledge);
      if (replaces_a) ++merge.replaced;
    }
  };
  for (const BankRecord& r : a.records) add(a, r, false);
  for (const BankRecord& r : b.records) add(b, r, true);
  merge.ok = merge.unkeyed.empty() && (merge.conflicts.empty() || prefer != BankPrefer::none);
  if (!merge.ok) return merge;
  for (const Kept& k : order) {
    merge.text += k.written->text;
    merge.text += '\n';
    ++merge.records;
    if (k.file == &a) ++merge.from_a;
  }
  return merge;
}

}  // namespace aoe
