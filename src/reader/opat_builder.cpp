// SPDX-License-Identifier: Apache-2.0
// The `OPAT` section, its operator lists and its failed-operators list.
#include "diagnostic_codes.hpp"
#include "reader/keys.hpp"
#include "reader/section_builders.hpp"
#include "text_util.hpp"

namespace aoe::internal {
namespace {

ModelPerformance& model(Report& r) {
  if (!r.model) r.model.emplace();
  return *r.model;
}

}  // namespace

void OpatBuilder::open(const Frame& f, bool object, std::string_view kind) {
  const KeySpec* spec = key_in(f.key, KeyContext::opat);
  const Expect expect = spec != nullptr ? spec->expect : Expect::number;
  if (spec != nullptr && expect == Expect::operator_lists) {  // repo_modified_operators
    if (object) {
      ctx_.stack().emplace_back(Ctx::modified_flat);
    } else {
      Frame list(Ctx::operator_list);
      list.list_name = spec->name;
      ctx_.stack().push_back(list);
    }
  } else if (spec != nullptr && expect == Expect::name_list) {  // the failed operators
    if (object) {
      ctx_.invalid("OPAT." + f.name, kind, "a list of operator names");
      ctx_.skip(object);
    } else {
      ctx_.stack().emplace_back(Ctx::failed_list);
    }
  } else if (spec != nullptr && expect == Expect::counters) {  // repo_summary
    if (object) {
      summary_.begin();
    } else {
      ctx_.invalid("OPAT.repo_summary", kind, "an object of counters");
      ctx_.skip(object);
    }
  } else if (f.key == Key::unknown) {
    ctx_.keep_unknown_container(f, "OPAT", object);
  } else {
    ctx_.invalid("OPAT." + f.name, kind, "a string or a number");
    ctx_.skip(object);
  }
}

void OpatBuilder::scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float) {
  const KeySpec* spec = key_in(f.key, KeyContext::opat);
  if (spec == nullptr) {
    ctx_.keep_unknown_key(f, v, raw_float, "OPAT");
    return;
  }
  Report& r = ctx_.current_report();
  switch (spec->expect) {
    case Expect::status:
      if (v.kind == Scalar::Kind::string) {
        r.status = parse_status(v.s);
        if (r.status == Status::unknown) {
          ctx_.add_here(codes::unknown_status, Severity::warning,
                        "status '" + shorten_for_message(v.s) +
                            "' is not a documented spelling; read as unknown");
        }
        r.status_raw = std::string(v.s);
        r.status_line = f.key_line;  // findings about the status point here
      } else {
        ctx_.invalid("OPAT." + f.name, describe(v), "a string");
      }
      return;
    case Expect::number: {
      const std::optional<double> d = ctx_.read_number(v, "OPAT." + f.name);
      model(r).*(spec->model_number) = d;
      return;
    }
    case Expect::percent: {
      const std::optional<double> d = ctx_.read_percent(v, "OPAT." + f.name);
      model(r).*(spec->model_number) = d;
      return;
    }
    case Expect::operator_lists:
      ctx_.invalid("OPAT.repo_modified_operators", describe(v), "a list or an object of lists");
      return;
    case Expect::name_list:
      ctx_.invalid("OPAT." + f.name, describe(v), "a list of operator names");
      return;
    default:  // counters: repo_summary
      ctx_.invalid("OPAT.repo_summary", describe(v), "an object of counters");
      return;
  }
}

void OpatBuilder::open_in_lists(const Frame& f, bool object, std::string_view kind) {
  const KeySpec* spec = key_in(f.key, KeyContext::modified_flat);
  if (spec == nullptr) {
    ctx_.keep_unknown_container(f, "OPAT.repo_modified_operators", object);
  } else if (object) {
    ctx_.invalid(f.name, kind, "a list of operators");
    ctx_.skip(object);
  } else {
    Frame list(Ctx::operator_list);
    list.list_mode = f.key == Key::add_list ? UpdateMode::add : UpdateMode::update;
    list.list_name = spec->name;
    ctx_.stack().push_back(list);
  }
}

void OpatBuilder::scalar_in_lists(const Frame& f, const Scalar& v,
                                  const std::string_view* raw_float) {
  if (key_in(f.key, KeyContext::modified_flat) != nullptr) {
    ctx_.invalid(f.name, describe(v), "a list of operators");
  } else {
    ctx_.keep_unknown_key(f, v, raw_float);
  }
}

void OpatBuilder::open_in_operator_list(Frame& list, bool object, std::string_view kind) {
  // Count the element before begin() pushes a frame.
  ++list.index;
  if (object) {
    ops_.begin(list, list.index - 1);
  } else {
    ctx_.invalid(std::string(list.list_name) + " element " + std::to_string(list.index), kind,
                 "an operator object");
    ctx_.skip(object);
  }
}

void OpatBuilder::scalar_in_operator_list(Frame& list, const Scalar& v) {
  ctx_.invalid(std::string(list.list_name) + " element " + std::to_string(list.index + 1),
               describe(v), "an operator object");
  ++list.index;
}

void OpatBuilder::failed_element(const Scalar& v) {
  if (v.kind == Scalar::Kind::string) {
    ctx_.current_report().failed_operators.emplace_back(v.s);
  } else {
    ctx_.invalid("an element of the failed-operators list", describe(v), "a string");
  }
}

void OpatBuilder::open_failed_element(bool object, std::string_view kind) {
  ctx_.invalid("an element of the failed-operators list", kind, "a string");
  ctx_.skip(object);
}

}  // namespace aoe::internal
