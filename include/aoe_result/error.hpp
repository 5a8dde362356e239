// SPDX-License-Identifier: Apache-2.0
/// @file
/// The library's exceptions. Everything the library throws on purpose
/// derives from `aoe::Error`; no exception of a third-party library escapes
/// a public function.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

namespace aoe {

/// Base of every exception the library throws on purpose.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An input that cannot be used: missing, unreadable, not JSON, or not an
/// AOE result. `what()` reads "path:line:column: message" (line and column
/// only where known).
class InputError : public Error {
 public:
  InputError(std::string path, std::string message, std::optional<std::size_t> line = std::nullopt,
             std::optional<std::size_t> column = std::nullopt);

  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  [[nodiscard]] const std::string& message() const noexcept { return message_; }
  [[nodiscard]] std::optional<std::size_t> line() const noexcept { return line_; }
  [[nodiscard]] std::optional<std::size_t> column() const noexcept { return column_; }

 private:
  std::string path_;
  std::string message_;
  std::optional<std::size_t> line_;
  std::optional<std::size_t> column_;
};

}  // namespace aoe
