// SPDX-License-Identifier: Apache-2.0
// The frames of the builder: what each open container means, and the stack
// of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "aoe_result/model.hpp"

#include "reader/keys.hpp"
#include "string_hash.hpp"

namespace aoe::internal {

// What the container at the top of the stack means.
enum class Ctx : std::uint8_t {
  root_object,     // report-keyed file: report id -> list of sections
  foreign_object,  // a root-level value that is an object, not a report
  report,          // list of section objects
  sections,        // {"basic": ...} / {"OPAT": ...} / {"SGAT": ...}
  basic,
  opat,
  modified_flat,  // 6.0.1/6.2: {"add_repo_operators": [...], ...}
  operator_list,  // list of operator entries
  op_entry,
  op_type_list,
  tune_performance,
  mode,
  failed_list,
  summary,
};

struct Frame {
  explicit Frame(Ctx c) noexcept : ctx(c) {}
  Ctx ctx;
  Key key = Key::unknown;    // the key whose value comes next
  std::size_t key_line = 0;  // its line, for the keys findings point at (status, sums)
  std::string name;          // raw key, kept where it must be (ids, modes, unknown)
  std::uint64_t seen = 0;    // known keys met in this object (duplicates)
  // Unknown keys met in this object (duplicates; both values are kept),
  // filled only when the object has one.
  std::unordered_set<std::string, StringHash, std::equal_to<>> unknown_seen;
  std::size_t index = 0;                           // elements met in this array
  UpdateMode list_mode = UpdateMode::unspecified;  // operator_list only
  std::string_view list_name;                      // operator_list only
};

// The parse stack. The invariants, which hold for the whole read:
// - one frame per open container the builder interprets (a container being
//   captured raw or skipped has no frame: the capture counts its depth);
// - `back()` is the innermost open container;
// - a `Frame&` stays valid across pushes (each frame is allocated on its
//   own and never moves) but not across the pop of its own frame.
// Popped frames keep their storage, so the `name` string
// of a frame at a given depth keeps its capacity: copying the next key into
// it allocates nothing once the first operator has been read. (A plain
// vector of frames would free and reallocate the names of the operator and
// tuning-mode frames for every operator.) Frames by pointer, so pushing
// never moves the frames below: a `Frame&` taken before a push stays valid
// (on_open updates the list's index after pushing the operator's frame).
// The subset of std::vector's interface the handler uses.
class FrameStack {
 public:
  [[nodiscard]] bool empty() const noexcept { return depth_ == 0; }
  [[nodiscard]] Frame& back() noexcept { return *frames_[depth_ - 1]; }
  void emplace_back(Ctx ctx) { grow().ctx = ctx; }
  void push_back(const Frame& frame) {
    Frame& f = grow();
    f.ctx = frame.ctx;
    f.key = frame.key;
    f.name.assign(frame.name);
    f.seen = frame.seen;
    f.unknown_seen = frame.unknown_seen;
    f.index = frame.index;
    f.list_mode = frame.list_mode;
    f.list_name = frame.list_name;
  }
  void pop_back() noexcept { --depth_; }

 private:
  Frame& grow() {
    if (depth_ == frames_.size()) add_frame();
    Frame& f = *frames_[depth_++];
    f.key = Key::unknown;
    f.name.clear();  // keeps the capacity
    f.seen = 0;
    if (!f.unknown_seen.empty()) f.unknown_seen.clear();
    f.index = 0;
    f.list_mode = UpdateMode::unspecified;
    f.list_name = {};
    return f;
  }
  // Out of line: taken once a depth, the first time it is reached.
  [[gnu::noinline]] void add_frame() {
    frames_.push_back(std::make_unique<Frame>(Ctx::root_object));
  }
  std::vector<std::unique_ptr<Frame>> frames_;
  std::size_t depth_ = 0;
};

}  // namespace aoe::internal
