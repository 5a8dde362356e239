// SPDX-License-Identifier: Apache-2.0
// Two repositories compared record by record (`bank diff`): files paired
// by their path below the folder given, records keyed by `info_dict`.
// An old file's keys are held while its new file streams past; an old
// file with records removed or changed is read again for their entries.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "aoe_result/bank.hpp"
#include "aoe_result/natural_order.hpp"
#include "aoe_result/reader.hpp"

#include "bank/bank_hash.hpp"
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

constexpr std::uint32_t kNoChange = UINT32_MAX;

// An old record, by its key (`info_dict_hash` of its info_dict): what the
// new side is compared with. 48 bytes, in a table of them (`OldRecords`).
struct OldRecord {
  std::uint64_t key = 0;
  std::uint64_t line = 0;            // 0: the slot is free
  std::uint64_t new_line = 0;        // the new record of this key; 0 while none
  std::uint64_t knowledge = 0;       // its knowledge's hash
  std::uint64_t new_knowledge = 0;   // the new record's knowledge's hash
  std::uint32_t change = kNoChange;  // its entry in the changes, when changed
};

// The old file's records by key: open addressing, linear probing, the
// records in the table itself (one memory access a look-up on a table of a
// million, where a node-based map takes two).
class OldRecords {
 public:
  void reserve(std::size_t records) {
    std::size_t capacity = 1024;
    while (capacity * 3 < records * 4) capacity *= 2;  // at most 3/4 full
    if (capacity > slots_.size()) rehash(capacity);
  }
  // The record of `key`, and whether it was added now (else it was there).
  std::pair<OldRecord*, bool> insert(const OldRecord& r) {
    if ((size_ + 1) * 4 > slots_.size() * 3) rehash(std::max<std::size_t>(1024, slots_.size() * 2));
    OldRecord* slot = probe(r.key);
    if (slot->line != 0) return {slot, false};
    *slot = r;
    ++size_;
    return {slot, true};
  }
  [[nodiscard]] OldRecord* find(std::uint64_t key) {
    if (slots_.empty()) return nullptr;
    OldRecord* slot = probe(key);
    return slot->line != 0 ? slot : nullptr;
  }
  template <class Fn>
  void for_each(Fn&& fn) const {
    for (const OldRecord& r : slots_) {
      if (r.line != 0) fn(r);
    }
  }
  void clear() {
    slots_ = std::vector<OldRecord>();  // given back (`= {}` keeps the storage)
    size_ = 0;
  }

 private:
  OldRecord* probe(std::uint64_t key) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(internal::mix64(key)) & mask;;
         i = (i + 1) & mask) {
      OldRecord& slot = slots_[i];
      if (slot.line == 0 || slot.key == key) return &slot;
    }
  }
  void rehash(std::size_t capacity) {
    std::vector<OldRecord> old = std::move(slots_);
    slots_.assign(capacity, OldRecord{});
    for (const OldRecord& r : old) {
      if (r.line != 0) *probe(r.key) = r;
    }
  }
  std::vector<OldRecord> slots_;
  std::size_t size_ = 0;
};

// A record only in the new file, by its key (for repeats inside it).
struct NewOnly {
  std::size_t line = 0;
  std::uint64_t knowledge = 0;
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

void note_unkeyed(BankFileDiff& d, const std::string& path, std::size_t line) {
  note(d, Code::bank_missing_key, path, line,
       "the record has no \"info_dict\" or \"knowledge\" object: not compared");
}

// A lean read: each record's line and hashes, nothing built.
BankReadOptions hashing(const BankDiffOptions& options,
                        std::function<void(const BankFile&, const BankRecordHashes&)> on_hashes) {
  BankReadOptions read;
  read.chunk_bytes = options.chunk_bytes;
  read.keep_text = false;
  read.count_distinct = false;  // the records are keyed here
  read.counts_only = true;
  read.on_hashes = std::move(on_hashes);
  read.threads = options.threads;
  return read;
}

bool same_bytes(const fs::path& a, const fs::path& b) {
  std::ifstream fa(a, std::ios::binary);
  std::ifstream fb(b, std::ios::binary);
  if (!fa || !fb) return false;
  return std::equal(std::istreambuf_iterator<char>(fa), std::istreambuf_iterator<char>(),
                    std::istreambuf_iterator<char>(fb), std::istreambuf_iterator<char>());
}

// The text of each of `lines` (1-based, ascending) of the file at `path`,
// without its line end; a line not found (the file changed) is absent.
std::vector<std::pair<std::size_t, std::string>> lines_of(const std::string& path,
                                                          const std::vector<std::size_t>& lines,
                                                          std::size_t chunk_bytes) {
  std::vector<std::pair<std::size_t, std::string>> out;
  std::ifstream in(path, std::ios::binary);
  if (!in || lines.empty()) return out;
  std::vector<char> buffer(std::max<std::size_t>(chunk_bytes, 4096));
  std::size_t line = 1;
  std::size_t next = 0;  // index in `lines` of the next line wanted
  bool taking = lines[0] == 1;
  std::string current;
  while (next < lines.size() && in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    const char* p = buffer.data();
    const char* end = p + got;
    while (p < end && next < lines.size()) {
      const char* nl =
          static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      const char* stop = nl != nullptr ? nl : end;
      if (taking) current.append(p, stop);
      if (nl == nullptr) break;
      if (taking) {
        if (!current.empty() && current.back() == '\r') current.pop_back();
        out.emplace_back(line, std::move(current));
        current.clear();
        ++next;
      }
      ++line;
      taking = next < lines.size() && lines[next] == line;
      p = nl + 1;
    }
  }
  if (taking && !current.empty() && next < lines.size()) out.emplace_back(line, std::move(current));
  return out;
}

// The records that begin at `lines` of the old file: each line read again
// and parsed alone; nullopt when one of them is not a whole record there
// (a record written over several lines), so that the caller reads the
// whole file again instead.
std::optional<std::vector<BankRecord>> records_at(const std::string& path,
                                                  const std::vector<std::size_t>& lines,
                                                  std::size_t chunk_bytes) {
  std::vector<BankRecord> out;
  out.reserve(lines.size());
  for (auto& [line, text] : lines_of(path, lines, chunk_bytes)) {
    BankReadOptions read;
    read.keep_text = false;
    BankFile one = read_bank_text(text, path, read);
    if (one.records.size() != 1 || !one.records[0].has_info_dict || !one.records[0].has_knowledge)
      return std::nullopt;
    one.records[0].line = line;
    out.push_back(std::move(one.records[0]));
  }
  if (out.size() != lines.size()) return std::nullopt;
  return out;
}

// The records of `path` that begin at `lines` (ascending), each handed to
// `take`: the lines alone read again, or the whole file when one of them
// is not a whole record there. The lines not found again (the file
// changed meanwhile) are left in `lines`' count: returned.
std::size_t read_records_at(const std::string& path, const std::vector<std::size_t>& lines,
                            const BankDiffOptions& options,
                            const std::function<bool(BankRecord&&)>& take) {
  std::size_t taken = 0;
  if (lines.empty()) return 0;
  if (std::optional<std::vector<BankRecord>> records =
          records_at(path, lines, options.chunk_bytes)) {
    for (BankRecord& r : *records) {
      if (take(std::move(r))) ++taken;
    }
  } else {
    BankReadOptions read;
    read.chunk_bytes = options.chunk_bytes;
    read.keep_text = false;
    read.count_distinct = false;
    read.on_record = [&](const BankFile&, BankRecord&& r) {
      if (std::binary_search(lines.begin(), lines.end(), r.line) && take(std::move(r))) ++taken;
    };
    (void)read_bank_file(path, read);
  }
  return lines.size() - std::min(taken, lines.size());
}

void note_changed_meanwhile(BankFileDiff& d, const std::string& path, std::size_t missing) {
  if (missing == 0) return;
  d.diagnostics.push_back(internal::make_diagnostic(
      Code::io_error, Severity::warning,
      fmt::format("the file changed while it was compared: {} of its records were not found again",
                  missing),
      path));
}

// A runtime_kb file on both sides, or on one (every record then added or
// removed). Both sides are read lean first (a record's line and hashes);
// then the few records shown (added, removed, changed) are read again by
// their lines.
void compare_runtime_kb(BankFileDiff& d, const BankDiffOptions& options) {
  OldRecords old_records;
  if (d.old_path) {
    const std::string& path = *d.old_path;
    // Room for a record every 900 bytes (shipped MatMul records are 450 to
    // 850): a table of records that size is copied at most once as it
    // grows, and one of a million larger ones is not cleared at twice its
    // size.
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    if (!ec)
      old_records.reserve(
          static_cast<std::size_t>(std::min<std::uintmax_t>(size / 900, 1U << 26U)));
    const BankFile f = read_bank_file(
        path, hashing(options, [&](const BankFile&, const BankRecordHashes& r) {
          if (!r.has_info_dict || !r.has_knowledge) {
            note_unkeyed(d, path, r.line);
            return;
          }
          OldRecord o;
          o.key = r.info_dict;
          o.line = r.line;
          o.knowledge = r.knowledge;
          auto [it, fresh] = old_records.insert(o);
          if (!fresh) note_repeat(d, path, r.line, it->line, it->knowledge == o.knowledge, "old");
        }));
    d.old_readable = f.readable;
    d.old_records = f.counts.records;
    if (!f.readable) {
      old_records.clear();
      d.diagnostics.clear();  // about records of a file that is none
    }
    take_diagnostics(d, f);
  }

  // Changed and added, in the new file's order: lines only, for now.
  std::vector<BankRecordChange> changes;
  std::unordered_map<std::uint64_t, NewOnly> new_only;
  const bool old_usable = !d.old_path || d.old_readable;
  if (d.new_path && old_usable) {
    const std::string& path = *d.new_path;
    const BankFile f = read_bank_file(
        path, hashing(options, [&](const BankFile&, const BankRecordHashes& r) {
          if (!r.has_info_dict || !r.has_knowledge) {
            note_unkeyed(d, path, r.line);
            return;
          }
          if (OldRecord* old = old_records.find(r.info_dict)) {
            OldRecord& o = *old;
            if (o.new_line != 0) {
              note_repeat(d, path, r.line, o.new_line, o.new_knowledge == r.knowledge, "new");
              return;
            }
            o.new_line = r.line;
            o.new_knowledge = r.knowledge;
            if (o.knowledge == r.knowledge) {
              ++d.unchanged;
              return;
            }
            ++d.changed;
            o.change = static_cast<std::uint32_t>(changes.size());
            BankRecordChange c;
            c.change = BankChange::changed;
            c.old_line = o.line;
            c.new_line = r.line;
            changes.push_back(std::move(c));
            return;
          }
          auto [it, fresh] = new_only.try_emplace(r.info_dict, NewOnly{r.line, r.knowledge});
          if (!fresh) {
            note_repeat(d, path, r.line, it->second.line, it->second.knowledge == r.knowledge,
                        "new");
            return;
          }
          ++d.added;
          BankRecordChange c;
          c.change = BankChange::added;
          c.new_line = r.line;
          changes.push_back(std::move(c));
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
    const BankFile f = read_bank_file(
        *d.new_path, hashing(options, [](const BankFile&, const BankRecordHashes&) {}));
    d.new_readable = f.readable;
    d.new_records = f.counts.records;
    take_diagnostics(d, f);
  }
  new_only.clear();
  const bool new_usable = !d.new_path || d.new_readable;
  d.compared = d.old_path && d.new_path && d.old_readable && d.new_readable;
  if (!old_usable || !new_usable) return;

  // The new records shown (added, changed), read again by their lines.
  if (d.new_path && !changes.empty()) {
    std::unordered_map<std::size_t, std::size_t> at;  // new line -> change
    std::vector<std::size_t> lines;
    lines.reserve(changes.size());
    for (std::size_t i = 0; i < changes.size(); ++i) {
      at.emplace(changes[i].new_line, i);
      lines.push_back(changes[i].new_line);
    }
    std::sort(lines.begin(), lines.end());
    note_changed_meanwhile(d, *d.new_path,
                           read_records_at(*d.new_path, lines, options, [&](BankRecord&& r) {
                             const auto w = at.find(r.line);
                             if (w == at.end()) return false;
                             BankRecordChange& c = changes[w->second];
                             c.op = std::move(r.op);
                             c.info_dict = std::move(r.info_dict);
                             c.knowledge = std::move(r.knowledge);
                             at.erase(w);
                             return true;
                           }));
  }

  // What is left of the old file was removed. The old records removed or
  // changed are read again by their lines.
  std::unordered_map<std::size_t, std::size_t> wanted;  // old line -> change, or kRemoved
  constexpr std::size_t kRemoved = SIZE_MAX - 1;
  old_records.for_each([&](const OldRecord& o) {
    if (o.new_line == 0) {
      wanted.emplace(o.line, kRemoved);
    } else if (o.change != kNoChange) {
      wanted.emplace(o.line, o.change);
    }
  });
  old_records.clear();
  std::vector<BankRecordChange> removed;
  if (!wanted.empty() && d.old_path) {
    std::vector<std::size_t> lines;
    lines.reserve(wanted.size());
    for (const auto& [line, what] : wanted) lines.push_back(line);
    std::sort(lines.begin(), lines.end());
    note_changed_meanwhile(d, *d.old_path,
                           read_records_at(*d.old_path, lines, options, [&](BankRecord&& r) {
                             const auto w = wanted.find(r.line);
                             if (w == wanted.end()) return false;
                             if (w->second == kRemoved) {
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
                             return true;
                           }));
  }
  std::sort(
      removed.begin(), removed.end(),
      [](const BankRecordChange& x, const BankRecordChange& y) { return x.old_line < y.old_line; });
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

  // Two files given are compared with each other, whatever their names; a
  // file and a folder: the file with the folder's file of its name.
  std::error_code ec;
  const bool old_folder = fs::is_directory(old_side, ec);
  const bool new_folder = fs::is_directory(new_side, ec);
  if (!old_folder && !new_folder) {
    old_files.files[0].first = new_files.files[0].first;
  } else if (old_folder != new_folder) {
    Side& file = old_folder ? new_files : old_files;
    const Side& folder = old_folder ? old_files : new_files;
    for (const auto& [rel, path] : folder.files) {
      if (fs::path(rel).filename() == fs::path(file.files[0].first).filename()) {
        file.files[0].first = rel;
        break;
      }
    }
  }

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
