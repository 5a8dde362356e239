// SPDX-License-Identifier: Apache-2.0
#include "text/json_util.hpp"

#include <fmt/format.h>

#include "aoe_result/version.hpp"

#include "text/json_writer.hpp"
#include "text/term.hpp"

namespace aoe::cli {

std::string generator_name() { return std::string("aoe-result ") + kVersion; }

nlohmann::ordered_json json_preamble() {
  return nlohmann::ordered_json{{"schema_version", kSchemaVersion},
                                {"generator", generator_name()}};
}

void write_json_preamble(JsonWriter& w) {
  w.member("schema_version", kSchemaVersion);
  w.member("generator", generator_name());
}

std::string terminal_safe_json(std::string json) {
  std::string out;
  out.reserve(json.size());
  // \uXXXX; past U+FFFF a UTF-16 surrogate pair (RFC 8259 section 7).
  const auto escape = [&out](char32_t cp) {
    if (cp > 0xFFFF) {
      const auto v = static_cast<unsigned>(cp - 0x10000);
      out += fmt::format("\\u{:04x}\\u{:04x}", 0xD800U + (v >> 10), 0xDC00U + (v & 0x3FFU));
    } else {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
    }
  };
  for (std::size_t i = 0; i < json.size();) {
    const auto b0 = static_cast<unsigned char>(json[i]);
    if (b0 < 0x80) {
      if (b0 == 0x7F) {
        escape(0x7F);
      } else {
        out += json[i];
      }
      ++i;
      continue;
    }
    std::size_t len = 1;
    const std::optional<char32_t> cp = decode_utf8(json, i, len);
    if (cp && escaped_outside_ascii(*cp)) {
      escape(*cp);
    } else {
      out.append(json, i, len);
    }
    i += len;
  }
  return out;
}

}  // namespace aoe::cli
