// SPDX-License-Identifier: Apache-2.0
// The path handling of every kind of input (input_kind.hpp), written once.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <string_view>
#include <system_error>
#include <thread>
#include <unordered_set>
#include <utility>

#include <sys/stat.h>
#include <unistd.h>

#include "aoe_result/reader.hpp"

#include "io/input_kind.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

namespace {

// The files met so far, by identity: the device and inode of a path that
// exists (another spelling, a symbolic or a hard link all name the same
// file), else the path made lexically normal. One stat(2) per path, a hash
// lookup each: a directory of 30,000 files costs no more per file than
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

template <class Iterator>
void add_files(Iterator it, std::error_code& ec, const FileNaming& naming,
               std::vector<fs::path>& out, std::vector<fs::path>* not_regular) {
  for (; !ec && it != Iterator(); it.increment(ec)) {
    std::error_code ec2;
    if (it->is_regular_file(ec2)) {
      if (naming.is_file_name(it->path().filename().string())) out.push_back(it->path());
    } else if (not_regular != nullptr && !it->is_directory(ec2) &&
               naming.is_file_name(it->path().filename().string())) {
      not_regular->push_back(it->path());
    }
  }
}

}  // namespace

std::vector<fs::path> files_in(const fs::path& dir, bool recursive, const FileNaming& naming,
                               std::vector<fs::path>* not_regular) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (recursive) {
    add_files(
        fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec),
        ec, naming, out, not_regular);
  } else {
    add_files(fs::directory_iterator(dir, ec), ec, naming, out, not_regular);
  }
  naming.sort(out);
  return out;
}

namespace {

// Why a directory gave no file of the kind: what it holds instead. Other
// files that end as the kind's do (".json" of "aoe_result_opat_*.json"),
// the first three named, since one of them may be the file meant; and,
// when the look was not recursive, whether subdirectories could hold some
// (the -r hint only then).
std::string nothing_in_directory(const std::string& dir, bool recursive, const FileNaming& naming) {
  const std::string_view pattern = naming.pattern;
  const std::size_t dot = pattern.rfind('.');
  const std::string_view ending =
      dot == std::string_view::npos || pattern.find('*', dot) != std::string_view::npos
          ? std::string_view()
          : pattern.substr(dot);
  constexpr std::size_t kNamed = 3;
  std::vector<std::string> named;
  std::size_t others = 0;
  bool subdirectories = false;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    std::error_code ec2;
    if (it->is_directory(ec2)) {
      subdirectories = true;
      continue;
    }
    const std::string name = it->path().filename().string();
    if (ending.empty() || !it->is_regular_file(ec2) || !name.ends_with(ending)) continue;
    if (++others <= kNamed) named.push_back(name);
  }
  std::sort(named.begin(), named.end());
  std::string out = "no " + std::string(pattern) + " in directory " + dir;
  if (others > 0) {
    std::string names;
    for (const std::string& n : named) names += (names.empty() ? "" : ", ") + n;
    if (others > named.size()) names += ", …";
    out += "; it holds " + std::to_string(others) + " other " + std::string(ending) + " file" +
           (others == 1 ? "" : "s") + " (" + names + "): give one by its path to read it";
  }
  if (!recursive && subdirectories) out += " (use -r to look in subdirectories)";
  return out;
}

}  // namespace

std::optional<std::string> not_a_regular_file(const std::string& path, std::string_view kind_name) {
  const std::optional<std::string_view> what = special_file_kind(path);
  if (!what) return std::nullopt;  // a file, or missing: the reader says which
  return path + " is " + std::string(*what) + ", not a " + std::string(kind_name) + "; not read";
}

bool take_discovery(const Discovery& found, const std::string& nothing, const FileNaming& naming,
                    std::vector<InputItem>& items, InputsBase& inputs) {
  if (!found.picked) {
    inputs.notes.push_back({InputNote::Kind::lost, escape_text(nothing)});
    const std::string last = found.looked_in.empty() ? "." : found.looked_in.back().string();
    inputs.empty_inputs.push_back({last, nothing});
    inputs.problems.push_back({last, "no-result-file", nothing});
    inputs.status = Exit::input;
    return false;
  }
  const std::string picked = found.picked->string();
  inputs.notes.push_back(
      {InputNote::Kind::info, "reading " + escape_text(picked) + " (" + found.why + ")"});
  std::error_code ec;
  if (!fs::is_directory(*found.picked, ec)) {
    items.push_back({picked, std::nullopt});
    return true;
  }
  PathOptions folder;
  folder.paths = {picked};
  folder.recursive = true;
  expand_paths(folder, naming, items);
  return true;
}

void expand_paths(const PathOptions& options, const FileNaming& naming,
                  std::vector<InputItem>& items) {
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
      std::vector<fs::path> not_regular;
      const auto files = files_in(p, options.recursive, naming, &not_regular);
      if (files.empty() && not_regular.empty()) {
        items.push_back({p, nothing_in_directory(p, options.recursive, naming)});
      }
      for (const fs::path& f : files) items.push_back({f.string(), std::nullopt});
      // Named like a result but no regular file: said as if given by name
      // (a broken link is read, and the reader says it does not exist).
      for (const fs::path& f : not_regular) {
        items.push_back({f.string(), not_a_regular_file(f.string(), naming.name)});
      }
    } else if (const std::optional<std::string> why = not_a_regular_file(p, naming.name)) {
      items.push_back({p, *why});
    } else {
      items.push_back({p, std::nullopt});
    }
  }
}

void mark_repeats(std::vector<InputItem>& items, std::vector<InputNote>& notes) {
  SeenFiles seen;
  for (InputItem& item : items) {
    if (item.error || seen.first_time(item.target)) continue;
    const std::string what =
        item.target == "-" ? "standard input (the same file as another input)" : item.target;
    notes.push_back(
        {InputNote::Kind::info, escape_text(what + " was given more than once; read once")});
    item.target.clear();
    item.error = std::string();  // no file, no message of its own
  }
}

std::vector<std::string> targets_of(const std::vector<InputItem>& items) {
  std::vector<std::string> targets;
  for (const InputItem& item : items) {
    if (!item.error) targets.push_back(item.target);
  }
  return targets;
}

unsigned resolved_jobs(unsigned jobs) {
  return jobs != 0 ? jobs : std::max(1U, std::thread::hardware_concurrency());
}

void for_each_in_parallel(std::size_t count, unsigned jobs,
                          const std::function<void(std::size_t)>& read_one) {
  std::vector<std::exception_ptr> failures(count);
  const auto guarded = [&](std::size_t i) {
    try {
      read_one(i);
    } catch (...) {
      failures[i] = std::current_exception();
    }
  };
  const std::size_t threads = std::min<std::size_t>(resolved_jobs(jobs), count);
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) guarded(i);
  } else {
    // Each worker takes the next index; results land in their slot, so the
    // order is the order of the indices however the threads run.
    std::atomic<std::size_t> next{0};
    const auto worker = [&] {
      for (std::size_t i = next++; i < count; i = next++) guarded(i);
    };
    std::vector<std::thread> pool;
    pool.reserve(threads);
    for (std::size_t t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
  }
  for (const std::exception_ptr& e : failures) {
    if (e) std::rethrow_exception(e);
  }
}

bool note_item_problem(const InputItem& item, InputsBase& inputs) {
  if (!item.error) return false;
  if (item.error->empty()) return true;  // a repeated input, noted already
  inputs.notes.push_back({InputNote::Kind::lost, escape_text(*item.error)});
  inputs.empty_inputs.push_back({item.target, *item.error});
  inputs.problems.push_back({item.target, "no-result-file", *item.error});
  inputs.status = worst(inputs.status, Exit::input);
  return true;
}

void report_inputs(const InputsBase& inputs, const Context& ctx, NoteFilter filter) {
  for (const InputNote& note : inputs.notes) {
    if (filter == NoteFilter::lost_only && note.kind != InputNote::Kind::lost) continue;
    if (filter == NoteFilter::info_only && note.kind != InputNote::Kind::info) continue;
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

}  // namespace aoe::cli
