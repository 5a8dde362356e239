// SPDX-License-Identifier: Apache-2.0
// Raw capture: unknown sections and keys are kept as compact JSON text, up
// to a limit of bytes each (`ReadOptions::max_raw_bytes`).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "reader/values.hpp"

namespace aoe::internal {

// Compact JSON for a value kept verbatim (unknown sections and keys).
class RawWriter {
 public:
  explicit RawWriter(std::size_t limit) : limit_(limit) {}
  void reset() {
    text_.clear();
    cut_ = false;
  }
  void key(std::string_view k) {
    separate();
    append_string(k);
    append(":");
  }
  void scalar(const Scalar& v, const std::string_view* raw_float) {
    separate();
    switch (v.kind) {
      case Scalar::Kind::null:
        append("null");
        break;
      case Scalar::Kind::boolean:
        append(v.b ? "true" : "false");
        break;
      case Scalar::Kind::integer:
        append(std::to_string(v.i));
        break;
      case Scalar::Kind::unsigned_:
        append(std::to_string(v.u));
        break;
      case Scalar::Kind::floating:
        append(raw_float ? *raw_float : std::to_string(v.d));
        break;
      case Scalar::Kind::string:
        append_string(v.s);
        break;
    }
  }
  void open(char c) {
    separate();
    append(std::string_view(&c, 1));
  }
  void close(char c) { append(std::string_view(&c, 1)); }
  [[nodiscard]] std::string take() { return std::move(text_); }
  [[nodiscard]] bool cut() const { return cut_; }

 private:
  void separate() {
    if (!text_.empty()) {
      const char last = text_.back();
      if (last != '[' && last != '{' && last != ':') append(",");
    }
  }
  void append(std::string_view s) {
    if (cut_) return;
    if (text_.size() + s.size() > limit_) {
      cut_ = true;
      return;
    }
    text_.append(s);
  }
  void append_string(std::string_view s);
  std::string text_;
  std::size_t limit_;
  bool cut_ = false;
};

// Where a kept raw value goes when its capture ends.
enum class RawTarget : std::uint8_t { none, unknown_section, unknown_key };

}  // namespace aoe::internal
