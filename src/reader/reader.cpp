// SPDX-License-Identifier: Apache-2.0
// The reader's entry points: bytes (text, a stream, a file) to a
// `ResultFile`. The layers below, in the order data flows through them
// (docs/architecture.md, "The reader"): the byte source (byte_source.hpp),
// the event source (reader/json_events.hpp), the key table
// (reader/keys.hpp), the builders (reader/document_builder.hpp and
// reader/section_builders.hpp, with reader/build_context.hpp), and the
// outcome (reader/outcome.hpp).

#include "aoe_result/reader.hpp"

#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "byte_source.hpp"
#include "diagnostic_codes.hpp"
#include "file_descriptor.hpp"
#include "reader/build_context.hpp"
#include "reader/document_builder.hpp"
#include "reader/json_events.hpp"
#include "reader/parts.hpp"

namespace aoe {
namespace {

Diagnostic file_diagnostic(Code code, std::string message, const std::string& path) {
  return internal::make_diagnostic(code, Severity::error, std::move(message), path);
}

ResultFile parse(internal::ByteSource& source, std::string display_path,
                 const ReadOptions& options) {
  ResultFile out;
  out.path = std::move(display_path);
  internal::JsonEvents events(source);
  internal::DocumentBuilder builder(out, events, options);
  builder.run();
  return out;
}

}  // namespace

ResultFile read_result_text(std::string_view text, std::string display_path,
                            const ReadOptions& options) {
  internal::ByteSource source(text);
  return parse(source, std::move(display_path), options);
}

ResultFile read_result_stream(std::istream& in, std::string display_path,
                              const ReadOptions& options) {
  internal::ByteSource source(in, options.chunk_bytes);
  return parse(source, std::move(display_path), options);
}

std::optional<std::string_view> special_file_kind(const std::filesystem::path& path) noexcept {
  const std::string_view name = path.native();
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/", "/dev/stdin"}) {
    if (name.substr(0, prefix.size()) == prefix) return std::nullopt;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;  // missing: the read says so
  if (S_ISFIFO(st.st_mode)) return "a named pipe (FIFO)";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  if (S_ISBLK(st.st_mode)) return "a block device";
  if (S_ISCHR(st.st_mode)) return "a character device";
  return std::nullopt;
}

ResultFile read_result_file(const std::filesystem::path& path, const ReadOptions& options) {
  if (const std::optional<std::string_view> kind = special_file_kind(path)) {
    throw InputError(path.string(),
                     "the file is " + std::string(*kind) + ", not a result file; not read");
  }
  const auto unreadable = [&](const std::string& why) {
    ResultFile out;
    out.path = path.string();
    out.diagnostics.push_back(file_diagnostic(codes::io_error, "the file " + why, out.path));
    return out;
  };
  std::string why;
  const internal::FileDescriptor fd = internal::open_regular_file(path, why);
  if (!fd.is_open()) return unreadable(why);
  struct stat st {};
  if (options.threads > 1 && (!options.on_operator || options.operator_parts != nullptr) &&
      ::fstat(fd.get(), &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<std::uint64_t>(st.st_size) >= options.split_min_bytes) {
    if (std::optional<ResultFile> file = internal::read_result_in_parts(
            fd.get(), static_cast<std::uint64_t>(st.st_size), path.string(), options))
      return std::move(*file);
  }
  internal::ByteSource source(fd.get(), options.chunk_bytes);
  return parse(source, path.string(), options);
}

ResultFile load_result_file(const std::filesystem::path& path, const ReadOptions& options) {
  ResultFile file = read_result_file(path, options);
  if (file.readable) return file;
  for (const Diagnostic& d : file.diagnostics) {
    if (d.severity == Severity::error) throw InputError(file.path, d.message, d.line, d.column);
  }
  throw InputError(file.path, "nothing could be read");
}

}  // namespace aoe
