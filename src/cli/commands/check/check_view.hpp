// SPDX-License-Identifier: Apache-2.0
// `check`: the findings of every file under a policy, and the verdict.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "aoe_result/check.hpp"
#include "aoe_result/judgement.hpp"

#include "io/inputs.hpp"

namespace aoe::cli {

/// One checked file and what `check()` found in it.
struct CheckedFile {
  std::string path;
  bool readable = false;
  std::vector<std::string> report_ids;  ///< in file order
  std::size_t operators = 0;
  std::vector<Diagnostic> findings;   ///< in file order
  Verdict verdict = Verdict::failed;  ///< the file's (`Judgement::verdict`)
  /// An input that yielded no file (`path` is the input): its one finding
  /// is `no-result-file`.
  bool no_file = false;
};

/// What `check` computed: every file's findings, the policy applied and the
/// verdict.
struct CheckView {
  std::vector<CheckedFile> files;  ///< the files read, then the inputs that gave none
  CheckPolicy policy;
  Strictness strictness = Strictness::normal;
  bool ok = true;  ///< no finding fails the check

  /// The entries of `files` that are inputs which gave no file.
  [[nodiscard]] std::size_t inputs_without_files() const noexcept {
    std::size_t n = 0;
    for (const CheckedFile& f : files) n += f.no_file ? 1 : 0;
    return n;
  }
  /// The result files checked: `files` but the inputs that gave none.
  [[nodiscard]] std::size_t files_checked() const noexcept {
    return files.size() - inputs_without_files();
  }
  /// Of those, the ones that could not be read at all (missing, a
  /// directory, unreadable, nothing of AOE's in them).
  [[nodiscard]] std::size_t files_unreadable() const noexcept {
    std::size_t n = 0;
    for (const CheckedFile& f : files) n += !f.no_file && !f.readable ? 1 : 0;
    return n;
  }

  /// Whether `d` fails the check: an error, or a warning under `--strict`.
  [[nodiscard]] bool fails(const Diagnostic& d) const noexcept {
    return d.severity == Severity::error ||
           (d.severity == Severity::warning && strictness == Strictness::strict);
  }
};

/// The verdict of a check over every file: each file's is the library's
/// (`Judgement::verdict`, judgement.hpp), the one rule `check` in every
/// format, `watch`'s end and the `report` page say. `failed` when a file's
/// is, or an input gave no file, or nothing was checked; else
/// `passed_with_warnings` when a file's is; else `passed`. Its words:
/// `to_string(Verdict)`.
[[nodiscard]] Verdict verdict(const CheckView& view) noexcept;

/// Builds the view: judges every file with `policy` (`judge`). Each of
/// `empty_inputs` (an input that yielded no file) becomes an
/// unreadable entry with one error finding `no-result-file`, and a view of
/// nothing at all is not ok: a check of nothing is no pass.
[[nodiscard]] CheckView check_files(const std::vector<ResultFile>& files, const CheckPolicy& policy,
                                    Strictness strictness,
                                    const std::vector<EmptyInput>& empty_inputs = {});

}  // namespace aoe::cli
