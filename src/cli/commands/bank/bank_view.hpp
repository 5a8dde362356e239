// SPDX-License-Identifier: Apache-2.0
// `bank`: the repository's files listed (a row per file, a total), or the
// records of one shape (`--op`, `--where`); `bank check`'s view is
// check's (`CheckView`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/bank.hpp"

#include "commands/check/check_view.hpp"
#include "io/input_kind.hpp"

namespace aoe::cli {

/// One `--where KEY=VALUE`: an `info_dict` key and the value's canonical
/// form (`canonical_value`: `512` matches `512.0`).
struct BankWhere {
  std::string key;
  std::string value;      ///< as given
  std::string canonical;  ///< as compared
};

/// `KEY=VALUE` parsed; the value a number, `true`/`false`, `null` or else a
/// string. Throws `UsageError` without a `=` or with an empty key.
[[nodiscard]] BankWhere parse_bank_where(const std::string& text);

/// One file of the listing.
struct BankRow {
  const BankFile* file = nullptr;
  std::uint64_t warnings = 0;  ///< the reader's warnings
  std::uint64_t errors = 0;    ///< the reader's errors (bad lines, a cut record)
};

/// A record that matched `--op`/`--where`, with its file.
struct BankMatch {
  const BankFile* file = nullptr;
  const BankRecord* record = nullptr;
};

struct BankTotals {
  std::uint64_t files = 0;       ///< files read (readable or not)
  std::uint64_t runtime_kb = 0;  ///< of them, runtime_kb files
  std::uint64_t gradient_fusion = 0;
  std::uint64_t unreadable = 0;
  std::uint64_t records = 0;        ///< records of the runtime_kb files
  std::uint64_t distinct_keys = 0;  ///< summed over files (a key is per file)
  std::uint64_t gradient_entries = 0;
  std::uint64_t opened = 0;      ///< files opened and read (their sizes are known)
  std::uint64_t size_bytes = 0;  ///< bytes of the files opened
};

struct BankListView {
  std::vector<BankRow> rows;  ///< in input order
  BankTotals totals;
  /// The folder every path is under (shown once), empty when none.
  std::string common_dir;
  /// `--op`/`--where` given: `matches` are the records that match.
  bool filtered = false;
  std::string op;
  std::vector<BankWhere> where;
  std::vector<BankMatch> matches;
  std::vector<InputProblem> problems;
};

/// The folder all `paths` are in, with its final '/' (shown once above a
/// table, the paths below it); empty when they share none but the root, or
/// a path is a bare name.
[[nodiscard]] std::string common_folder(const std::vector<std::string_view>& paths);

/// The listing of `files` (records kept when `op` or `where` is set).
[[nodiscard]] BankListView make_bank_list_view(const std::vector<BankFile>& files,
                                               const std::string& op,
                                               const std::vector<BankWhere>& where);

/// True when `record` of `file` matches `--op` (its `op` or the file's
/// type) and every `--where`.
[[nodiscard]] bool bank_record_matches(const BankFile& file, const BankRecord& record,
                                       const std::string& op, const std::vector<BankWhere>& where);

/// `bank check`: each file's findings (`check_bank_file`) and the verdict
/// by the one rule (`Judgement::verdict`), in the view `check` renders.
[[nodiscard]] CheckView check_bank_files(const std::vector<BankFile>& files, Strictness strictness,
                                         const std::vector<EmptyInput>& empty_inputs);

}  // namespace aoe::cli
