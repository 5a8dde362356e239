// SPDX-License-Identifier: Apache-2.0
#include "text/json_util.hpp"

#include <fmt/format.h>

#include "aoe_result/version.hpp"

#include "text/json_writer.hpp"

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
  const auto escape = [&out](unsigned cp) { out += fmt::format("\\u{:04x}", cp); };
  for (std::size_t i = 0; i < json.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(json[i]);
    const auto next = [&](std::size_t k) {
      return i + k < json.size() ? static_cast<unsigned char>(json[i + k]) : 0U;
    };
    if (b0 == 0x7F) {
      escape(0x7F);
    } else if (b0 == 0xC2 && next(1) >= 0x80 && next(1) <= 0x9F) {
      escape(next(1));
      ++i;
    } else if (b0 == 0xD8 && next(1) == 0x9C) {
      escape(0x061C);
      ++i;
    } else if (b0 == 0xE2 && next(1) == 0x80 &&
               (next(2) == 0x8E || next(2) == 0x8F || (next(2) >= 0xAA && next(2) <= 0xAE))) {
      escape(0x2000U + (next(2) - 0x80U));
      i += 2;
    } else if (b0 == 0xE2 && next(1) == 0x81 && next(2) >= 0xA6 && next(2) <= 0xA9) {
      escape(0x2040U + (next(2) - 0x80U));
      i += 2;
    } else {
      out += json[i];
    }
  }
  return out;
}

}  // namespace aoe::cli
