// SPDX-License-Identifier: Apache-2.0
// The rules of `bank check`: what the runtime needs of a record and what it
// makes of two records of one shape.
#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "aoe_result/bank.hpp"

#include "reader/diagnostics.hpp"
#include "text_util.hpp"

namespace aoe {
namespace {

bool has_member(const BankRecord& r, std::string_view key) {
  return std::any_of(r.other.begin(), r.other.end(),
                     [&](const BankEntry& e) { return e.key == key; });
}

const BankEntry* find(const std::vector<BankEntry>& entries, std::string_view key) {
  for (const BankEntry& e : entries) {
    if (e.key == key) return &e;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> knowledge_changes(const std::vector<BankEntry>& before,
                                           const std::vector<BankEntry>& after) {
  // A key or value quoted at most 80 bytes long: a value may be megabytes.
  const auto key = [](const BankEntry& e) { return internal::shorten_for_message(e.key); };
  const auto value = [](const BankEntry& e) {
    return internal::shorten_for_message(value_json(e.value));
  };
  std::vector<std::string> out;
  for (const BankEntry& b : before) {
    const BankEntry* a = find(after, b.key);
    if (a == nullptr) {
      out.push_back(fmt::format("{} {} → –", key(b), value(b)));
    } else if (canonical_value(a->value) != canonical_value(b.value)) {
      out.push_back(fmt::format("{} {} → {}", key(b), value(b), value(*a)));
    }
  }
  for (const BankEntry& a : after) {
    if (find(before, a.key) == nullptr) out.push_back(fmt::format("{} – → {}", key(a), value(a)));
  }
  return out;
}

std::vector<Diagnostic> check_bank_file(const BankFile& file) {
  std::vector<Diagnostic> out = file.diagnostics;
  const auto at = [&](const BankRecord& r, Code code, Severity severity, std::string message) {
    Diagnostic d = internal::make_diagnostic(code, severity, std::move(message), file.path);
    d.line = r.line;
    out.push_back(std::move(d));
  };
  // Standard input has no name to judge; a file that could not be opened
  // is no file of the bank (its error says so), whatever its name.
  if (file.kind == BankFileKind::runtime_kb && !file.name && file.path != "<stdin>" &&
      file.opened) {
    out.push_back(internal::make_diagnostic(
        Code::bank_file_name, Severity::warning,
        "the name is not <soc>_<cores>_AiCore_<OpType>_runtime_kb.json: the runtime will not "
        "look its records up",
        file.path));
  }
  struct Seen {
    const BankRecord* record;
    std::string knowledge;
  };
  std::unordered_map<std::string, Seen> seen;
  seen.reserve(file.records.size());
  for (const BankRecord& r : file.records) {
    if (!r.has_info_dict) {
      at(r, Code::bank_missing_key, Severity::error,
         "the record has no \"info_dict\" object: the runtime cannot look it up");
    }
    if (!r.has_knowledge) {
      at(r, Code::bank_missing_key, Severity::error,
         "the record has no \"knowledge\" object: it holds no tiling");
    }
    for (const char* key : {"op", "id", "version"}) {
      const bool present = (key == std::string_view("op") && r.op) ||
                           (key == std::string_view("id") && r.id) ||
                           (key == std::string_view("version") && r.version) || has_member(r, key);
      if (!present) {
        at(r, Code::bank_missing_key, Severity::warning,
           fmt::format("the record has no \"{}\"", key));
      }
    }
    if (r.op && file.name && !op_belongs_to_file(*r.op, file.name->op_type)) {
      at(r, Code::bank_op_mismatch, Severity::warning,
         fmt::format("op '{}' in the file of {}", internal::shorten_for_message(*r.op),
                     file.name->op_type));
    }
    if (!r.has_info_dict || !r.has_knowledge) continue;
    std::string knowledge = info_dict_key(r.knowledge);
    auto [it, fresh] = seen.try_emplace(info_dict_key(r.info_dict), Seen{&r, knowledge});
    if (fresh) continue;
    const BankRecord& first = *it->second.record;
    if (it->second.knowledge == knowledge) {
      at(r, Code::bank_duplicate, Severity::warning,
         fmt::format("the record repeats line {} (the same info_dict and knowledge)", first.line));
    } else {
      std::string changes;
      for (const std::string& c : knowledge_changes(first.knowledge, r.knowledge))
        changes += (changes.empty() ? "" : ", ") + c;
      at(r, Code::bank_conflict, Severity::error,
         fmt::format("the info_dict of line {} again with other knowledge ({}): the runtime keeps "
                     "one of them",
                     first.line, changes));
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.line.value_or(0) < b.line.value_or(0);
  });
  return out;
}

}  // namespace aoe
