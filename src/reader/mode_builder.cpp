// SPDX-License-Identifier: Apache-2.0
// A tuning-mode result: `tune_performance.<mode>`, or the figures written
// on the operator itself (6.0.1/6.2).
#include "diagnostic_codes.hpp"
#include "reader/keys.hpp"
#include "reader/section_builders.hpp"
#include "text_util.hpp"

namespace aoe::internal {

void ModeBuilder::open_mode(const Frame& f, bool object, std::string_view kind) {
  if (object) {
    mode_ = ModeResult{};
    mode_.mode_name = BuildContext::interned(last_mode_name_, f.name);
    mode_.mode = parse_tuning_mode(f.name);
    seen_ = 0;
    if (mode_.mode == TuningMode::other) {
      // Documented (format.md, CANN 6.3+): Format, Schedule, Impl.
      ctx_.add_here(codes::unknown_tuning_mode, Severity::warning,
                    op_.path() + ": tuning mode '" + shorten_for_message(f.name) +
                        "' is none of Format, Schedule, Impl (a newer CANN's, or a misspelling); "
                        "kept as written");
    }
    ctx_.stack().emplace_back(Ctx::mode);
  } else {
    ctx_.invalid("tuning mode '" + shorten_for_message(f.name) + "'", kind, "an object");
    ctx_.skip(object);
  }
}

void ModeBuilder::not_a_mode(const Frame& f, const Scalar& v) {
  ctx_.invalid("tuning mode '" + shorten_for_message(f.name) + "'", describe(v), "an object");
}

void ModeBuilder::open(const Frame& f, bool object, std::string_view kind) {
  seen_ |= time_key_bit(f.key);
  if (f.key == Key::unknown) {
    ctx_.keep_unknown_container(f, op_.path() + ".tune_performance." + mode_.mode_name, object);
  } else {
    ctx_.invalid(op_.path() + "." + mode_.mode_name + "." + f.name, kind, "a number or string");
    ctx_.skip(object);
  }
}

void ModeBuilder::scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float,
                         ModeResult& m, unsigned& seen) {
  seen |= time_key_bit(f.key);
  const KeySpec* spec = key_in(f.key, KeyContext::mode);
  if (spec == nullptr) {
    ctx_.keep_unknown_key(
        f, v, raw_float,
        op_.path() + (m.mode_name.empty() ? "" : ".tune_performance." + m.mode_name));
    return;
  }
  // Built only when a diagnostic needs it: this runs for every figure of
  // every operator, and the text costs several allocations.
  const auto where = [&] {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on
    // "." + std::string&& once this is inlined.
    std::string s = op_.path();
    if (!m.mode_name.empty()) {
      s += '.';
      s += shorten_for_message(m.mode_name);
    }
    s += '.';
    s += shorten_for_message(f.name);
    return s;
  };
  switch (spec->expect) {
    case Expect::number:
      m.*(spec->mode_number) = ctx_.read_number(v, where);
      return;
    case Expect::percent:
      m.*(spec->mode_number) = ctx_.read_percent(v, where);
      return;
    default:  // update_mode
      if (v.kind == Scalar::Kind::string) {
        m.update_mode = parse_update_mode(v.s);
        if (m.update_mode == UpdateMode::other) {
          ctx_.add_here(codes::unknown_update_mode, Severity::warning,
                        where() + " '" + shorten_for_message(v.s) +
                            "' is neither add nor update; kept as written, counted as neither");
        }
        m.update_mode_raw = BuildContext::interned(last_update_mode_, v.s);
      } else {
        ctx_.invalid(where(), describe(v), "\"add\" or \"update\"");
      }
      return;
  }
}

void ModeBuilder::tell_missing_times(unsigned seen, const std::string& where) {
  const bool before = (seen & kBeforeKey) != 0;
  const bool after = (seen & kAfterKey) != 0;
  const char* missing = !before && !after ? "neither performance_before_tune(us) nor "
                                            "performance_after_tune(us)"
                        : !before         ? "no performance_before_tune(us)"
                                          : "no performance_after_tune(us)";
  ctx_.add_here(codes::invalid_value, Severity::error,
                where + " has " + missing +
                    " (every CANN version writes both): the operator is "
                    "left out of every sum");
}

void ModeBuilder::end() {
  require_times(seen_, [&] { return op_.path() + "." + shorten_for_message(mode_.mode_name); });
  op_.add_mode(std::move(mode_));
}

}  // namespace aoe::internal
