// SPDX-License-Identifier: Apache-2.0
// The inputs of any kind read: `load_inputs<Kind>` and `read_all_of`.
#pragma once

#include <istream>
#include <string>
#include <utility>
#include <vector>

#include "io/input_kind.hpp"

namespace aoe::cli {

/// Reads `targets` (paths; "-" is `in`) with `kind` on up to `jobs`
/// threads (0: one per available core; one at a time, in order, when the
/// kind says so) and returns them in the order of `targets`, whatever the
/// order in which they finished. Each model is built in its own slot,
/// never copied. Threads left over when there are fewer files than threads
/// go to reading each file in parts, for a kind that can
/// (`split_threads(n)`). A kind with `read_at(i, target, in)` reads
/// target i with it (`ResultFileKind`: the file's digest, made for its
/// place i).
/// Rethrows what a reader threw (`std::bad_alloc`).
template <InputKind Kind>
[[nodiscard]] std::vector<typename Kind::Model> read_all_of(const Kind& kind,
                                                            const std::vector<std::string>& targets,
                                                            std::istream& in, unsigned jobs) {
  if constexpr (requires(Kind & k) { k.split_threads(1U); }) {
    const unsigned threads = resolved_jobs(jobs);
    if (!kind.one_at_a_time() && !targets.empty() && targets.size() < threads) {
      Kind split = kind;
      split.split_threads(static_cast<unsigned>(threads / targets.size()));
      return read_all_of(static_cast<const Kind&>(split), targets, in,
                         static_cast<unsigned>(targets.size()));
    }
  }
  std::vector<typename Kind::Model> files(targets.size());
  for_each_in_parallel(targets.size(), kind.one_at_a_time() ? 1U : jobs, [&](std::size_t i) {
    if constexpr (requires { kind.read_at(i, targets[i], in); }) {
      files[i] = kind.read_at(i, targets[i], in);
    } else {
      files[i] = targets[i] == "-" ? kind.read_stream(in, "<stdin>") : kind.read_file(targets[i]);
    }
  });
  return files;
}

/// Reads every input of `options` as files of `kind` ("-" is `ctx.in`).
/// Directories are expanded (the kind's names, in its order; -r), the same
/// file named twice is read once, files are read in parallel and come back
/// in input order. Prints nothing: what there is to say is in
/// `InputsOf::notes`, in the order of the inputs (`report_inputs`). An
/// unusable input sets `status` to `Exit::input` without stopping the
/// others. With no path, reads what `kind.discover()` picks, and notes it.
/// Throws `UsageError` when "-" is given more than once.
template <InputKind Kind>
[[nodiscard]] InputsOf<typename Kind::Model> load_inputs(const Kind& kind,
                                                         const PathOptions& options,
                                                         const Context& ctx) {
  InputsOf<typename Kind::Model> inputs;
  std::vector<InputItem> items;
  if (options.paths.empty()) {
    const Discovery found = kind.discover();
    const std::string nothing = found.picked ? std::string() : kind.nothing_discovered(found);
    if (!take_discovery(found, nothing, kind.naming(), items, inputs)) return inputs;
  }
  expand_paths(options, kind.naming(), items);
  mark_repeats(items, inputs.notes);
  std::vector<typename Kind::Model> files =
      read_all_of(kind, targets_of(items), ctx.in, options.jobs);
  std::size_t next = 0;
  for (const InputItem& item : items) {
    if (note_item_problem(item, inputs)) continue;
    typename Kind::Model& file = files[next++];
    if (!kind.after_read(file, inputs.notes)) {
      inputs.status = worst(inputs.status, Exit::input);
      inputs.problems.push_back(kind.problem_of(file));
    }
    inputs.files.push_back(std::move(file));
  }
  return inputs;
}

}  // namespace aoe::cli
