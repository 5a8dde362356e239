// SPDX-License-Identifier: Apache-2.0
// `report`: the HTML page of a computed ReportView. One self-contained
// document: the stylesheet, the script and the figures (inline SVG) are in
// it, and its Content-Security-Policy forbids loading anything else.
#pragma once

#include <string>
#include <string_view>

#include "commands/report/report_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// The page: valid HTML5, readable without script (the script only sorts
/// and filters the operator table), every string from a file escaped.
[[nodiscard]] std::string report_html(const ReportView& view, const RenderOptions& options);

/// Every format `report` writes: `text`, the default, which is the HTML
/// page (as `retune`'s text is AOE's JSON).
[[nodiscard]] const OutputTable<ReportView>& report_outputs();

/// The Content-Security-Policy of the page: nothing may be loaded; only its
/// own stylesheet and script (by SHA-256) apply; images only as `data:`.
[[nodiscard]] std::string report_csp();

/// Base64 (RFC 4648, with padding) of the bytes written in `hex`
/// (an even number of hex digits), as CSP hash sources want it.
/// Throws `std::invalid_argument` for a character that is not a hex digit.
[[nodiscard]] std::string hex_to_base64(std::string_view hex);

}  // namespace aoe::cli
