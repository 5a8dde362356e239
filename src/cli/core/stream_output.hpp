// SPDX-License-Identifier: Apache-2.0
// Renderers that write their format to a stream as they go, for outputs
// that grow with the input (a row per operator): the bytes are those of
// the command's string renderer of the same format (output.hpp), without
// holding the whole output in memory.
#pragma once

#include <ostream>
#include <sstream>
#include <string>

#include "core/output.hpp"

namespace aoe::cli {

/// Writes a computed view in one format to `out`.
template <class View>
using StreamFn = void (*)(const View& view, const RenderOptions& options, std::ostream& out);

/// `stream` when the format has a streaming writer, else `render`'s string.
template <class View>
void write_output(std::ostream& out, RenderFn<View> render, StreamFn<View> stream, const View& view,
                  const RenderOptions& options) {
  if (stream != nullptr) {
    stream(view, options, out);
  } else {
    out << render(view, options);
  }
}

/// What `stream` writes, as a string: the string renderer of a format
/// that has a streaming writer.
template <class View>
std::string stream_to_string(StreamFn<View> stream, const View& view,
                             const RenderOptions& options) {
  std::ostringstream out;
  stream(view, options, out);
  return std::move(out).str();
}

}  // namespace aoe::cli
