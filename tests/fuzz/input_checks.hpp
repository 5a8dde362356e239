// SPDX-License-Identifier: Apache-2.0
// What must hold for every input, whatever its bytes: shared by the libFuzzer
// target (reader_fuzz.cpp) and the unit test that replays its crashers
// (tests/unit/fuzz_regression_test.cpp).
//
// check_any_input() reads the bytes, runs the analysis and `check`, and
// renders `show`, `summary` (text and JSON) and `failed` through their run_
// functions. Besides "no crash, no sanitizer report" it asserts:
//  - reading the bytes whole and as a stream in tiny chunks gives the same
//    model (chunk boundaries must not matter);
//  - an unreadable file has no reports, and an error diagnostic says why;
//  - a cut-off file fails `check`;
//  - the commands exit 0 for a readable file and 3 for an unreadable one;
//  - the text outputs never pass a raw control character (ESC, BEL, C1...);
//  - the JSON summary is valid JSON.
#pragma once

#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "aoe_result/analysis.hpp"
#include "aoe_result/check.hpp"
#include "aoe_result/reader.hpp"

#include "app/commands.hpp"

namespace aoe::fuzz {
namespace detail {

inline bool same_model(const aoe::ResultFile& a, const aoe::ResultFile& b) {
  if (a.readable != b.readable || a.complete != b.complete || a.layout != b.layout ||
      a.recognition != b.recognition || a.reports.size() != b.reports.size() ||
      a.diagnostics.size() != b.diagnostics.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.reports.size(); ++i) {
    const aoe::Report& x = a.reports[i];
    const aoe::Report& y = b.reports[i];
    if (x.id != y.id || x.complete != y.complete || x.operators.size() != y.operators.size() ||
        x.failed_operators != y.failed_operators || x.tuning_name != y.tuning_name ||
        x.status != y.status || x.unknown_sections.size() != y.unknown_sections.size()) {
      return false;
    }
    for (std::size_t k = 0; k < x.operators.size(); ++k) {
      if (x.operators[k].name != y.operators[k].name ||
          x.operators[k].modes.size() != y.operators[k].modes.size()) {
        return false;
      }
    }
  }
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
    if (a.diagnostics[i].code != b.diagnostics[i].code ||
        a.diagnostics[i].line != b.diagnostics[i].line ||
        a.diagnostics[i].column != b.diagnostics[i].column) {
      return false;
    }
  }
  return true;
}

// No ESC, BEL, other C0 controls but newline, nor a UTF-8 encoded C1 control.
inline bool terminal_safe(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7f) return false;
    if (c == 0xc2 && i + 1 < s.size()) {
      const auto n = static_cast<unsigned char>(s[i + 1]);
      if (n >= 0x80 && n <= 0x9f) return false;
    }
  }
  return true;
}

struct Harness {
  std::ostringstream out;
  std::ostringstream err;
  std::istringstream in;
  aoe::cli::Context ctx;
  Harness(std::string_view text, aoe::cli::Format format)
      : in(std::string(text)), ctx{out, err, in, aoe::cli::GlobalOptions{}, aoe::cli::Style(false),
                                   80} {
    ctx.global.format = format;
  }
};

inline aoe::cli::InputOptions stdin_input() {
  aoe::cli::InputOptions o;
  o.paths = {"-"};
  return o;
}

// The first broken invariant of the renderers, or nullopt.
inline std::optional<std::string> run_renderers(std::string_view text, bool readable) {
  using aoe::cli::Exit;
  using aoe::cli::Format;
  const Exit expected = readable ? Exit::ok : Exit::input;
  {
    Harness h(text, Format::text);
    aoe::cli::ShowOptions o;
    o.inputs = stdin_input();
    o.all = true;
    if (aoe::cli::run_show(o, h.ctx) != expected) return "show exit status";
    if (!terminal_safe(h.out.str())) return "show text is terminal-safe";
    if (!terminal_safe(h.err.str())) return "show stderr is terminal-safe";
  }
  {
    Harness h(text, Format::json);
    aoe::cli::SummaryOptions o;
    o.inputs = stdin_input();
    if (aoe::cli::run_summary(o, h.ctx) != expected) return "summary exit status";
    if (!nlohmann::json::accept(h.out.str())) return "summary --format json is JSON";
  }
  {
    Harness h(text, Format::text);
    aoe::cli::SummaryOptions o;
    o.inputs = stdin_input();
    if (aoe::cli::run_summary(o, h.ctx) != expected) return "summary text exit status";
    if (!terminal_safe(h.out.str())) return "summary text is terminal-safe";
  }
  {
    Harness h(text, Format::text);
    aoe::cli::FailedOptions o;
    o.inputs = stdin_input();
    if (aoe::cli::run_failed(o, h.ctx) != expected) return "failed exit status";
    if (!terminal_safe(h.out.str())) return "failed text is terminal-safe";
  }
  return std::nullopt;
}

}  // namespace detail

/// Runs everything over `text`; returns the first broken invariant, or
/// nullopt when all hold. `render` false skips the command renderers.
inline std::optional<std::string> check_any_input(std::string_view text, bool render = true) {
  using detail::same_model;
  const aoe::ResultFile whole = aoe::read_result_text(text, "fuzz.json");
  std::istringstream stream{std::string(text)};
  aoe::ReadOptions tiny;
  tiny.chunk_bytes = 16;
  const aoe::ResultFile chunked = aoe::read_result_stream(stream, "fuzz.json", tiny);
  if (!same_model(whole, chunked)) return "whole and chunked reads agree";

  if (!whole.readable) {
    if (!whole.reports.empty()) return "an unreadable file has no reports";
    bool has_error = false;
    for (const aoe::Diagnostic& d : whole.diagnostics) {
      has_error = has_error || d.severity == aoe::Severity::error;
    }
    if (!has_error) return "an unreadable file has an error diagnostic";
  }

  const std::vector<aoe::Diagnostic> findings = aoe::check(whole);
  if (!whole.complete && aoe::passes(findings)) return "a cut-off file fails check";
  (void)aoe::totals(whole);
  auto rows = aoe::operator_rows(whole, aoe::RowGrain::per_mode);
  aoe::sort_rows(rows, aoe::SortKey::improvement);
  rows = aoe::operator_rows(whole, aoe::RowGrain::per_operator);
  aoe::sort_rows(rows, aoe::SortKey::saved);

  if (render) return detail::run_renderers(text, whole.readable);
  return std::nullopt;
}

}  // namespace aoe::fuzz
