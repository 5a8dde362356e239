// SPDX-License-Identifier: Apache-2.0
// `retune`: the operators chosen (computed by `aoe::select_for_retune`) and
// how the document is to be written.
#pragma once

#include "aoe_result/retune.hpp"

namespace aoe::cli {

/// What `retune` renders into the --tune_ops_file document.
struct RetuneView {
  RetuneSelection selection;
  bool by_type = false;  ///< also write "tune_ops_type"
};

}  // namespace aoe::cli
