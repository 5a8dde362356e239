// SPDX-License-Identifier: Apache-2.0
// The `basic` section.
#include "reader/keys.hpp"
#include "reader/section_builders.hpp"

namespace aoe::internal {

void BasicBuilder::open(const Frame& f, bool object, std::string_view kind) {
  if (const KeySpec* spec = key_in(f.key, KeyContext::basic); spec != nullptr) {
    if (spec->expect == Expect::number) ctx_.current_report().tuning_time_written = true;
    ctx_.invalid("basic." + f.name, kind, spec->expect == Expect::string ? "a string" : "a number");
    ctx_.skip(object);
  } else {
    ctx_.keep_unknown_container(f, "basic", object);
  }
}

void BasicBuilder::scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float) {
  const KeySpec* spec = key_in(f.key, KeyContext::basic);
  if (spec == nullptr) {
    ctx_.keep_unknown_key(f, v, raw_float, "basic");
    return;
  }
  Report& r = ctx_.current_report();
  if (spec->expect == Expect::number) {  // tuning_time(s)
    r.tuning_time_written = true;
    r.tuning_time_s = ctx_.read_number(v, "basic." + f.name);
  } else if (v.kind == Scalar::Kind::string) {  // tuning_name
    r.tuning_name = std::string(v.s);
  } else {
    ctx_.invalid("basic." + f.name, describe(v), "a string");
  }
}

}  // namespace aoe::internal
