// SPDX-License-Identifier: Apache-2.0
// An operator entry of an operator list.
#include "diagnostic_codes.hpp"
#include "reader/keys.hpp"
#include "reader/section_builders.hpp"
#include "text_util.hpp"

namespace aoe::internal {

void OperatorBuilder::begin(const Frame& list, std::size_t index) {
  // Emptied in place: an operator handed to `ReadOptions::on_operator` and
  // not moved from there leaves its storage (its name's, its modes') to
  // the next one, which then allocates nothing; one moved into the model
  // left none.
  std::string name = std::move(op_.name);
  std::vector<ModeResult> modes = std::move(op_.modes);
  name.clear();
  modes.clear();
  op_ = Operator{};
  op_.name = std::move(name);
  op_.modes = std::move(modes);
  modes_read_.clear();
  op_.line = ctx_.position().line;
  flat_ = ModeResult{};
  flat_seen_ = 0;
  flat_.update_mode = list.list_mode;
  flat_.update_mode_raw = BuildContext::interned(last_list_name_, list.list_name);
  has_flat_ = false;
  open_ = true;
  ctx_.set_operator(&op_);
  index_ = index;
  list_name_ = list.list_name.empty() ? "repo_modified_operators" : list.list_name;
  ctx_.stack().emplace_back(Ctx::op_entry);
}

void OperatorBuilder::end() {
  if (has_flat_) {
    modes_.require_times(flat_seen_, [this] { return path(); });
    modes_read_.insert(modes_read_.begin(), std::move(flat_));
  }
  op_.modes.assign(modes_read_.begin(), modes_read_.end());
  modes_read_.clear();
  if (op_.name.empty()) {
    ctx_.add_here(codes::invalid_value, Severity::error,
                  path() + " has no op_name; kept without a name");
  }
  if (op_.modes.empty()) {
    ctx_.add_here(codes::invalid_value, Severity::error,
                  path() +
                      " has no performance figures (no tuning-mode result): left out of "
                      "every sum");
  }
  ctx_.keep_operator(std::move(op_));
  drop();
}

std::string OperatorBuilder::lost_text() const {
  return op_.name.empty()
             ? "the operator being written was dropped"
             : "operator '" + shorten_for_message(op_.name) + "' was cut off and dropped";
}

void OperatorBuilder::drop() noexcept {
  open_ = false;
  ctx_.set_operator(nullptr);
}

std::string OperatorBuilder::path() const {
  std::string s = "OPAT.";
  s += list_name_;
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on
  // "[" + std::string&& once this is inlined.
  s += '[';
  s += std::to_string(index_);
  s += ']';
  if (!op_.name.empty()) {
    s += " ('";
    s += shorten_for_message(op_.name);
    s += "')";
  }
  return s;
}

void OperatorBuilder::open(const Frame& f, bool object, std::string_view kind) {
  const KeySpec* spec = key_in(f.key, KeyContext::op);
  const Expect expect = spec != nullptr ? spec->expect : Expect::number;
  if (spec != nullptr && expect == Expect::strings) {  // op_type
    if (object) {
      ctx_.invalid(path() + ".op_type", kind, "a string or a list of strings");
      ctx_.skip(object);
    } else {
      op_.types.clear();
      types_.clear();
      ctx_.stack().emplace_back(Ctx::op_type_list);
    }
  } else if (spec != nullptr && expect == Expect::modes) {  // tune_performance
    if (object) {
      ctx_.stack().emplace_back(Ctx::tune_performance);
    } else {
      ctx_.invalid(path() + ".tune_performance", kind, "an object of tuning modes");
      ctx_.skip(object);
    }
  } else if (f.key == Key::unknown) {
    ctx_.keep_unknown_container(f, path(), object);
  } else {
    flat_seen_ |= ModeBuilder::time_key_bit(f.key);  // a flat time as a container: told here
    ctx_.invalid(path() + "." + f.name, kind, "a string or a number");
    ctx_.skip(object);
  }
}

void OperatorBuilder::scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float) {
  if (key_in(f.key, KeyContext::mode) != nullptr) {  // the flat layouts' figures
    has_flat_ = true;
    modes_.scalar(f, v, raw_float, flat_, flat_seen_);
    return;
  }
  const KeySpec* spec = key_in(f.key, KeyContext::op);
  if (spec == nullptr) {
    ctx_.keep_unknown_key(f, v, raw_float, path());
    return;
  }
  switch (spec->expect) {
    case Expect::string:  // op_name
      if (v.kind == Scalar::Kind::string) {
        op_.name = v.s;
      } else {
        ctx_.invalid(path() + ".op_name", describe(v), "a string");
      }
      return;
    case Expect::strings:  // op_type
      if (v.kind == Scalar::Kind::string) {
        // A type seen before in this file is found by its text, no
        // allocation; a new one is interned once.
        if (const auto it = single_types_.find(v.s); it != single_types_.end()) {
          op_.types = it->second;
        } else {
          types_.resize(1);
          types_[0].assign(v.s);
          op_.types = types_;
          single_types_.emplace(std::string(v.s), op_.types);
        }
      } else {
        ctx_.invalid(path() + ".op_type", describe(v), "a string or a list of strings");
      }
      return;
    default:  // tune_performance
      ctx_.invalid(path() + ".tune_performance", describe(v), "an object of tuning modes");
      return;
  }
}

void OperatorBuilder::type_element(const Scalar& v) {
  if (v.kind == Scalar::Kind::string) {
    types_.emplace_back(v.s);  // interned when the list closes
  } else {
    ctx_.invalid("an element of op_type", describe(v), "a string");
  }
}

void OperatorBuilder::open_type_element(bool object, std::string_view kind) {
  ctx_.invalid("an element of op_type", kind, "a string");
  ctx_.skip(object);
}

}  // namespace aoe::internal
