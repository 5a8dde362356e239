// SPDX-License-Identifier: Apache-2.0
// A large report-keyed file read in parts at once (`ReadOptions::threads`):
// split between reports of the root object where the bytes look like one,
// each part read by its own event source and builder starting in the root
// object, the guess proved by the part before it ending right after the
// ',' before that report, and the parts merged in file order into what one
// read of the whole gives.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "aoe_result/model.hpp"
#include "aoe_result/reader.hpp"

namespace aoe::internal {

/// The file open as `fd` (`size` bytes, named `path` in diagnostics) read
/// in up to `options.threads` parts at once; nullopt when it cannot be
/// split (no report past the first part's share), when a part did not prove
/// to begin between two reports (a guess inside a string or a nested
/// value), a part before the last did not read to its end (bad JSON, a
/// cut), a report id is in two parts, or reading failed: the file is then
/// to be read whole. Throws what the builder throws (`std::bad_alloc`).
[[nodiscard]] std::optional<ResultFile> read_result_in_parts(int fd, std::uint64_t size,
                                                             const std::string& path,
                                                             const ReadOptions& options);

}  // namespace aoe::internal
