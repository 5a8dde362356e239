// SPDX-License-Identifier: Apache-2.0
// Two repositories compared record by record (`bank diff`): files paired
// by their path below the folder given, records keyed by `info_dict`.
// An old file's keys are held while its new file streams past; an old
// file with records removed or changed is read again for their entries.
#include <algorithm>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <string>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "aoe_result/bank.hpp"
#include "aoe_result/natural_order.hpp"
#include "aoe_result/reader.hpp"

#include "reader/diagnostics.hpp"

namespace aoe {
namespace fs = std::filesystem;

std::string_view to_string(BankChange change) noexcept {
  switch (change) {
    case BankChange::added:
      return "added";
    case BankChange::removed:
      return "removed";
    case BankChange::changed:
      return "changed";
  }
  return "changed";
}

std::vector<fs::path> list_bank_files(const fs::path& folder) {
  std::vector<fs::path> out;
  for (auto it =
           fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied);
       it != fs::recursive_directory_iterator(); ++it) {
    std::error_code ec;
    if (!it->is_regular_file(ec)) continue;
    if (!is_bank_file_name(it->path().filename().string())) continue;
    out.push_back(it->path().lexically_relative(folder));
  }
  std::sort(out.begin(), out.end(), [](const fs::path& a, const fs::path& b) {
    return natural_less(a.generic_string(), b.generic_string());
  });
  return out;
}

namespace {

// An old record, by its key: what the new side is compared with.
struct OldRecord {
  std::size_t line = 0;
  std::string knowledge;           // info_dict_key of its knowledge
  std::size_t new_line = 0;        // the new record of this key; 0 while none
  std::size_t knowledge_hash = 0;  // of the new record's knowledge
  std::size_t change = SIZE_MAX;   // its entry in the changes, when changed
};

// A record only in the new file, by its key (for repeats inside it).
struct NewOnly {
  std::size_t line = 0;
  std::size_t knowledge_hash = 0;
};

void note(BankFileDiff& d, Code code, const std::string& path, std::size_t line,
          std::string message) {
  Diagnostic n = internal::make_diagnostic(code, Severity::warning, std::move(message), path);
  n.line = line;
  d.diagnostics.push_back(std::move(n));
}

void take_diagnostics(BankFileDiff& d, const BankFile& f) {
  for (const Diagnostic& n : f.diagnostics) {
    if (n.severity == Severity::warning || n.severity == Severity::error)
      d.diagnostics.push_back(n);
  }
}

// A repeat of a key inside one side: the same record again, or other
// knowledge (the first one is compared).
void note_repeat(BankFileDiff& d, const std::string& path, std::size_t line, std::size_t first,
                 bool same, std::string_view side) {
  if (same) {
    note(d, Code::bank_duplicate, path, line,
         fmt::format("the record repeats line {} of the {} side (the same info_dict and "
                     "knowledge)",
                     first, side));
  } else {
    note(d, Code::bank_conflict, path, line,
         fmt::format("the info_dict of line {} again with other knowledge in the {} side: line {} "
                     "is the one compared",
                     first, side, first));
  }
}

void note_unkeyed(BankFileDiff& d, const std::string& path, const BankRecord& r) {
  note(d, Code::bank_missing_key, path, r.line,
       "the record has no \"info_dict\" or \"knowledge\" object: not compared");
}

BankReadOptions streaming(const BankDiffOptions& options,
                          std::function<void(const BankFile&, BankRecord&&)> on_record) {
  BankReadOptions read;
  read.chunk_bytes = options.chunk_bytes;
  read.keep_text = false;
  read.on_record = std::move(on_record);
  return read;
}

bool same_bytes(const fs::path& a, const fs::path& b) {
  std::ifstream fa(a, std::ios::binary);
  std::ifstream fb(b, std::ios::binary);
  if (!fa || !fb) return false;
  return std::equal(std::istreambuf_iterator<char>(fa), std::istreambuf_iterator<char>(),
                    std::istreambuf_iterator<char>(fb), std::istreambuf_iterator<char>());
}

// A runtime_kb file on both sides, or on one (every record then added or
// removed).
void compare_runtime_kb(BankFileDiff& d, const BankDiffOptions& options) {
  std::unordered_map<std::string, OldRecord> old_records;
  if (d.old_path) {
    const std::string& path = *d.old_path;
    const BankFile f = read_bank_file(
        path, streaming(options, [&](const BankFile&, BankRecord&& r) {
          if (!r.has_info_dict || !r.has_knowledge) {
            note_unkeyed(d, path, r);
            return;
          }
          OldRecord o;
          o.line = r.line;
          o.knowledge = info_dict_key(r.knowledge);
          auto [it, fresh] = old_records.try_emplace(info_dict_key(r.info_dict), std::move(o));
          if (!fresh)
            note_repeat(d, path, r.line, it->second.line,
                        it->second.knowledge == info_dict_key(r.knowledge), "old");
        }));
    d.old_readable = f.readable;
    d.old_records = f.counts.records;
    if (!f.readable) {
      old_records.clear();
      d.diagnostics.clear();  // about records of a file that is none
    }
    take_diagnostics(d, f);
  }

  std::vector<BankRecordChange> changes;  // changed and added, in the new file's order
  std::unordered_map<std::string, NewOnly> new_only;
  const bool old_usable = !d.old_path || d.old_readable;
  if (d.new_path && old_usable) {
    const std::string& path = *d.new_path;
    const std::hash<std::string> hash;
    const BankFile f = read_bank_file(
        path, streaming(options, [&](const BankFile&, BankRecord&& r) {
          if (!r.has_info_dict || !r.has_knowledge) {
            note_unkeyed(d, path, r);
            return;
          }
          std::string key = info_dict_key(r.info_dict);
          std::string knowledge = info_dict_key(r.knowledge);
          const std::size_t knowledge_hash = hash(knowledge);
          const auto old = old_records.find(key);
          if (old != old_records.end()) {
            OldRecord& o = old->second;
            if (o.new_line != 0) {
              note_repeat(d, path, r.line, o.new_line, o.knowledge_hash == knowledge_hash, "new");
              return;
            }
            o.new_line = r.line;
            o.knowledge_hash = knowledge_hash;
            if (o.knowledge == knowledge) {
              ++d.unchanged;
              return;
            }
            ++d.changed;
            o.change = changes.size();
            changes.push_back({BankChange::changed,
                               o.line,
                               r.line,
                               std::move(r.op),
                               std::move(r.info_dict),
                               std::move(r.knowledge),
                               {}});
            return;
          }
          auto [it, fresh] = new_only.try_emplace(std::move(key), NewOnly{r.line, knowledge_hash});
          if (!fresh) {
            note_repeat(d, path, r.line, it->second.line,
                        it->second.knowledge_hash == knowledge_hash, "new");
            return;
          }
          ++d.added;
          changes.push_back({BankChange::added,
                             0,
                             r.line,
                             std::move(r.op),
                             std::move(r.info_dict),
                             std::move(r.knowledge),
                             {}});
        }));
    d.new_readable = f.readable;
    d.new_records = f.counts.records;
    if (!f.readable) {
      // Nothing of the new file: no record of it was added or kept.
      changes.clear();
      d.added = d.changed = d.unchanged = 0;
      d.diagnostics.erase(std::remove_if(d.diagnostics.begin(), d.diagnostics.end(),
                                         [&](const Diagnostic& n) { return n.file == path; }),
                          d.diagnostics.end());
    }
    take_diagnostics(d, f);
  } else if (d.new_path) {
    // The old file could not be read: the new one is read for its counts.
    const BankFile f =
        read_bank_file(*d.new_path, streaming(options, [](const BankFile&, BankRecord&&) {}));
    d.new_readable = f.readable;
    d.new_records = f.counts.records;
    take_diagnostics(d, f);
  }
  const bool new_usable = !d.new_path || d.new_readable;
  d.compared = d.old_path && d.new_path && d.old_readable && d.new_readable;
  if (!old_usable || !new_usable) return;

  // What is left of the old file was removed; an old file with records
  // removed or changed is read again for their entries.
  std::vector<BankRecordChange> removed;
  std::unordered_map<std::size_t, std::size_t> wanted;  // old line -> changed, or removed + index
  for (const auto& [key, o] : old_records) {
    if (o.new_line == 0) {
      wanted.emplace(o.line, SIZE_MAX - 1);
    } else if (o.change != SIZE_MAX) {
      wanted.emplace(o.line, o.change);
    }
  }
  old_records.clear();
  if (!wanted.empty() && d.old_path) {
    const std::string& path = *d.old_path;
    std::size_t found = 0;
    (void)read_bank_file(path, streaming(options, [&](const BankFile&, BankRecord&& r) {
                           const auto w = wanted.find(r.line);
                           if (w == wanted.end()) return;
                           ++found;
                           if (w->second == SIZE_MAX - 1) {
                             removed.push_back({BankChange::removed,
                                                r.line,
                                                0,
                                                std::move(r.op),
                                                std::move(r.info_dict),
                                                std::move(r.knowledge),
                                                {}});
                           } else {
                             BankRecordChange& c = changes[w->second];
                             c.changes = knowledge_changes(r.knowledge, c.knowledge);
                           }
                           wanted.erase(w);
                         }));
    if (!wanted.empty()) {
      Diagnostic n = internal::make_diagnostic(
          Code::io_error, Severity::warning,
          fmt::format("the file changed while it was compared: {} of its records were not found "
                      "again",
                      wanted.size()),
          path);
      d.diagnostics.push_back(std::move(n));
    }
  }
  d.removed = removed.size();
  d.records = std::move(changes);
  d.records.insert(d.records.end(), std::make_move_iterator(removed.begin()),
                   std::make_move_iterator(removed.end()));
  std::stable_sort(d.diagnostics.begin(), d.diagnostics.end(),
                   [&](const Diagnostic& a, const Diagnostic& b) {
                     if (a.file != b.file) return a.file == d.old_path.value_or("");
                     return a.line.value_or(0) < b.line.value_or(0);
                   });
}

void compare_gradient_fusion(BankFileDiff& d, const BankDiffOptions& options) {
  BankReadOptions read;
  read.chunk_bytes = options.chunk_bytes;
  if (d.old_path) {
    const BankFile f = read_bank_file(*d.old_path, read);
    d.old_readable = f.readable;
    d.old_records = f.gradient_fusion.size();
    take_diagnostics(d, f);
  }
  if (d.new_path) {
    const BankFile f = read_bank_file(*d.new_path, read);
    d.new_readable = f.readable;
    d.new_records = f.gradient_fusion.size();
    take_diagnostics(d, f);
  }
  if (d.old_readable && d.new_readable) {
    d.same_bytes = same_bytes(*d.old_path, *d.new_path);
    d.compared = true;  // by its bytes
  }
}

// The files of one side, each with the path it is paired by.
struct Side {
  std::vector<std::pair<std::string, std::string>> files;  // relative path, path as read
  bool readable = false;
};

Side list_side(const fs::path& root, std::vector<Diagnostic>& problems) {
  Side side;
  std::error_code ec;
  const fs::file_status st = fs::status(root, ec);
  if (ec || !fs::exists(st)) {
    problems.push_back(internal::make_diagnostic(Code::io_error, Severity::error,
                                                 "no such file or folder", root.string()));
    return side;
  }
  if (const std::optional<std::string_view> kind = special_file_kind(root)) {
    // A named pipe, a socket or a device: never opened (it could wait for
    // ever or never end).
    problems.push_back(internal::make_diagnostic(
        Code::io_error, Severity::error,
        fmt::format("the path is {}, not a repository file or folder; not read", *kind),
        root.string()));
    return side;
  }
  if (fs::is_directory(st)) {
    try {
      for (const fs::path& rel : list_bank_files(root))
        side.files.emplace_back(rel.generic_string(), (root / rel).string());
    } catch (const fs::filesystem_error& e) {
      problems.push_back(internal::make_diagnostic(
          Code::io_error, Severity::error,
          fmt::format("the folder could not be listed ({})", e.code().message()), root.string()));
      return side;
    }
  } else {
    side.files.emplace_back(root.filename().string(), root.string());
  }
  side.readable = true;
  return side;
}

}  // namespace

BankDiff diff_banks(const fs::path& old_side, const fs::path& new_side,
                    const BankDiffOptions& options) {
  BankDiff diff;
  diff.old_root = old_side.string();
  diff.new_root = new_side.string();
  Side old_files = list_side(old_side, diff.problems);
  Side new_files = list_side(new_side, diff.problems);
  diff.old_readable = old_files.readable;
  diff.new_readable = new_files.readable;
  if (!diff.old_readable || !diff.new_readable) return diff;

  // Two files given are compared with each other, whatever their names.
  std::error_code ec;
  if (!fs::is_directory(old_side, ec) && !fs::is_directory(new_side, ec))
    old_files.files[0].first = new_files.files[0].first;

  std::map<std::string, BankFileDiff, std::function<bool(const std::string&, const std::string&)>>
      pairs([](const std::string& a, const std::string& b) { return natural_less(a, b); });
  for (auto& [rel, path] : old_files.files) {
    BankFileDiff& d = pairs[rel];
    d.path = rel;
    d.old_path = path;
  }
  for (auto& [rel, path] : new_files.files) {
    BankFileDiff& d = pairs[rel];
    d.path = rel;
    d.new_path = path;
  }

  std::map<std::string, BankOpDiff, std::function<bool(const std::string&, const std::string&)>>
      ops([](const std::string& a, const std::string& b) { return natural_less(a, b); });
  BankDiffTotals& t = diff.totals;
  for (auto& [rel, d] : pairs) {
    const std::string name = fs::path(d.new_path ? *d.new_path : *d.old_path).filename().string();
    if (gradient_fusion_soc(name)) {
      d.kind = BankFileKind::gradient_fusion;
      compare_gradient_fusion(d, options);
    } else {
      d.kind = BankFileKind::runtime_kb;
      std::optional<BankFileName> parts = parse_bank_file_name(name);
      if (!parts && d.old_path)
        parts = parse_bank_file_name(fs::path(*d.old_path).filename().string());
      if (parts) d.op_type = parts->op_type;
      compare_runtime_kb(d, options);
    }
    ++t.files;
    t.compared += d.compared ? 1U : 0U;
    t.only_old += d.old_path && !d.new_path ? 1U : 0U;
    t.only_new += d.new_path && !d.old_path ? 1U : 0U;
    t.unreadable +=
        (d.old_path && !d.old_readable ? 1U : 0U) + (d.new_path && !d.new_readable ? 1U : 0U);
    if (d.kind == BankFileKind::gradient_fusion) {
      diff.files.push_back(std::move(d));
      continue;
    }
    t.old_records += d.old_records;
    t.new_records += d.new_records;
    t.added += d.added;
    t.removed += d.removed;
    t.changed += d.changed;
    t.unchanged += d.unchanged;
    const std::string op = d.op_type.value_or("");
    BankOpDiff& o = ops[op];
    o.op_type = op;
    ++o.files;
    o.added += d.added;
    o.removed += d.removed;
    o.changed += d.changed;
    o.unchanged += d.unchanged;
    diff.files.push_back(std::move(d));
  }
  for (auto& [op, o] : ops) diff.ops.push_back(std::move(o));
  return diff;
}

}  // namespace aoe
