// SPDX-License-Identifier: Apache-2.0
// Reading files through `InputOptions::digest_operators` in the tests: the
// files' operators go to a digest as read, on one thread or in parts.
#pragma once

#include <cstddef>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "io/inputs.hpp"
#include "io/load_inputs.hpp"

namespace aoe::test {

using cli::OperatorDigest;
using cli::ResultFileKind;

/// Forwards to another digest, counting the files read in parts.
class CountingDigest final : public OperatorDigest {
 public:
  CountingDigest(std::unique_ptr<OperatorDigest> to, std::size_t& split)
      : to_(std::move(to)), split_(split) {}
  void take(const ResultFile& f, const Report& r, Operator&& op) override {
    to_->take(f, r, std::move(op));
  }
  void begin(std::size_t parts) override { to_->begin(parts); }
  void take(std::size_t part, const ResultFile& f, const Report& r, Operator&& op) override {
    to_->take(part, f, r, std::move(op));
  }
  void keep(const std::vector<std::size_t>& first_report) override {
    ++split_;
    to_->keep(first_report);
  }
  void drop() override { to_->drop(); }
  void done(const ResultFile& f) override { to_->done(f); }

 private:
  std::unique_ptr<OperatorDigest> to_;
  std::size_t& split_;
};

/// `paths` read in turn as `ResultFileKind` reads them with
/// `digest_operators` set to `make` (index → digest), each file of more
/// than one report in `threads` parts (any size is split); `split` counts
/// the files read in parts.
template <class Make>
std::vector<ResultFile> read_digested(const std::vector<std::string>& paths, unsigned threads,
                                      Make make, std::size_t& split) {
  ResultFileKind kind;
  kind.read.threads = threads;
  kind.read.split_min_bytes = 0;
  kind.digest_operators = [&](std::size_t index) -> std::unique_ptr<OperatorDigest> {
    return std::make_unique<CountingDigest>(make(index), split);
  };
  std::istringstream no_stdin;
  return cli::read_all_of(kind, paths, no_stdin, 1);
}

/// What `read_digested` of the examples and test data gives: files whose
/// reports hold no operator (each went to the digest); on more than one
/// thread, at least 5 of them read in parts, else none (`split`).
inline void expect_digested(const std::vector<ResultFile>& files, unsigned threads,
                            std::size_t split) {
  for (const ResultFile& f : files) {
    for (const Report& r : f.reports) EXPECT_TRUE(r.operators.empty()) << f.path;
  }
  if (threads > 1) {
    EXPECT_GE(split, 5U);  // files of several reports read in parts
  } else {
    EXPECT_EQ(split, 0U);
  }
}

}  // namespace aoe::test
