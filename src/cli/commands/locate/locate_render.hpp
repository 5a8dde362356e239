// SPDX-License-Identifier: Apache-2.0
// `locate`: its output table and renderers, formatting a `LocateView`.
#pragma once

#include <string>

#include "commands/locate/locate_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// The places of results, then those of the repository, as tables; `*`
/// marks where AOE looks (the first place set; with no variable set,
/// both home folders: CANN's documentation and runtime spell it two ways).
[[nodiscard]] std::string locate_text(const LocateView& loc, const RenderOptions& options);
/// {"schema_version": 1, "results": [...], "repository": [...]}.
[[nodiscard]] std::string locate_json(const LocateView& loc, const RenderOptions& options);

/// Every format `locate` writes.
[[nodiscard]] const OutputTable<LocateView>& locate_outputs();

}  // namespace aoe::cli
