// SPDX-License-Identifier: Apache-2.0
// The operator repository's files as a kind of input (input_kind.hpp):
// the command line's [PATH...] into read bank files.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/bank.hpp"
#include "aoe_result/locate.hpp"

#include "io/input_kind.hpp"

namespace aoe::cli {

/// Where `bank` looks with no path: the custom repository (as AOE finds
/// it) or the built-in one, all SoCs or one.
struct BankPlaceOptions {
  bool built_in = false;           ///< --built-in: the one under $ASCEND_OPP_PATH
  std::optional<std::string> soc;  ///< --soc NAME
};

/// A runtime_kb or gradient fusion file (`*_runtime_kb.json`,
/// `*_gradient_fusion.json`) as a kind of input.
struct BankKind {
  using Model = BankFile;
  BankReadOptions read;    ///< the reader's options (`on_record`: one at a time)
  BankPlaceOptions place;  ///< where to look with no path
  /// The environment the places come from (`process_locate_env` when unset).
  std::optional<LocateEnv> env;

  /// "repository file", `*_runtime_kb.json`, by path in natural order.
  [[nodiscard]] static const FileNaming& naming();
  /// The repository AOE would use: the first custom place in use that
  /// exists (or the built-in one), its SoC folder with `--soc`.
  [[nodiscard]] Discovery discover() const;
  [[nodiscard]] std::string nothing_discovered(const Discovery& found) const;
  [[nodiscard]] BankFile read_file(const std::string& path) const;
  [[nodiscard]] BankFile read_stream(std::istream& in, const std::string& display_path) const;
  [[nodiscard]] bool one_at_a_time() const { return static_cast<bool>(read.on_record); }
  /// The reader's warnings and errors as notes; false when nothing of the
  /// file could be read.
  bool after_read(BankFile& file, std::vector<InputNote>& notes) const;
  [[nodiscard]] InputProblem problem_of(const BankFile& file) const;
};

/// Finds the repository to read with no path, from `env`'s places.
[[nodiscard]] Discovery discover_bank(const LocateEnv& env, const BankPlaceOptions& place);

}  // namespace aoe::cli
