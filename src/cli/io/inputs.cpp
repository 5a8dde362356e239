// SPDX-License-Identifier: Apache-2.0
#include "io/inputs.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <istream>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>
#include <unordered_set>
#include <utility>

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aoe_result/check.hpp"
#include "aoe_result/locate.hpp"
#include "aoe_result/reader.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

namespace {

// The files met so far, by identity: the device and inode of a path that
// exists (another spelling, a symbolic or a hard link all name the same
// file), else the path made lexically normal. One stat(2) per path, a hash
// lookup each: a directory of 30,000 results costs no more per file than
// one of ten.
class SeenFiles {
 public:
  /// True the first time `path`'s file is met ("-": standard input, when
  /// it is a file, by the same identity).
  bool first_time(const std::string& path) {
    struct stat st {};
    if (path == "-") {
      return ::fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode) || first_time(st);
    }
    if (::stat(path.c_str(), &st) == 0) return first_time(st);
    return missing_.insert(fs::path(path).lexically_normal().string()).second;
  }

 private:
  bool first_time(const struct stat& st) {
    return files_
        .insert({static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)})
        .second;
  }
  struct IdHash {
    std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& id) const noexcept {
      return std::hash<std::uint64_t>{}(id.second * 0x9E3779B97F4A7C15ULL ^ id.first);
    }
  };
  std::unordered_set<std::pair<std::uint64_t, std::uint64_t>, IdHash> files_;
  std::unordered_set<std::string> missing_;
};

}  // namespace

std::vector<fs::path> result_files_in(const fs::path& dir, bool recursive) {
  if (!recursive) return list_result_files(dir);
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it =
           fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code ec2;
    if (it->is_regular_file(ec2) && is_result_file_name(it->path().filename().string())) {
      out.push_back(it->path());
    }
  }
  sort_result_files(out);
  return out;
}

std::vector<fs::path> default_search_dirs(const char* ascend_work_path, const fs::path& cwd) {
  std::vector<fs::path> dirs;
  if (ascend_work_path != nullptr && *ascend_work_path != '\0') {
    dirs.emplace_back(ascend_work_path);
    dirs.push_back(fs::path(ascend_work_path) / "aoe_data");
  }
  dirs.push_back(cwd);
  return dirs;
}

Discovery discover_newest(const char* ascend_work_path, const fs::path& cwd) {
  Discovery found;
  found.looked_in = default_search_dirs(ascend_work_path, cwd);
  // Tiers: the work path and its aoe_data together, then the current directory.
  const std::size_t work_dirs = found.looked_in.size() - 1;
  const auto newest_in = [&](std::size_t first, std::size_t last) {
    std::optional<fs::path> newest;
    for (std::size_t i = first; i < last; ++i) {
      const auto files = result_files_in(found.looked_in[i], false);
      if (!files.empty() && (!newest || result_file_before(*newest, files.back()))) {
        newest = files.back();
      }
    }
    return newest;
  };
  found.picked = newest_in(0, work_dirs);
  if (!found.picked) found.picked = newest_in(work_dirs, found.looked_in.size());
  return found;
}

std::vector<ResultFile> read_all(const std::vector<std::string>& targets, std::istream& in,
                                 unsigned jobs, const ReadOptions& read) {
  std::vector<ResultFile> files(targets.size());
  std::vector<std::exception_ptr> failures(targets.size());
  const auto read_one = [&](std::size_t i) {
    try {
      files[i] = targets[i] == "-" ? read_result_stream(in, "<stdin>", read)
                                   : read_result_file(targets[i], read);
    } catch (...) {
      failures[i] = std::current_exception();
    }
  };
  if (read.on_operator) jobs = 1;  // handed over in input order
  if (jobs == 0) jobs = std::max(1U, std::thread::hardware_concurrency());
  const std::size_t threads = std::min<std::size_t>(jobs, targets.size());
  if (threads <= 1) {
    for (std::size_t i = 0; i < targets.size(); ++i) read_one(i);
  } else {
    // Each worker takes the next unread file; results land in their slot,
    // so the order is the order of `targets` however the threads run.
    std::atomic<std::size_t> next{0};
    const auto worker = [&] {
      for (std::size_t i = next++; i < targets.size(); i = next++) read_one(i);
    };
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (std::size_t t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
  }
  for (const std::exception_ptr& e : failures) {
    if (e) std::rethrow_exception(e);
  }
  return files;
}

std::string describe(const Diagnostic& d) {
  std::string about;
  if (d.report) about += " [" + *d.report + "]";
  return escape_text(
      fmt::format("{}:{} {} ({})", location(d), about, d.message, to_string(d.code)));
}

namespace {

// A file's reader diagnostics of severity warning and error, as notes.
void add_reader_notes(const ResultFile& file, std::vector<InputNote>& notes) {
  for (const Diagnostic& d : file.diagnostics) {
    if (d.severity == Severity::error) {
      // Lost: said even with -q. Read anyway: -q hides it.
      notes.push_back(
          {file.readable ? InputNote::Kind::error : InputNote::Kind::lost, describe(d)});
    } else if (d.severity == Severity::warning) {
      notes.push_back({InputNote::Kind::warning, describe(d)});
    }
  }
}

// Why `file` could not be read: its first error (the reader gives one).
InputProblem unread_problem(const ResultFile& file) {
  for (const Diagnostic& d : file.diagnostics) {
    if (d.severity == Severity::error)
      return {file.path, std::string(to_string(d.code)), d.message};
  }
  return {file.path, std::string(to_string(Code::io_error)), "could not be read"};
}

}  // namespace

void report_inputs(const Inputs& inputs, const Context& ctx, NoteFilter filter) {
  for (const InputNote& note : inputs.notes) {
    if (filter == NoteFilter::lost_only && note.kind != InputNote::Kind::lost) continue;
    switch (note.kind) {
      case InputNote::Kind::lost:
        ctx.error(note.message);
        break;
      case InputNote::Kind::error:
        ctx.problem(note.message);
        break;
      case InputNote::Kind::warning:
        ctx.warn(note.message);
        break;
      case InputNote::Kind::info:
        if (!ctx.global.quiet) ctx.err << "aoe-result: " << note.message << "\n";
        break;
    }
  }
}

std::optional<std::string> not_a_regular_file(const std::string& path) {
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/", "/dev/stdin"}) {
    if (std::string_view(path).substr(0, prefix.size()) == prefix) return std::nullopt;
  }
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  const char* what = nullptr;
  switch (st.type()) {
    case fs::file_type::fifo:
      what = "a named pipe (FIFO)";
      break;
    case fs::file_type::socket:
      what = "a socket";
      break;
    case fs::file_type::block:
      what = "a block device";
      break;
    case fs::file_type::character:
      what = "a character device";
      break;
    default:
      return std::nullopt;  // a file, or missing: the reader says which
  }
  return path + " is " + what + ", not a result file; not read";
}

namespace {

// What to read, in the order given; an input that yields no file keeps its
// message here so that every stderr line comes out in input order.
struct Item {
  std::string target;                ///< path to read, or, with `error`, the input
  std::optional<std::string> error;  ///< a problem found before reading; "" a repeat
};

// The words of a discovery that found nothing: where it looked, and what to
// do (ASCEND_WORK_PATH named when it is set).
std::string nothing_discovered(const Discovery& found) {
  std::string where;
  for (const fs::path& dir : found.looked_in) where += (where.empty() ? "" : ", ") + dir.string();
  const char* work = std::getenv("ASCEND_WORK_PATH");
  std::string advice = " (set ASCEND_WORK_PATH or name a file or directory)";
  if (work != nullptr && *work != '\0') {
    std::error_code ec;
    advice = fs::is_directory(work, ec) ? " (ASCEND_WORK_PATH=" + std::string(work) +
                                              " holds no result; name a file or directory)"
                                        : " (ASCEND_WORK_PATH=" + std::string(work) +
                                              " is not an existing directory; name a file or "
                                              "directory)";
  }
  return "no path given and no aoe_result_opat_*.json found in " + where + advice;
}

// With no path: the newest result found, or false with the loss recorded.
bool discover_item(std::vector<Item>& items, Inputs& inputs) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (ec) cwd = ".";
  const Discovery found = discover_newest(std::getenv("ASCEND_WORK_PATH"), cwd);
  if (!found.picked) {
    const std::string message = nothing_discovered(found);
    inputs.notes.push_back({InputNote::Kind::lost, escape_text(message)});
    inputs.empty_inputs.push_back({cwd.string(), message});
    inputs.problems.push_back({cwd.string(), "no-result-file", message});
    inputs.status = Exit::input;
    return false;
  }
  inputs.notes.push_back({InputNote::Kind::info, "reading " + escape_text(found.picked->string()) +
                                                     " (the newest result found)"});
  items.push_back({found.picked->string(), std::nullopt});
  return true;
}

// Each path given: "-", a directory's result files, a refused path, a file.
void expand_paths(const InputOptions& options, std::vector<Item>& items) {
  bool stdin_used = false;
  for (const std::string& p : options.paths) {
    if (p == "-") {
      if (stdin_used) throw UsageError("standard input ('-') can be read only once");
      stdin_used = true;
      items.push_back({p, std::nullopt});
      continue;
    }
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      const auto files = result_files_in(p, options.recursive);
      if (files.empty()) {
        items.push_back({p, "no aoe_result_opat_*.json in directory " + p +
                                (options.recursive ? "" : " (use -r to look in subdirectories)")});
      }
      for (const fs::path& f : files) items.push_back({f.string(), std::nullopt});
    } else if (const std::optional<std::string> why = not_a_regular_file(p)) {
      items.push_back({p, *why});
    } else {
      items.push_back({p, std::nullopt});
    }
  }
}

// The same file given twice (or a directory and a file in it, or a link to
// it) is read once, and noted.
void mark_repeats(std::vector<Item>& items, std::vector<InputNote>& notes) {
  SeenFiles seen;
  for (Item& item : items) {
    if (item.error || seen.first_time(item.target)) continue;
    const std::string what =
        item.target == "-" ? "standard input (the same file as another input)" : item.target;
    notes.push_back(
        {InputNote::Kind::info, escape_text(what + " was given more than once; read once")});
    item.target.clear();
    item.error = std::string();  // no file, no message of its own
  }
}

// The files read, put back among the items' problems in input order.
void collect(const std::vector<Item>& items, std::vector<ResultFile> files, Inputs& inputs) {
  std::size_t next = 0;
  for (const Item& item : items) {
    if (item.error) {
      if (item.error->empty()) continue;  // a repeated input, noted above
      inputs.notes.push_back({InputNote::Kind::lost, escape_text(*item.error)});
      inputs.empty_inputs.push_back({item.target, *item.error});
      inputs.problems.push_back({item.target, "no-result-file", *item.error});
      inputs.status = worst(inputs.status, Exit::input);
      continue;
    }
    ResultFile& file = files[next++];
    // One severity rule (check.hpp): a cut-off file that was read is a
    // warning for the reading commands; `check` raises it again.
    settle_reading_severities(file);
    add_reader_notes(file, inputs.notes);
    if (!file.readable) {
      inputs.status = worst(inputs.status, Exit::input);
      inputs.problems.push_back(unread_problem(file));
    }
    inputs.files.push_back(std::move(file));
  }
}

}  // namespace

Inputs load_inputs(const InputOptions& options, const Context& ctx) {
  Inputs inputs;
  std::vector<Item> items;
  if (options.paths.empty() && !discover_item(items, inputs)) return inputs;
  expand_paths(options, items);
  mark_repeats(items, inputs.notes);
  std::vector<std::string> targets;
  for (const Item& item : items) {
    if (!item.error) targets.push_back(item.target);
  }
  ReadOptions read;
  read.on_operator = options.on_operator;
  collect(items, read_all(targets, ctx.in, options.jobs, read), inputs);
  return inputs;
}

}  // namespace aoe::cli
