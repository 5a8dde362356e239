// SPDX-License-Identifier: Apache-2.0
/// @file
/// A tuning run as AOE writes it, for testing `aoe-result watch`
/// (`aoe-result-gen --simulate`): reports and operators appear over time,
/// the whole file is rewritten at each step (in place, sometimes caught
/// half-written, sometimes replaced by a rename), one operator gains a
/// second tuning mode, one report fails, and every report ends with a final
/// status. The file is named `aoe_result_opat_<timestamp>_pid<N>.json`
/// with the simulating process's id, so a watcher sees the run end when the
/// simulator exits.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace aoe::bench {

/// What to simulate.
struct SimOptions {
  std::size_t reports = 2;    ///< tuning reports, one after the other (at least 1)
  std::size_t operators = 6;  ///< operators tuned per report (at least 1)
  /// The report (0-based) that ends "tuning failed" with one failed
  /// operator; `nullopt`: none fails. Ignored when out of range.
  std::optional<std::size_t> failing_report = 1;
  std::uint64_t seed = 1;  ///< operator times, reproducibly
  /// The run's start, `YYYYMMDD_HHMMSSmmm` (local time): the file name's
  /// timestamp and, advanced by one second a report, the report ids'.
  std::string start_timestamp = "20250428_203017761";
};

/// How one step is written to disk.
enum class SimWrite {
  in_place,      ///< truncate and write the whole file at once
  half_written,  ///< truncate, write a prefix, pause, write the rest
  renamed,       ///< write a temporary file beside it, rename it over the file
};

/// One state of the file.
struct SimStep {
  std::string text;  ///< the whole file at this step
  SimWrite write = SimWrite::in_place;
};

/// What the whole run holds at its end.
struct SimTotals {
  std::size_t reports = 0;
  std::size_t operators = 0;         ///< modified operators, all reports
  std::size_t failed_operators = 0;  ///< failed names, all reports
};

/// The file's successive states, first to last (pure: the same options give
/// the same steps). The last step is the finished run.
[[nodiscard]] std::vector<SimStep> simulation_steps(const SimOptions& options,
                                                    SimTotals* totals = nullptr);

/// The current local time as `YYYYMMDD_HHMMSSmmm`.
[[nodiscard]] std::string local_timestamp_now();

/// Writes the steps to `dir/aoe_result_opat_<start>_pid<getpid()>.json`,
/// one every `step_delay` (a half-written step pauses half of it in the
/// middle). Prints the file's path and a newline on `announce` (flushed)
/// before the first write. Throws `std::runtime_error` when the file
/// cannot be written.
SimTotals simulate(const SimOptions& options, const std::filesystem::path& dir,
                   std::chrono::milliseconds step_delay, std::ostream& announce);

}  // namespace aoe::bench
