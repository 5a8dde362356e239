// SPDX-License-Identifier: Apache-2.0
// The log reader's entry points: bytes (text, a stream, a file) split into
// lines (byte_source.hpp gives the chunks), each line classified
// (log/log_lines.hpp) and folded into a `LogFile`.
#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aoe_result/error.hpp"
#include "aoe_result/log.hpp"
#include "aoe_result/reader.hpp"

#include "byte_source.hpp"
#include "diagnostic_codes.hpp"
#include "log/log_lines.hpp"
#include "reader/diagnostics.hpp"

namespace aoe {
namespace {

// A reason on its own line belongs to a code at most this many lines above.
constexpr std::size_t kReasonReach = 3;

// Folds classified lines into the model.
class LogBuilder {
 public:
  explicit LogBuilder(LogFile& out) : out_(out) {}

  void line(std::string_view text, std::size_t number) {
    ++out_.lines.total;
    const internal::LogLine l = internal::classify_log_line(text);
    switch (l.kind) {
      case internal::LogLineKind::run_finished:
        ++out_.lines.aoe;
        out_.finished_line = number;
        out_.cost_time_s = l.number;
        out_.unread_cost_time.reset();
        if (l.unread_cost_time) out_.unread_cost_time = std::string(*l.unread_cost_time);
        break;
      case internal::LogLineKind::operator_finished:
        ++out_.lines.aoe;
        out_.finished_operators.push_back(
            {std::string(l.name), number,
             l.single_operator ? LogSpelling::single_operator : LogSpelling::tuning});
        break;
      case internal::LogLineKind::improvement:
        ++out_.lines.aoe;
        out_.improvements.push_back({std::string(l.name), l.number.value_or(0.0), number});
        break;
      case internal::LogLineKind::code:
        ++out_.lines.aoe;
        add_code(l, number);
        break;
      case internal::LogLineKind::reason:
        if (!out_.errors.empty() && !out_.errors.back().reason &&
            number - out_.errors.back().line <= kReasonReach) {
          ++out_.lines.aoe;
          out_.errors.back().reason = std::string(*l.reason);
        } else {
          ++out_.lines.unknown;
        }
        break;
      case internal::LogLineKind::aoe_other:
        ++out_.lines.aoe_other;
        break;
      case internal::LogLineKind::plog_info:
        ++out_.lines.plog_info;
        break;
      case internal::LogLineKind::plog_warning:
        ++out_.lines.plog_warning;
        break;
      case internal::LogLineKind::plog_error:
        ++out_.lines.plog_error;
        break;
      case internal::LogLineKind::blank:
        ++out_.lines.blank;
        break;
      case internal::LogLineKind::unknown:
        ++out_.lines.unknown;
        break;
    }
  }

  void finish() {
    if (out_.first_error() != nullptr) {
      out_.outcome = LogOutcome::failed;
    } else if (out_.finished_line) {
      out_.outcome = LogOutcome::finished;
    } else {
      out_.outcome = LogOutcome::interrupted;
    }
  }

 private:
  void add_code(const internal::LogLine& l, std::size_t number) {
    LogError e;
    e.code = std::string(l.code);
    e.warning = e.code.front() == 'W';
    if (const std::optional<LogCodeInfo> info = log_code_info(e.code)) {
      e.meaning = std::string(info->meaning);
      e.warning = info->warning;
    }
    e.message = std::string(l.message);
    if (l.reason) e.reason = std::string(*l.reason);
    e.line = number;
    out_.errors.push_back(std::move(e));
  }

  LogFile& out_;
};

// Splits the chunks into lines (LF; a CR before it is the classifier's to
// ignore) and hands each to the builder; a line's bytes past `max_line`
// are skipped, so memory is bounded whatever the input.
LogFile parse(internal::ByteSource& source, std::string display_path,
              const LogReadOptions& options) {
  LogFile out;
  out.path = std::move(display_path);
  out.readable = true;
  LogBuilder builder(out);
  const std::size_t max_line = std::max<std::size_t>(options.max_line_bytes, 64);
  std::string pending;  // the start of a line that spans chunks
  bool cut = false;     // the current line went past max_line
  bool any = false;     // bytes of the current line seen
  std::size_t number = 0;
  const auto end_line = [&](std::string_view text) {
    ++number;
    if (cut) {
      ++out.lines.cut;
      Diagnostic d = internal::make_diagnostic(
          codes::invalid_value, Severity::info,
          "line longer than " + std::to_string(max_line) + " bytes; only its start was read",
          out.path);
      d.line = number;
      if (out.lines.cut <= 10) out.diagnostics.push_back(std::move(d));
    }
    builder.line(text, number);
    pending.clear();
    cut = false;
    any = false;
  };
  for (std::string_view chunk = source.next_chunk(); !chunk.empty(); chunk = source.next_chunk()) {
    while (!chunk.empty()) {
      const std::size_t nl = chunk.find('\n');
      const std::string_view part = chunk.substr(0, nl);
      any = true;
      if (pending.empty() && !cut && nl != std::string_view::npos && part.size() <= max_line) {
        end_line(part);  // the whole line in this chunk: no copy
      } else {
        const std::size_t room = max_line - std::min(max_line, pending.size());
        if (part.size() > room) cut = true;
        pending.append(part.substr(0, room));
        if (nl != std::string_view::npos) end_line(pending);
      }
      chunk = nl == std::string_view::npos ? std::string_view() : chunk.substr(nl + 1);
    }
  }
  if (any) end_line(pending);  // a last line without a newline
  if (source.read_failed()) {
    out.diagnostics.push_back(internal::make_diagnostic(
        codes::io_error, Severity::error,
        "reading stopped after line " + std::to_string(number) + ": the input could not be read",
        out.path));
  }
  builder.finish();
  if (out.lines.aoe == 0 && out.lines.aoe_other == 0 && !source.read_failed()) {
    // Nothing of AOE's: not its console output (or a run stopped before
    // AOE printed a line), so nothing says how a run ended.
    out.readable = false;
    out.diagnostics.push_back(internal::make_diagnostic(
        codes::not_aoe_result, Severity::error,
        out.lines.total == 0
            ? std::string("the log is empty: not AOE's console output")
            : "not AOE's console output: no [Aoe] line and no error code in " +
                  std::to_string(out.lines.total) + (out.lines.total == 1 ? " line" : " lines"),
        out.path));
  }
  return out;
}

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  [[nodiscard]] int get() const noexcept { return fd_; }
  [[nodiscard]] bool is_open() const noexcept { return fd_ >= 0; }

 private:
  int fd_;
};

}  // namespace

LogFile read_log_text(std::string_view text, std::string display_path,
                      const LogReadOptions& options) {
  internal::ByteSource source(text);
  return parse(source, std::move(display_path), options);
}

LogFile read_log_stream(std::istream& in, std::string display_path, const LogReadOptions& options) {
  internal::ByteSource source(in, options.chunk_bytes);
  return parse(source, std::move(display_path), options);
}

LogFile read_log_file(const std::filesystem::path& path, const LogReadOptions& options) {
  if (const std::optional<std::string_view> kind = special_file_kind(path)) {
    throw InputError(path.string(), "the file is " + std::string(*kind) + ", not a log; not read");
  }
  const auto unreadable = [&](const std::string& why) {
    LogFile out;
    out.path = path.string();
    out.diagnostics.push_back(
        internal::make_diagnostic(codes::io_error, Severity::error, "the file " + why, out.path));
    return out;
  };
  const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd.is_open()) {
    const int error = errno;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return unreadable("is a directory");
    return unreadable(error == ENOENT || error == ENOTDIR ? "does not exist" : "cannot be read");
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) == 0 && S_ISDIR(st.st_mode)) return unreadable("is a directory");
  internal::ByteSource source(fd.get(), options.chunk_bytes);
  return parse(source, path.string(), options);
}

}  // namespace aoe
