// SPDX-License-Identifier: Apache-2.0
/// @file
/// Writes synthetic AOE result files for benchmarks and tests: any number
/// of operators, every layout, reproducible from a seed (same seed, same
/// bytes, on any platform: the generator uses its own integer RNG).
///
/// The files look like real ones: two-space indentation as AOE writes it,
/// about 10 % of operators tuned in two modes (Format/Schedule/Impl), some
/// fused operators (`op_type` as a list), a few failed operators in some
/// reports, `repo_summary` counters that satisfy the documented invariants,
/// and `performance_improvement` computed by AOE's formula.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace aoe::bench {

/// The layouts the generator writes (see the spec's "Two outer shapes").
enum class GenLayout {
  nested,    ///< CANN 8.x training: report-keyed, nested `tune_performance`
  list,      ///< CANN 6.3+ offline inference: bare list, nested entries
  flat_601,  ///< CANN 6.0.1 training: report-keyed, flat add/update lists
  flat_62,   ///< CANN 6.2 offline inference: bare list, flat add/update lists
};

/// "nested" | "list" | "flat-601" | "flat-62"; `nullopt` for another name.
[[nodiscard]] std::optional<GenLayout> parse_gen_layout(std::string_view name) noexcept;

/// What to write.
struct GenOptions {
  std::size_t operators = 1000;  ///< modified operators over the whole file
  /// Reports in a report-keyed file (at least 1); list layouts always
  /// hold exactly one report.
  std::size_t reports = 1;
  GenLayout layout = GenLayout::nested;
  std::uint64_t seed = 1;
  /// Series mode (`aoe-result-gen --series N`): this file is run
  /// `*series_run` (0-based) of a series of runs of the same model. Every
  /// run of one seed holds the same operators (same names, types, modes
  /// and before-times); what changes from run to run:
  /// - after-tune times drift: operator i's after-time is its base time
  ///   × (1000 + d_i × run) / 1000, d_i in −10..+30 ‰ per run, fixed per
  ///   operator (its +1 µs artefacts stay as they are);
  /// - operator i is missing from run k when (7·i + k) % 13 == 0;
  /// - operator i fails in run k when (i + 3·k) % 29 == 0 (its name is in
  ///   `tuning_failed_operators`, it has no times), unless missing;
  /// - repository updates grow with the run: a policy is an update when
  ///   its operator's digit (0..9, fixed) is below min(run, 8), else an add.
  /// `nullopt`: an ordinary file (failed operators named `failed_op_*`).
  std::optional<std::size_t> series_run;
};

/// Series mode's rules, for tests that compute what a run holds.
[[nodiscard]] constexpr bool series_missing(std::size_t op, std::size_t run) noexcept {
  return (7 * op + run) % 13 == 0;
}
[[nodiscard]] constexpr bool series_failed(std::size_t op, std::size_t run) noexcept {
  return !series_missing(op, run) && (op + 3 * run) % 29 == 0;
}

/// What the written file holds, by the CLI contract's rules (operator
/// before = largest before-time over its modes, after = smallest
/// after-time), summed in file order.
struct GenTotals {
  std::size_t reports = 0;
  std::size_t operators = 0;         ///< modified operators written
  std::size_t mode_results = 0;      ///< tuning-mode results written
  std::size_t failed_operators = 0;  ///< failed names written (all distinct)
  double time_before_us = 0;         ///< Σ operator before-times, µs
  double time_after_us = 0;          ///< Σ operator after-times, µs
};

/// Writes one result file to `out` and returns what it holds.
GenTotals generate(const GenOptions& options, std::ostream& out);

/// `generate` into a string (for benchmarks on files in memory).
[[nodiscard]] std::string generate_text(const GenOptions& options, GenTotals* totals = nullptr);

}  // namespace aoe::bench
