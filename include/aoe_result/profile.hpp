// SPDX-License-Identifier: Apache-2.0
/// @file
/// Profiling data of a model run, read per operator: msprof's `op_summary`
/// CSV and torch_npu's `kernel_details.csv`.
///
/// Sources of every rule here (docs/profile.md has the user's account):
/// - `op_summary`: written by `msprof --export=on --type=text`. CANN 7.0
///   puts it at `PROF_*/device_<n>/summary/op_summary_<dev>_<model>_<14
///   digits>.csv`; CANN 8.0.RC1 and later at
///   `PROF_*/mindstudio_profiler_output/op_summary_<14 digits>.csv`.
/// - `kernel_details.csv`: torch_npu's profiler, in
///   `ASCEND_PROFILER_OUTPUT/`; the same data under other column names
///   (`Name`, `Type`, `Accelerator Core`, `Duration(us)`) and a `Step Id`.
/// - One header line, then one row per task (an operator run once per
///   step is one row per step). Columns are found by header name, never by
///   position: they differ across CANN versions and collection options
///   (`Device_id` and `OP State` since 8.0.RC1; `Block Dim` or `Block
///   Num`; metric columns after `Context ID`).
/// - Values: `N/A` in shape, type, format and metric columns and in every
///   number of HCCL rows; `Task Start Time(us)` with a trailing tab,
///   sometimes quoted; shapes quoted with doubled quotes; empty last
///   fields; no final newline; a UTF-8 byte order mark; CRLF.
/// - Names meet the result file's `op_name` exactly (the graph node name);
///   AOE's `--tune_ops_file` documentation takes names from profiling's
///   `OP Name` / `OP Type`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe {

/// Which tool wrote a profile file (known by its header).
enum class ProfileFormat : std::uint8_t {
  op_summary,      ///< msprof's op_summary (CANN 7.x, 8.x and later)
  kernel_details,  ///< torch_npu's kernel_details.csv
};

/// "op_summary" or "kernel_details".
[[nodiscard]] std::string_view to_string(ProfileFormat format) noexcept;

/// One row (one task) as the reader decoded it. Views point into the
/// reader's buffer: valid only during the callback that receives them.
struct ProfileRowView {
  std::size_t line = 0;                   ///< 1-based line where the row begins
  std::string_view name;                  ///< `Op Name` / `Name`, unquoted
  std::string_view type;                  ///< `OP Type` / `Type`; empty when absent or N/A
  std::string_view task_type;             ///< `Task Type` / `Accelerator Core`; empty when absent
  std::optional<double> duration_us;      ///< task duration (µs); nullopt for N/A or empty
  std::optional<double> start_us;         ///< task start time (µs); nullopt when absent or N/A
  std::optional<std::int64_t> step_id;    ///< `Step Id`; nullopt when the file has none
  std::optional<std::int64_t> device_id;  ///< `Device_id`, else the `device_<n>` folder
};

/// One profile file read.
struct ProfileFile {
  std::string path;  ///< as given or found ("<stdin>" for standard input)
  /// False when the file could not be read at all (missing, unreadable, no
  /// header this reader knows): `diagnostics` says why.
  bool readable = false;
  std::optional<ProfileFormat> format;  ///< nullopt when the header was not recognised
  std::size_t rows = 0;                 ///< rows read (the header excluded)
  std::size_t bad_rows = 0;             ///< rows that could not be read (named in diagnostics)
  /// Devices of the rows (`Device_id`, or the `device_<n>` folder), sorted;
  /// empty when the file says none.
  std::vector<std::int64_t> devices;
  bool has_steps = false;               ///< the file has a `Step Id` column
  std::vector<Diagnostic> diagnostics;  ///< file:line of every row not read, and why
};

/// Durations of one operator's tasks, summarised (µs). Absent values
/// (`N/A`) are counted in `calls` but not in the statistics.
struct ProfileStats {
  std::size_t calls = 0;        ///< rows of this operator
  std::size_t timed_calls = 0;  ///< rows with a duration
  /// Sum of the durations read; 0 when none was read (`known_total_us`
  /// tells that apart from a time of 0).
  double total_us = 0.0;
  std::optional<double> mean_us;  ///< nullopt when no row had a duration
  std::optional<double> median_us;
  std::optional<double> p95_us;  ///< nearest-rank 95th percentile
  /// `total_us`, the sum of the durations read; nullopt when no row had a
  /// duration (every one `N/A` or empty): unknown, not 0.
  [[nodiscard]] std::optional<double> known_total_us() const noexcept {
    if (timed_calls == 0) return std::nullopt;
    return total_us;
  }
};

/// One operator of a profile: rows with the same name and type.
struct ProfileOperator {
  std::string name;       ///< raw bytes of the file
  std::string type;       ///< empty when the file gives none
  std::string task_type;  ///< the task type of its first row ("AI_CORE", "HCCL", ...)
  ProfileStats stats;
  /// Devices of its rows, sorted; empty when no row said one.
  std::vector<std::int64_t> devices;
  /// `stats.total_us` over the profile's total device time, in [0, 1];
  /// nullopt when the total is 0 or no row of the operator had a duration.
  std::optional<double> share;
};

/// Device time per task type ("AI_CORE", "AI_VECTOR_CORE", "AI_CPU",
/// "MIX_AIC", "HCCL", ...).
struct ProfileTaskTypeTotal {
  std::string task_type;
  std::size_t calls = 0;
  double total_us = 0.0;
};

/// Device time of one training step (the sum of its tasks' durations, µs).
struct ProfileStep {
  std::int64_t step_id = 0;
  std::size_t calls = 0;
  double total_us = 0.0;
};

/// Profile files read together (several devices, several files), per
/// operator.
struct Profile {
  std::vector<ProfileFile> files;  ///< in the order read
  /// Per operator (name and type), by `stats.total_us` descending, then
  /// name and type ascending (bytes).
  std::vector<ProfileOperator> operators;
  /// By `total_us` descending, then name.
  std::vector<ProfileTaskTypeTotal> task_types;
  /// By step id; empty when no file has `Step Id`.
  std::vector<ProfileStep> steps;
  std::size_t rows = 0;      ///< rows read in every file
  std::size_t bad_rows = 0;  ///< rows that could not be read, in every file
  double total_us = 0.0;     ///< the total device time: every duration summed
  /// Diagnostics of every file, in file order.
  std::vector<Diagnostic> diagnostics;
};

/// Options of the profile reader.
struct ProfileReadOptions {
  /// Bytes read at a time (at least 16 are used). Any size gives the same
  /// profile.
  std::size_t chunk_bytes = std::size_t{1} << 16;
  /// Called for every row read, in file order, before it is aggregated;
  /// may throw (the read stops and the exception propagates).
  std::function<void(const ProfileFile&, const ProfileRowView&)> on_row;
  /// A row longer than this (bytes) is not read (a diagnostic names it);
  /// with `chunk_bytes`, what bounds the reader's memory whatever the input.
  std::size_t max_row_bytes = std::size_t{1} << 20;
  /// Rows not read that are named one by one in a file's diagnostics; the
  /// rest are counted in one more diagnostic.
  std::size_t max_row_diagnostics = 10;
};

/// What one file's rows add up to, per operator, task type and step:
/// defined in the library only (a part is combined, never looked into).
struct ProfileTally;

/// One file read and aggregated, to be combined with others into a
/// `Profile` (`combine_profile_parts`). Files can be read apart, on
/// several threads, then combined in the order wanted.
struct ProfilePart {
  ProfileFile file;
  /// Its rows summed; null when the file was not readable.
  std::shared_ptr<const ProfileTally> tally;
};

/// Reads one profile file into a part (see `read_profile` for what is
/// thrown and how bad content is reported).
[[nodiscard]] ProfilePart read_profile_part(const std::filesystem::path& path,
                                            const ProfileReadOptions& options = {});

/// Reads one profile from a stream (standard input) into a part.
[[nodiscard]] ProfilePart read_profile_part_stream(std::istream& in, std::string display_path,
                                                   const ProfileReadOptions& options = {});

/// Reads one profile from `text` (a whole file's bytes) into a part.
[[nodiscard]] ProfilePart read_profile_part_text(std::string_view text, std::string display_path,
                                                 const ProfileReadOptions& options = {});

/// The parts together, in their order: operators of the same name and
/// type in several files (devices) are one operator, their durations
/// pooled (the median and P95 are over every file's rows).
[[nodiscard]] Profile combine_profile_parts(const std::vector<ProfilePart>& parts);

/// The device a path names: the `<n>` of a `device_<n>` folder among its
/// parents (CANN 7.x's layout); nullopt when none.
[[nodiscard]] std::optional<std::int64_t> device_of_path(const std::filesystem::path& path);

/// The profiling run a profile file belongs to: its innermost `PROF_*`
/// folder (msprof: one per collection; CANN 7.x's `device_<n>` folders and
/// CANN 8.x's `mindstudio_profiler_output` are inside it), else, for a
/// file in an `ASCEND_PROFILER_OUTPUT` folder (torch_npu), the folder
/// holding that; else the file's own folder. Looks at the path only.
[[nodiscard]] std::filesystem::path profiling_run_of(const std::filesystem::path& file);

/// True for the name of a file this reader takes: `op_summary_*.csv` or
/// `kernel_details.csv` (case as msprof and torch_npu write them).
[[nodiscard]] bool is_profile_file_name(std::string_view filename) noexcept;

/// Reads and aggregates the profile files `paths` (files; see
/// `find_profile_files` for folders). A file that cannot be opened gives
/// `readable == false` and an `io-error` diagnostic, no exception; a row
/// that cannot be read is named by file:line and the rest are kept. Throws
/// `aoe::InputError` for a FIFO, socket or device (`special_file_kind`,
/// reader.hpp). May throw `std::bad_alloc`.
[[nodiscard]] Profile read_profile(const std::vector<std::filesystem::path>& paths,
                                   const ProfileReadOptions& options = {});

/// Reads one profile from `text` (a whole file's bytes).
[[nodiscard]] Profile read_profile_text(std::string_view text, std::string display_path = "<text>",
                                        const ProfileReadOptions& options = {});

/// Reads one profile from a stream (standard input), in chunks.
[[nodiscard]] Profile read_profile_stream(std::istream& in, std::string display_path = "<stdin>",
                                          const ProfileReadOptions& options = {});

/// The profile files under `folder`: a `PROF_*` folder (its
/// `mindstudio_profiler_output/op_summary_*.csv`, else each
/// `device_<n>/summary/op_summary_*.csv`), an `ASCEND_PROFILER_OUTPUT`
/// folder (its `kernel_details.csv`) or a folder holding such folders,
/// sorted by path. Empty when none is found. Throws
/// `std::filesystem::filesystem_error` when `folder` cannot be listed.
[[nodiscard]] std::vector<std::filesystem::path> find_profile_files(
    const std::filesystem::path& folder);

}  // namespace aoe
