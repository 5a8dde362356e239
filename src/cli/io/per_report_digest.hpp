// SPDX-License-Identifier: Apache-2.0
// An `OperatorDigest` (inputs.hpp) that keeps a state a report: the
// bookkeeping of a file read on one thread or in parts.
#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include "io/inputs.hpp"

namespace aoe::cli {

/// Keeps a `State` for each report of the file being read: an operator read
/// on one thread goes to the state of the file's last report (the one being
/// read), an operator of a part to that part's own state of its report,
/// moved to the file's report on `keep` (the part's reports begin at
/// `first_report[part]`) and forgotten on `drop`. `State` is copyable and
/// has `add(const ResultFile&, const Report&, const Operator&)`; a report's
/// state starts as a copy of `blank`. The derived digest says what `done`
/// makes of the states (`take_states`).
template <class State>
class PerReportDigest : public OperatorDigest {
 public:
  explicit PerReportDigest(State blank = State()) : blank_(std::move(blank)) {}

  void take(const ResultFile& file, const Report& report, Operator&& op) final {
    at(reports_, file.reports.size() - 1).add(file, report, op);
  }
  void begin(std::size_t parts) final {
    parts_.clear();
    parts_.resize(parts);
  }
  void take(std::size_t part, const ResultFile& part_file, const Report& report,
            Operator&& op) final {
    at(parts_[part], static_cast<std::size_t>(&report - part_file.reports.data()))
        .add(part_file, report, op);
  }
  void keep(const std::vector<std::size_t>& first_report) final {
    for (std::size_t part = 0; part < parts_.size(); ++part) {
      std::vector<State>& in_part = parts_[part];
      for (std::size_t k = 0; k < in_part.size(); ++k) {
        at(reports_, first_report[part] + k) = std::move(in_part[k]);
      }
    }
    parts_.clear();
  }
  void drop() final { parts_.clear(); }

 protected:
  /// The states of `file`'s reports, one a report (a report no operator
  /// went to has a state as made), none for an unreadable file; the digest
  /// is left empty for another file. Throws `std::logic_error` when
  /// operators were taken for more reports than the file holds (a reader's
  /// fault, said rather than dropped).
  std::vector<State> take_states(const ResultFile& file) {
    std::vector<State> states = std::exchange(reports_, {});
    if (!file.readable) return {};
    if (states.size() > file.reports.size()) {
      throw std::logic_error("operators read for a report the file does not hold");
    }
    states.resize(file.reports.size(), blank_);
    return states;
  }

 private:
  // The state of report `k`, those before it made when missing (a report
  // may have no operator).
  State& at(std::vector<State>& states, std::size_t k) const {
    if (states.size() <= k) states.resize(k + 1, blank_);
    return states[k];
  }

  State blank_;
  std::vector<State> reports_;             // report k of the file
  std::vector<std::vector<State>> parts_;  // report k of each part
};

/// What the digests of the inputs give (a `T` a file), each kept at its
/// file's place: files are read at once on several threads, and their
/// digests are done in any order (`InputOptions::digest_operators`).
template <class T>
class DigestsByFile {
 public:
  /// The callback of the digest of the file at `index`: it keeps what it is
  /// given there. The store must outlive it.
  std::function<void(T&&)> keeper(std::size_t index) {
    return [this, index](T&& value) {
      const std::lock_guard<std::mutex> lock(lock_);
      if (kept_.size() <= index) kept_.resize(index + 1);
      kept_[index] = std::move(value);
    };
  }
  /// One `T` for each of `files` files (a `T()` for a file whose digest gave
  /// nothing); the store is left empty.
  std::vector<T> take(std::size_t files) {
    const std::lock_guard<std::mutex> lock(lock_);
    std::vector<T> out = std::exchange(kept_, {});
    out.resize(files);
    return out;
  }

 private:
  std::mutex lock_;
  std::vector<T> kept_;
};

}  // namespace aoe::cli
