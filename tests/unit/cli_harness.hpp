// SPDX-License-Identifier: Apache-2.0
// Calling a command's run_ function with string streams instead of a
// terminal (shared by the command tests).
#pragma once

#include <initializer_list>
#include <sstream>
#include <string>

#include "app/commands.hpp"
#include "test_util.hpp"

namespace aoe::test {

using cli::Context;
using cli::Format;
using cli::GlobalOptions;
using cli::InputOptions;
using cli::Style;

struct Harness {
  std::ostringstream out;
  std::ostringstream err;
  std::istringstream in;
  Context ctx{out, err, in, GlobalOptions{}, Style(false), 100};

  explicit Harness(Format format = Format::text, std::string stdin_text = {},
                   std::size_t width = 100)
      : in(std::move(stdin_text)) {
    ctx.global.format = format;
    ctx.width = width;
  }
};

/// Input options naming files of tests/data ("-" stays stdin).
inline InputOptions paths(std::initializer_list<std::string> names) {
  InputOptions o;
  for (const auto& n : names) o.paths.push_back(n == "-" ? n : data(n));
  return o;
}

}  // namespace aoe::test
