// SPDX-License-Identifier: Apache-2.0
// `ResultRereader`: a file read again from the first member of its root
// object that changed. The same layers as a file read in parts (parts.cpp):
// the part before is the previous read's reports, diagnostics and facts up
// to a member's key (`RootMember`, recorded by the builder as it read), the
// part after is read by an event source resumed at that key, and the
// builder of the part after takes the part before in, then finishes the
// read as one read of the whole would.
//
// What is kept to know the bytes before a member are unchanged: a hash of
// each chunk the previous reads handed to the parser (its offset and
// length with it; ~24 bytes per 64 KiB read), and for each member a hash
// of its chunk's bytes up to the key. Not the bytes themselves: keeping
// them would hold the whole file in memory beside the model for as long
// as the file is followed. The hashes are of the very bytes parsed, so a
// rewrite between the parse and the next look cannot be mistaken for them.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include <sys/stat.h>

#include "aoe_result/reader.hpp"

#include "byte_source.hpp"
#include "file_descriptor.hpp"
#include "reader/document_builder.hpp"
#include "reader/json_events.hpp"

namespace aoe {
namespace internal {

/// One chunk handed to the parser: where it was, how long, its hash.
struct ChunkHash {
  std::uint64_t offset = 0;
  std::size_t length = 0;
  std::size_t hash = 0;
};

}  // namespace internal

namespace {

using internal::ChunkHash;

std::size_t hash_of(std::string_view bytes) noexcept {
  return std::hash<std::string_view>{}(bytes);
}

// Hashes each chunk of a byte source as it is read from `offset` on.
class ChunkRecorder final : public internal::ChunkObserver {
 public:
  ChunkRecorder(std::vector<ChunkHash>& into, std::uint64_t offset) : into_(into), at_(offset) {}
  void on_chunk(std::string_view chunk) override {
    into_.push_back({at_, chunk.size(), hash_of(chunk)});
    at_ += chunk.size();
  }

 private:
  std::vector<ChunkHash>& into_;
  std::uint64_t at_;
};

// Whether the file `fd` holds bytes [at, at + length) hashing to `hash`.
bool same_bytes(int fd, std::uint64_t at, std::size_t length, std::size_t hash,
                std::string& buffer) {
  return internal::read_range(fd, at, length, buffer) && buffer.size() == length &&
         hash_of(buffer) == hash;
}

}  // namespace

/// What a read keeps for the next: see the file comment.
struct ResultRereader::Kept {
  std::string path;
  /// The chunks parsed, in file order, up to the last member's chunk.
  std::vector<ChunkHash> chunks;
  /// Where a read may resume, in file order.
  std::vector<internal::RootMember> members;
  /// Diagnostics and non-report root values before the last member, as
  /// read (before the end of the read filtered or added any).
  std::vector<Diagnostic> diagnostics;
  std::vector<std::pair<std::string, internal::TextPosition>> bad_roots;
  Layout layout = Layout::report_keyed;

  // After a read by `builder` into `out` (not finished yet): what it read
  // before its last member; `members` and `chunks` are set.
  void keep_before_last_member(const ResultFile& out, const internal::DocumentBuilder& builder) {
    diagnostics.clear();
    bad_roots.clear();
    layout = out.layout;
    if (members.empty()) return;
    const internal::RootMember& last = members.back();
    diagnostics.assign(out.diagnostics.begin(),
                       out.diagnostics.begin() + static_cast<std::ptrdiff_t>(last.diagnostics));
    bad_roots.assign(builder.bad_roots().begin(),
                     builder.bad_roots().begin() + static_cast<std::ptrdiff_t>(last.bad_roots));
  }

  // After the read finished: a read whose reports were dropped (not an
  // AOE file after all) gives nothing to resume from; chunks past the last
  // member's are not needed.
  void settle(const ResultFile& out) {
    if (!members.empty() && out.reports.size() < members.back().reports) members.clear();
    if (members.empty()) {
      chunks.clear();
      return;
    }
    const std::uint64_t last = members.back().chunk_offset;
    chunks.erase(std::find_if(chunks.begin(), chunks.end(),
                              [last](const ChunkHash& c) { return c.offset >= last; }),
                 chunks.end());
  }
};

ResultRereader::ResultRereader(ReadOptions options)
    : options_(std::move(options)), kept_(std::make_unique<Kept>()) {}
ResultRereader::~ResultRereader() = default;
ResultRereader::ResultRereader(ResultRereader&&) noexcept = default;
ResultRereader& ResultRereader::operator=(ResultRereader&&) noexcept = default;

const ResultFile& ResultRereader::read(const std::filesystem::path& path) {
  parse_offset_ = 0;
  kept_reports_ = 0;
  std::string why;
  internal::FileDescriptor fd = special_file_kind(path) ? internal::FileDescriptor(-1)
                                                        : internal::open_regular_file(path, why);
  struct stat st {};
  if (!fd.is_open() || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    // What a read of it says (or throws): nothing to keep.
    *kept_ = Kept{};
    result_ = read_result_file(path, options_);
    return result_;
  }
  if (!read_from_kept(fd.get(), static_cast<std::uint64_t>(st.st_size), path.string())) {
    read_whole(fd.get(), path.string());
  }
  return result_;
}

void ResultRereader::read_whole(int fd, const std::string& path) {
  Kept kept;
  kept.path = path;
  ResultFile out;
  out.path = path;
  internal::ByteSource source(fd, options_.chunk_bytes);
  ChunkRecorder recorder(kept.chunks, 0);
  source.observe(&recorder);
  internal::JsonEvents events(source);
  internal::DocumentBuilder builder(out, events, options_);
  // Operators handed away are not in the reports to keep.
  if (!options_.on_operator) builder.record_root_members(&kept.members);
  const internal::Event last = builder.read_events();
  kept.keep_before_last_member(out, builder);
  builder.finish_read(last);
  kept.settle(out);
  result_ = std::move(out);
  *kept_ = std::move(kept);
}

bool ResultRereader::read_from_kept(int fd, std::uint64_t size, const std::string& path) {
  Kept& kept = *kept_;
  if (kept.members.empty() || kept.path != path || options_.on_operator) return false;
  // The chunks before the last member's that are unchanged, from the first.
  std::string buffer;
  std::uint64_t same_to = 0;
  for (const ChunkHash& c : kept.chunks) {
    if (c.offset + c.length > size || !same_bytes(fd, c.offset, c.length, c.hash, buffer)) break;
    same_to = c.offset + c.length;
  }
  // The last member all of whose bytes before its key are unchanged.
  std::size_t at = kept.members.size();
  while (at > 0) {
    const internal::RootMember& m = kept.members[at - 1];
    if (m.chunk_offset <= same_to && m.offset < size &&
        same_bytes(fd, m.chunk_offset, static_cast<std::size_t>(m.offset - m.chunk_offset),
                   m.chunk_hash, buffer)) {
      break;
    }
    --at;
  }
  if (at == 0) return false;
  const internal::RootMember from = kept.members[at - 1];
  if (result_.reports.size() < from.reports) return false;

  ResultFile out;
  out.path = path;
  internal::ByteSource source(fd, options_.chunk_bytes, from.offset, size - from.offset);
  std::vector<ChunkHash> chunks;
  ChunkRecorder recorder(chunks, from.offset);
  source.observe(&recorder);
  internal::JsonEvents events(source);
  events.resume_at_root_member(from.offset, from.lines_before, from.line_start);
  internal::DocumentBuilder builder(out, events, options_);
  builder.resume_in_root_object();
  std::vector<internal::RootMember> members;
  builder.record_root_members(&members);
  const internal::Event last = builder.read_events();
  // A file that shrank while it was read: the whole read says it as one.
  if (events.read_failed()) return false;
  // Invalid JSON before a token of the part began: its message quotes the
  // input from the last token begun, which lies before the part.
  if (last.kind == internal::EventKind::error && events.token_start() == from.offset) return false;
  // The member read from is recorded again (its chunk now begins at its key).
  if (!members.empty() && members.front().offset == from.offset) members.erase(members.begin());

  std::vector<internal::PartRead> before(1);
  internal::PartRead& part = before.front();
  const auto reports_end = result_.reports.begin() + static_cast<std::ptrdiff_t>(from.reports);
  part.reports.assign(std::make_move_iterator(result_.reports.begin()),
                      std::make_move_iterator(reports_end));
  for (const Report& r : part.reports) part.report_ids.insert(r.id);
  part.diagnostics.assign(kept.diagnostics.begin(),
                          kept.diagnostics.begin() + static_cast<std::ptrdiff_t>(from.diagnostics));
  part.bad_roots.assign(kept.bad_roots.begin(),
                        kept.bad_roots.begin() + static_cast<std::ptrdiff_t>(from.bad_roots));
  part.facts = from.facts;
  part.layout = kept.layout;
  if (!builder.take_earlier_parts(before)) return false;  // a report id in both: read whole

  // The members read now, counted from the file's start, with what the
  // part before saw of the file.
  for (internal::RootMember& m : members) {
    m.reports += from.reports;
    m.diagnostics += from.diagnostics;
    m.bad_roots += from.bad_roots;
    m.facts.saw_aoe_section = m.facts.saw_aoe_section || from.facts.saw_aoe_section;
    m.facts.saw_report_key = m.facts.saw_report_key || from.facts.saw_report_key;
    m.facts.saw_tune_result = m.facts.saw_tune_result || from.facts.saw_tune_result;
    m.facts.root_seen = from.facts.root_seen;
    m.facts.root_kind = from.facts.root_kind;
  }
  Kept next;
  next.path = path;
  for (const ChunkHash& c : kept.chunks) {
    if (c.offset + c.length <= from.chunk_offset) next.chunks.push_back(c);
  }
  if (from.offset > from.chunk_offset) {
    next.chunks.push_back({from.chunk_offset,
                           static_cast<std::size_t>(from.offset - from.chunk_offset),
                           from.chunk_hash});
  }
  next.chunks.insert(next.chunks.end(), chunks.begin(), chunks.end());
  next.members.assign(kept.members.begin(), kept.members.begin() + static_cast<std::ptrdiff_t>(at));
  next.members.insert(next.members.end(), members.begin(), members.end());
  next.keep_before_last_member(out, builder);
  builder.finish_read(last);
  next.settle(out);
  // A read that dropped its reports (invalid JSON after the part kept)
  // kept none of them.
  kept_reports_ = out.reports.size() >= from.reports ? from.reports : 0;
  result_ = std::move(out);
  *kept_ = std::move(next);
  parse_offset_ = from.offset;
  return true;
}

}  // namespace aoe
