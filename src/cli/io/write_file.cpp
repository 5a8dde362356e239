// SPDX-License-Identifier: Apache-2.0
#include "io/write_file.hpp"

#include <algorithm>
#include <fstream>
#include <ostream>
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

void refuse_directory(const OutputFile& file) {
  if (file.to_stdout()) return;
  std::error_code ec;
  if (fs::is_directory(file.path, ec)) {
    throw UsageError(escape_text(file.path + " is a directory; -o names the " +
                                 std::string(file.noun) + " to write"));
  }
}

bool output_exists(const OutputFile& file) {
  std::error_code ec;
  return !file.to_stdout() && fs::exists(file.path, ec);
}

void refuse_overwrite(const OutputFile& file) {
  if (output_exists(file) && !file.force) {
    throw UsageError(
        escape_text(file.path + " exists; use --force to overwrite it, or choose another -o"));
  }
}

std::string not_written(const OutputFile& file) {
  return file.to_stdout() ? std::string("nothing written")
                          : escape_text(file.path) + " not written";
}

bool any_readable(const std::vector<ResultFile>& files, const OutputFile& file,
                  const Context& ctx) {
  if (std::any_of(files.begin(), files.end(), [](const ResultFile& f) { return f.readable; })) {
    return true;
  }
  ctx.error("no input could be read; " + not_written(file));
  return false;
}

void write_output(const OutputFile& file, const std::string& text, std::ostream& out) {
  if (file.to_stdout()) {
    out << text;
  } else {
    write_file_whole(file.path, text);
  }
}

}  // namespace aoe::cli
