// SPDX-License-Identifier: Apache-2.0
// `aoe-result bank` (list the operator repository), `bank check`,
// `bank diff`, `bank merge`: their
// options, the setup_ function that registers them with CLI11
// (cmd_bank.cpp) and the run_ function, which never sees CLI11.
#pragma once

#include <string>
#include <vector>

#include "aoe_result/bank.hpp"

#include "core/context.hpp"
#include "io/bank_inputs.hpp"
#include "io/input_kind.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

/// Which of `bank`'s actions the command line asked for.
enum class BankAction { list, check, diff, merge };

struct BankOptions {
  BankAction action = BankAction::list;
  PathOptions inputs;              ///< [PATH...] of `bank`
  BankPlaceOptions place;          ///< --built-in, --soc
  std::string op;                  ///< --op TYPE: records of this op (or files of this type)
  std::vector<std::string> where;  ///< --where KEY=VALUE: records whose info_dict has it
  PathOptions check_inputs;        ///< [PATH...] of `bank check`
  BankPlaceOptions check_place;
  bool strict = false;                    ///< bank check --strict: warnings fail too
  std::string diff_old;                   ///< bank diff OLD (a file or a folder)
  std::string diff_new;                   ///< bank diff NEW
  std::vector<std::string> diff_results;  ///< bank diff --result FILE...
  unsigned diff_jobs = 0;                 ///< bank diff -j: threads a large file is read on
  std::string merge_a;                    ///< bank merge A
  std::string merge_b;                    ///< bank merge B
  std::string merge_output;               ///< bank merge -o OUT
  bool merge_force = false;               ///< bank merge --force: OUT may exist
  BankPrefer prefer = BankPrefer::none;   ///< bank merge --prefer a|b
};
CLI::App* setup_bank(CLI::App& app, BankOptions& options);
[[nodiscard]] Exit run_bank(const BankOptions& options, Context& ctx);

}  // namespace aoe::cli
