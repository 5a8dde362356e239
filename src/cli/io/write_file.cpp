// SPDX-License-Identifier: Apache-2.0
#include "io/write_file.hpp"

#include <fstream>
#include <system_error>

#include <fmt/format.h>
#include <unistd.h>

#include "core/context.hpp"
#include "text/term.hpp"

namespace aoe::cli {

namespace fs = std::filesystem;

void write_file_whole(const fs::path& path, const std::string& text) {
  fs::path tmp = path;
  tmp += fmt::format(".tmp-{}", ::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw UsageError(escape_text("cannot write " + path.string() +
                                   " (does its directory exist, is it writable?)"));
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw UsageError(escape_text("cannot write " + path.string() + ": " + ec.message()));
  }
}

}  // namespace aoe::cli
