// SPDX-License-Identifier: Apache-2.0
/// @file
/// The operator repository (knowledge bank) that tuning writes: the
/// runtime_kb files of `<base>/<soc_version>/unified_bank/` and the
/// gradient fusion file, read into typed records with nothing lost.
///
/// Sources of every rule here (docs/bank.md has the user's account):
/// - The file name `<soc>_<cores>_AiCore_<OpType>_runtime_kb.json` and the
///   MatMul family that shares the `MatMulV2` file: CANN's runtime
///   knowledge-bank library (CANN 7.x to 9.x).
/// - One record a line, `{"id", "info_dict", "knowledge", "op",
///   "version"}`, the whole file rewritten with one `json.dump` per record
///   and a newline: the same library. A record's key is its `info_dict`;
///   its `id` is a hash the runtime recomputes on load, not unique.
/// - What shipped files do, which the reader accepts without a word: a
///   UTF-8 byte order mark, CRLF and LF line ends (both in one file), no
///   final newline, a file that is `{}`, only a newline or empty (an empty
///   bank), spacing of every kind, `1.0` and `1.000000`, negative numbers,
///   records with different knowledge keys or the same keys in another
///   order, misspelt keys. (CANN's ops-nn repository's shipped banks.)
/// - `<soc>_gradient_fusion.json`: a JSON array of
///   `{"modelhash", "modelgraphid", "modelvalue": {"gradientTime": [...],
///   "gradientSize": [...]}}` (AOE's GDAT tuning, CANN 6.x and later).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe {

/// A value of a record as read.
struct BankValue {
  enum class Kind : std::uint8_t { integer, floating, boolean, string, null, object, array };
  Kind kind = Kind::null;
  /// As written for a number (`1.000000`, `-3`), `true`/`false`, `null`;
  /// the decoded text of a string; compact JSON for an object or a list.
  std::string text;
};

/// One key of `info_dict` or `knowledge`, in the order of the line.
struct BankEntry {
  std::string key;  ///< as written (a trailing space or a misspelling kept)
  BankValue value;
};

/// One record of a runtime_kb file: one line.
struct BankRecord {
  std::size_t line = 0;  ///< 1-based line where the record begins
  /// `id`, as written (it can exceed 2^32, and is not unique); nullopt
  /// when absent or not an integer.
  std::optional<std::string> id;
  std::optional<std::string> op;        ///< `op`, nullopt when absent or not a string
  std::optional<std::int64_t> version;  ///< `version`, nullopt when absent or not an integer
  std::vector<BankEntry> info_dict;     ///< the shape key, in the line's order
  std::vector<BankEntry> knowledge;     ///< the tiling, in the line's order
  bool has_info_dict = false;           ///< `info_dict` was an object
  bool has_knowledge = false;           ///< `knowledge` was an object
  /// Members other than the five, kept raw (key and compact JSON).
  std::vector<BankEntry> other;
  /// The record's JSON as it was on the line (without the line end and
  /// the byte order mark): what `bank merge` writes back.
  std::string text;
};

/// The parts of a runtime_kb file name,
/// `<soc>_<cores>_AiCore_<OpType>_runtime_kb.json`, split at the last
/// `_<digits>_AiCore_` (a SoC name may hold `_` and `-`).
struct BankFileName {
  std::string soc;          ///< "Ascend910B1", "Ascend910_9382", "Ascend910B4-1"
  std::uint32_t cores = 0;  ///< AI Core count
  std::string op_type;      ///< "MatMulV2", "Conv2D", ...
};

/// The name's parts, or nullopt when `filename` (a name, not a path) is
/// not a runtime_kb file name.
[[nodiscard]] std::optional<BankFileName> parse_bank_file_name(std::string_view filename);

/// The SoC of a gradient fusion file name, `<soc>_gradient_fusion.json`,
/// or nullopt.
[[nodiscard]] std::optional<std::string> gradient_fusion_soc(std::string_view filename);

/// True for a file the bank commands read: a `*_runtime_kb.json` or a
/// `*_gradient_fusion.json` (names that do not parse further are read and
/// warned about).
[[nodiscard]] bool is_bank_file_name(std::string_view filename);

/// True when a record whose `op` is `op` belongs in the file of `file_type`:
/// equal, or one of the MatMul family the runtime looks up in the
/// `MatMulV2` file (`MatMul`, `BatchMatMul`, `BatchMatMulV2`).
[[nodiscard]] bool op_belongs_to_file(std::string_view op, std::string_view file_type);

/// One entry of a gradient fusion file.
struct GradientFusionEntry {
  std::size_t line = 0;                           ///< 1-based line of the entry's `{`
  std::optional<std::string> model_hash;          ///< `modelhash`
  std::optional<std::int64_t> graph_id;           ///< `modelgraphid`
  std::vector<std::int64_t> gradient_time;        ///< `modelvalue.gradientTime` (segments)
  std::vector<std::int64_t> gradient_size_bytes;  ///< `modelvalue.gradientSize`, bytes
};

/// What a bank file is.
enum class BankFileKind : std::uint8_t {
  runtime_kb,       ///< JSON Lines of records
  gradient_fusion,  ///< a JSON array of entries (GDAT)
};

/// "runtime_kb" | "gradient_fusion".
[[nodiscard]] std::string_view to_string(BankFileKind kind) noexcept;

/// Counts of a runtime_kb file, kept while reading even when the records
/// are handed to `BankReadOptions::on_record` rather than kept.
struct BankCounts {
  std::uint64_t records = 0;  ///< records read (a `{}` line is none)
  /// Distinct `info_dict`s (0 without `BankReadOptions::count_distinct`;
  /// by a 64-bit hash of `info_dict_key`, so that a
  /// listing holds no key: two keys of one hash, about one chance in 10^7
  /// among a million records, count once).
  std::uint64_t distinct_keys = 0;
  std::uint64_t bad_lines = 0;         ///< lines that are not a JSON object
  std::vector<std::int64_t> versions;  ///< distinct `version` values, ascending
  std::vector<std::string> ops;        ///< distinct `op` values, in order of first sight
};

/// One bank file, read.
struct BankFile {
  std::string path;  ///< as given (or the display path of a stream)
  BankFileKind kind = BankFileKind::runtime_kb;
  /// False when nothing of it could be read (missing, a directory, not
  /// JSON at all); the reason is an error in `diagnostics`.
  bool readable = false;
  std::optional<BankFileName> name;  ///< the runtime_kb name's parts
  std::optional<std::string> soc;    ///< from the name (either kind)
  /// True when the file was opened and its bytes read: `size_bytes`,
  /// `lines`, `byte_order_mark`, `crlf` and `final_newline` say what they
  /// held. False when it could not be opened (missing, no permission):
  /// those are not known, and the outputs give them as null.
  bool opened = false;
  std::uint64_t size_bytes = 0;  ///< bytes read
  std::uint64_t lines = 0;       ///< lines (a last line without a newline counts)
  bool byte_order_mark = false;  ///< began with a UTF-8 BOM
  bool crlf = false;             ///< a line ends in CRLF
  bool final_newline = false;    ///< the last byte is a newline
  /// The parts its bytes were read in at once (`BankReadOptions::threads`);
  /// 1 when read whole, 0 when not read.
  unsigned parts = 0;
  BankCounts counts;
  /// The records in file order (empty when `on_record` took them).
  std::vector<BankRecord> records;
  std::vector<GradientFusionEntry> gradient_fusion;  ///< `gradient_fusion` files
  /// What the reader met: `invalid-json` for a line that is not JSON (the
  /// other lines kept), `invalid-value` for a member of the wrong kind,
  /// `io-error`. Positions are the file's lines and byte columns.
  std::vector<Diagnostic> diagnostics;
};

/// A record as `BankReadOptions::counts_only` sees it: where it is and the
/// hashes of its two objects (`info_dict_hash`'s: keys in any order,
/// numbers by value), nothing copied.
struct BankRecordHashes {
  std::size_t line = 0;         ///< 1-based line where the record begins
  bool has_info_dict = false;   ///< `info_dict` was an object
  bool has_knowledge = false;   ///< `knowledge` was an object
  std::uint64_t info_dict = 0;  ///< `info_dict_hash` of `info_dict` (of nothing when absent)
  std::uint64_t knowledge = 0;  ///< the same hash of `knowledge`
};

/// How a bank file is read.
struct BankReadOptions {
  /// Bytes read at a time.
  std::size_t chunk_bytes = std::size_t{1} << 20;
  /// When set, each record goes here as soon as it is read, in file order,
  /// instead of into `BankFile::records` (counts and diagnostics as
  /// without): a listing of a large bank holds no record.
  std::function<void(const BankFile& file, BankRecord&& record)> on_record;
  /// Keep `BankRecord::text` (what `bank merge` writes back).
  bool keep_text = true;
  /// Count the distinct `info_dict`s (`BankCounts::distinct_keys`); a
  /// reader that keys the records itself (`diff_banks`) saves the work,
  /// and `distinct_keys` is then 0.
  bool count_distinct = true;
  /// Only the counts and the diagnostics: no record is built, kept or
  /// handed over (`on_record` is not called). A listing of a large bank.
  bool counts_only = false;
  /// With `counts_only`: each record's line and hashes, in file order (what
  /// `diff_banks` keys two banks by before it reads again the few records
  /// it shows).
  std::function<void(const BankFile& file, const BankRecordHashes& record)> on_hashes;
  /// Threads that read one runtime_kb file of at least `split_min_bytes`
  /// named by path (`read_bank_file`) with `counts_only`: the file is split
  /// at line ends into this many parts, read at once, and their counts
  /// merged; `on_hashes` is called on the calling thread once every part
  /// is read (the hashes are kept meanwhile, ~40 bytes a record). Every
  /// field of the result and every call is what one thread gives, in the
  /// same order: a file whose parts do not each read cleanly (a diagnostic
  /// past the first part, a record that goes on over a split, a failed
  /// read) is read again whole, on one thread. 0 and 1: one thread.
  unsigned threads = 1;
  /// The smallest file split into parts (`threads`), bytes.
  std::uint64_t split_min_bytes = std::uint64_t{32} << 20U;
};

/// Reads the bank file at `path` (its kind from its name: a
/// `*_gradient_fusion.json` is a gradient fusion file, any other a
/// runtime_kb file). Never throws for bad content or a missing file (see
/// `readable`, `diagnostics`). Throws `aoe::InputError` before opening a
/// named pipe, a socket or a device (`special_file_kind`). May throw
/// `std::bad_alloc`, or what `on_record` throws.
[[nodiscard]] BankFile read_bank_file(const std::filesystem::path& path,
                                      const BankReadOptions& options = {});

/// Reads a bank file from `in`; `display_path` names it in diagnostics and
/// gives its kind and name parts.
[[nodiscard]] BankFile read_bank_stream(std::istream& in, std::string display_path,
                                        const BankReadOptions& options = {});

/// Reads a bank file from its bytes.
[[nodiscard]] BankFile read_bank_text(std::string_view text, std::string display_path,
                                      const BankReadOptions& options = {});

/// The identity of an `info_dict`: its keys sorted, each with its value's
/// canonical form (a number by its value, so `1.0`, `1.000000` and `1` are
/// one key, as the runtime's JSON compares them). Two records with equal
/// keys are the same shape.
[[nodiscard]] std::string info_dict_key(const std::vector<BankEntry>& entries);

/// `bank check`'s findings for one file read with its records kept: the
/// reader's diagnostics and the repository's rules (docs/check-codes.md):
/// `bank-file-name` (warning) for a runtime_kb name that does not parse;
/// per record `bank-missing-key` (an error without an `info_dict` or
/// `knowledge` object, a warning without `op`, `id` or `version`),
/// `bank-op-mismatch` (warning: `op` not the name's type, the MatMul
/// family aside), `bank-conflict` (error: an `info_dict` seen before with
/// other knowledge; the runtime keeps one) and `bank-duplicate` (warning:
/// the same record again). A shared `id` is no finding. In line order.
[[nodiscard]] std::vector<Diagnostic> check_bank_file(const BankFile& file);

/// The keys whose values differ between two `knowledge` objects, as
/// `baseM 128 → 256` (a key on one side only: `dbL0A – → 2`), in the order
/// of `before` then the keys `after` adds. Each key and value (as compact
/// JSON) is quoted at most 80 bytes long, cut at a character and ended with
/// "..." (`shorten_for_message`): a value may be megabytes.
[[nodiscard]] std::vector<std::string> knowledge_changes(const std::vector<BankEntry>& before,
                                                         const std::vector<BankEntry>& after);

/// A 64-bit hash of a shape, equal for `info_dict`s with equal
/// `info_dict_key`s (keys in any order, numbers by value): what
/// `BankCounts::distinct_keys` counts.
[[nodiscard]] std::uint64_t info_dict_hash(const std::vector<BankEntry>& entries);

/// The part of `info_dict_hash` one key and its value add (the shape's hash
/// is the mixed sum over its entries, so that their order does not count).
[[nodiscard]] std::uint64_t entry_hash(std::string_view key, BankValue::Kind kind,
                                       std::string_view text);

/// The value's canonical form used by `info_dict_key` (a number by value).
[[nodiscard]] std::string canonical_value(const BankValue& value);

/// `{"k": v, ...}` of entries, compact, in their order; strings escaped.
[[nodiscard]] std::string entries_json(const std::vector<BankEntry>& entries);

/// A value as JSON (a number as written, a string quoted and escaped).
[[nodiscard]] std::string value_json(const BankValue& value);

// ---------------------------------------------------------------------------
// Two repositories compared (`bank diff`).

/// What became of a record between two sides.
enum class BankChange : std::uint8_t {
  added,    ///< its `info_dict` only in the new file
  removed,  ///< its `info_dict` only in the old file
  changed,  ///< the same `info_dict`, other `knowledge`
};

/// "added" | "removed" | "changed".
[[nodiscard]] std::string_view to_string(BankChange change) noexcept;

/// A record added, removed or changed.
struct BankRecordChange {
  BankChange change = BankChange::added;
  std::size_t old_line = 0;          ///< 1-based line in the old file; 0 when added
  std::size_t new_line = 0;          ///< 1-based line in the new file; 0 when removed
  std::optional<std::string> op;     ///< `op` (the new record's, or the old one's when removed)
  std::vector<BankEntry> info_dict;  ///< as read (new side; old side when removed)
  /// The knowledge as read: the new record's (added, changed), the old
  /// one's (removed).
  std::vector<BankEntry> knowledge;
  /// Changed: `knowledge_changes(old, new)`, e.g. `baseM 128 → 256`.
  std::vector<std::string> changes;
};

/// One file of either side, and what changed in it. Files are paired by
/// their path relative to the folder given (two files given are paired
/// with each other).
struct BankFileDiff {
  std::string path;                     ///< the relative path the pair is keyed by
  std::optional<std::string> old_path;  ///< as read; nullopt: only in the new side
  std::optional<std::string> new_path;  ///< as read; nullopt: only in the old side
  BankFileKind kind = BankFileKind::runtime_kb;
  std::optional<std::string> op_type;  ///< from the name (the new file's, else the old)
  bool old_readable = false;           ///< the old file was read (false when absent)
  bool new_readable = false;
  /// Records read on each side (a `{}` line is none).
  std::uint64_t old_records = 0;
  std::uint64_t new_records = 0;
  std::uint64_t added = 0;
  std::uint64_t removed = 0;
  std::uint64_t changed = 0;
  std::uint64_t unchanged = 0;
  /// True when both sides were read and compared: record by record, or a
  /// gradient fusion file by its bytes (false for a file on one side only
  /// or an unreadable file).
  bool compared = false;
  /// For a gradient fusion file on both sides: the two have the same bytes.
  std::optional<bool> same_bytes;
  /// Added, removed and changed records: changed and added in the new
  /// file's order, then the removed in the old file's order.
  std::vector<BankRecordChange> records;
  /// The readers' warnings and errors, and what the comparison met inside
  /// one side: an `info_dict` twice with other knowledge (`bank-conflict`,
  /// a warning here: the first is compared) or the same record twice
  /// (`bank-duplicate`). Each with the path of its side.
  std::vector<Diagnostic> diagnostics;
};

/// The counts of one op type (the file name's), over its files.
struct BankOpDiff {
  std::string op_type;
  std::uint64_t files = 0;
  std::uint64_t added = 0;
  std::uint64_t removed = 0;
  std::uint64_t changed = 0;
  std::uint64_t unchanged = 0;
};

struct BankDiffTotals {
  std::uint64_t files = 0;       ///< pairs and one-sided files
  std::uint64_t compared = 0;    ///< files on both sides, read and compared
  std::uint64_t only_old = 0;    ///< files only in the old side
  std::uint64_t only_new = 0;    ///< files only in the new side
  std::uint64_t unreadable = 0;  ///< files of either side that could not be read
  std::uint64_t old_records = 0;
  std::uint64_t new_records = 0;
  std::uint64_t added = 0;
  std::uint64_t removed = 0;
  std::uint64_t changed = 0;
  std::uint64_t unchanged = 0;
};

/// Two sides compared.
struct BankDiff {
  std::string old_root;  ///< the old side as given (a file or a folder)
  std::string new_root;
  bool old_readable = false;  ///< the old side exists and could be listed
  bool new_readable = false;
  std::vector<BankFileDiff> files;  ///< by relative path, in natural order
  std::vector<BankOpDiff> ops;      ///< by op type, in natural order
  BankDiffTotals totals;
  /// A side that could not be read or listed (`io-error`), in order.
  std::vector<Diagnostic> problems;
};

/// How two sides are read.
struct BankDiffOptions {
  /// Bytes read at a time.
  std::size_t chunk_bytes = std::size_t{1} << 20;
  /// Threads a large file is read on (`BankReadOptions::threads`).
  unsigned threads = 1;
};

/// Compares the bank files of `old_side` with those of `new_side`: two
/// files (compared with each other), two folders (read with their
/// subdirectories, the files paired by their path below the folder given:
/// two repository snapshots), or a file and a folder (the file with the
/// folder's file of the same name). Records are keyed by their `info_dict` (numbers by value,
/// as `info_dict_key`), and their knowledge compared the same way; both
/// are held as 64-bit hashes of that canonical form (`info_dict_hash`, the
/// hash `BankCounts::distinct_keys` counts: two shapes of a million share
/// one with a chance of about 1 in 30 million). Both files are read lean
/// first (no record built: a record's line and hashes); the records shown
/// (added, removed, changed) are then read again by their lines (the
/// whole file again when one of them spans lines). Memory: one old file's
/// keys at a time (about 70 bytes a record), the keys of the records only
/// in the new file, and the records added, removed or changed. Never
/// throws for bad content, a missing side or one that is a named pipe, a
/// socket or a device (never opened): see `old_readable`, `problems`. May
/// throw `std::bad_alloc`.
[[nodiscard]] BankDiff diff_banks(const std::filesystem::path& old_side,
                                  const std::filesystem::path& new_side,
                                  const BankDiffOptions& options = {});

/// The bank files under `folder` (with its subdirectories; regular files
/// whose name `is_bank_file_name`), each as its path below `folder`, in
/// natural order. Throws `std::filesystem::filesystem_error` when the
/// folder cannot be listed.
[[nodiscard]] std::vector<std::filesystem::path> list_bank_files(
    const std::filesystem::path& folder);

// ---------------------------------------------------------------------------
// Two runtime_kb files merged (`bank merge`).

/// Which side a conflict is settled for: none (a conflict stops the
/// merge), A's knowledge or B's.
enum class BankPrefer : std::uint8_t { none, a, b };

/// One `info_dict` with two knowledges: in A and B, or twice in one.
struct BankMergeConflict {
  std::string first_path;  ///< where the key was met first
  std::size_t first_line = 0;
  std::string second_path;  ///< where it was met again with other knowledge
  std::size_t second_line = 0;
  std::vector<BankEntry> info_dict;  ///< as read at the first place
  std::vector<std::string> changes;  ///< `knowledge_changes(first, second)`
};

/// The union of two runtime_kb files keyed by `info_dict`.
struct BankMerge {
  /// The merged file: each record's JSON as read (`BankRecord::text`), one
  /// a line with LF, A's records in A's order then B's new ones in B's
  /// order, a final newline (empty for no record), no byte order mark.
  std::string text;
  std::uint64_t records = 0;  ///< records written
  std::uint64_t from_a = 0;   ///< of them, A's records (their knowledge may be B's with --prefer b)
  std::uint64_t only_b = 0;   ///< of them, B's records whose info_dict A lacks
  std::uint64_t same = 0;     ///< records of B already in A, identical (written once)
  /// Records of A replaced by B's knowledge (`BankPrefer::b`).
  std::uint64_t replaced = 0;
  /// Conflicts met (all of them, also when settled by a preference).
  std::vector<BankMergeConflict> conflicts;
  /// Records that cannot be keyed (no `info_dict` or `knowledge` object),
  /// by file and line: the merge refuses them.
  std::vector<Diagnostic> unkeyed;
  /// True when `text` is the merge: no conflict unsettled, no unkeyed
  /// record.
  bool ok = false;
};

/// Merges `a` and `b`, read with `keep_text` (the default) and their
/// records kept. A key met twice with the same knowledge is written once;
/// with other knowledge it is a conflict, which `prefer` settles (the
/// record keeps its place; `BankPrefer::a` keeps the first knowledge
/// met, `BankPrefer::b` takes B's, or the last met inside one file).
[[nodiscard]] BankMerge merge_bank_files(const BankFile& a, const BankFile& b,
                                         BankPrefer prefer = BankPrefer::none);

}  // namespace aoe
