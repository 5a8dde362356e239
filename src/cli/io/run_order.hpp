// SPDX-License-Identifier: Apache-2.0
// Whether runs given in order (`trend`'s files, `diff`'s OLD and NEW) are
// oldest first by the timestamps AOE puts in result file names.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace aoe::cli {

/// A run given after one it is older than: `run` (counted from 1) with
/// its file name's timestamp `stamp`, and `earlier_run`, given before it,
/// with the later `earlier_stamp`.
struct OutOfOrder {
  std::size_t run = 0;
  std::string stamp;
  std::size_t earlier_run = 0;
  std::string earlier_stamp;
};

/// The first run of `paths`, files in the order given, whose file name's
/// timestamp (`aoe_result_opat_YYYYMMDD_HHMMSSmmm_pidN.json`,
/// `result_file_timestamp`) is older than that of the latest run before it
/// with one; `nullopt` when the runs with a timestamp are in order (equal
/// timestamps are), or fewer than two have one (a renamed file and
/// standard input have none). No file is looked at: a directory's name
/// is the caller's to leave out. For a warning: `trend` and
/// `diff` take the runs in the order given, and runs read backwards give
/// every drift and gate the wrong way round.
[[nodiscard]] std::optional<OutOfOrder> runs_out_of_order(const std::vector<std::string>& paths);

}  // namespace aoe::cli
