// SPDX-License-Identifier: Apache-2.0
#include "reader/raw_capture.hpp"

#include <nlohmann/json.hpp>

namespace aoe::internal {

// nlohmann is the project's JSON writer: it escapes the string.
void RawWriter::append_string(std::string_view s) {
  using json = nlohmann::json;
  append(json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace aoe::internal
