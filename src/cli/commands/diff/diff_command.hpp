// SPDX-License-Identifier: Apache-2.0
// `aoe-result diff`: its options, the setup_ function that registers them
// with CLI11 (cmd_diff.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include <optional>
#include <string>

#include "core/context.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct DiffOptions {
  std::string old_path;  ///< OLD: a file, a directory (pooled) or "-"
  std::string new_path;  ///< NEW: likewise
  bool recursive = false;
  unsigned jobs = 0;
  bool per_mode = false;  ///< join by name and tuning mode
  /// --fail-above PCT: exit 1 when an operator (or, with `total`, the
  /// total) got slower by more than PCT percent.
  std::optional<double> fail_above_pct;
  bool total = false;
  /// --ignore-artefacts: a regression of at most 1 µs (the writer's
  /// artefact) does not break --fail-above.
  bool ignore_artefacts = false;
  /// --top N: at most N rows of each class in text and Markdown (0: all).
  std::size_t top = 0;
  /// --hide-unchanged: no rows of unchanged operators in text and Markdown.
  bool hide_unchanged = false;
};
CLI::App* setup_diff(CLI::App& app, DiffOptions& options);
[[nodiscard]] Exit run_diff(const DiffOptions& options, Context& ctx);

}  // namespace aoe::cli
