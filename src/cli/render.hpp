// SPDX-License-Identifier: Apache-2.0
// One renderer per format behind one interface: a command computes a view
// (plain data), then hands it to the renderer of the chosen format. A
// renderer only turns the view into bytes; it never reads or computes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "context.hpp"

namespace aoe::cli {

/// Turns a computed view into the bytes of one format.
template <class View>
using RenderFn = std::string (*)(const View& view, const Context& ctx);

/// The formats a command writes, each with its renderer.
template <class View>
struct Renderer {
  Format format;
  RenderFn<View> render;
};

/// The renderer for the context's format. Throws `UsageError` naming the
/// formats `command` has when it has none for it; call it before reading
/// inputs so a bad `--format` fails fast.
template <class View>
[[nodiscard]] RenderFn<View> pick_renderer(std::string_view command,
                                           const std::vector<Renderer<View>>& renderers,
                                           const Context& ctx) {
  for (const Renderer<View>& r : renderers) {
    if (r.format == ctx.global.format) return r.render;
  }
  std::string names;
  for (const Renderer<View>& r : renderers) {
    if (!names.empty()) names += ", ";
    names += to_string(r.format);
  }
  throw UsageError("'" + std::string(command) + "' does not write " +
                   std::string(to_string(ctx.global.format)) + "; it writes " + names);
}

}  // namespace aoe::cli
