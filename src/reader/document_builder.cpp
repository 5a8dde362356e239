// SPDX-License-Identifier: Apache-2.0
// The document builder's events: the root, the reports, the section
// objects, and the routing of everything else to the section builders.
#include "reader/document_builder.hpp"

#include <algorithm>
#include <functional>
#include <iterator>

#include "diagnostic_codes.hpp"
#include "reader/keys.hpp"
#include "text_util.hpp"

namespace aoe::internal {

Event DocumentBuilder::read_events() {
  JsonEvents& events = ctx_.events();
  for (;;) {
    const Event e = events.next();
    if (e.kind == EventKind::end || e.kind == EventKind::truncated || e.kind == EventKind::error) {
      return e;
    }
    flush();
    Scalar v;
    switch (e.kind) {
      case EventKind::begin_object:
        on_open(true);
        break;
      case EventKind::begin_array:
        on_open(false);
        break;
      case EventKind::end_object:
        on_close('}');
        break;
      case EventKind::end_array:
        on_close(']');
        break;
      case EventKind::key:
        if (ctx_.capturing()) {
          ctx_.capture_key(e.text);
        } else {
          on_key(e.text);
        }
        break;
      case EventKind::string:
        v.kind = Scalar::Kind::string;
        v.s = e.text;
        on_scalar(v, nullptr);
        break;
      case EventKind::boolean:
        v.kind = Scalar::Kind::boolean;
        v.b = e.boolean;
        on_scalar(v, nullptr);
        break;
      case EventKind::null:
        on_scalar(v, nullptr);
        break;
      case EventKind::unsigned_integer:
        v.kind = Scalar::Kind::unsigned_;
        v.u = e.unsigned_integer;
        pending_ = v;
        break;
      case EventKind::integer:
        v.kind = Scalar::Kind::integer;
        v.i = e.integer;
        pending_ = v;
        break;
      case EventKind::floating:
        v.kind = Scalar::Kind::floating;
        v.d = e.floating;
        pending_ = v;
        pending_raw_ = e.text;  // a view of the tokenizer's text: used at once, below
        break;
      default:
        break;
    }
    // A number followed by a byte is whole: used now, while its position
    // is known (and its text, a view of the tokenizer's, valid). One the
    // input ended in waits: it may be cut; its text is kept.
    if (pending_) {
      if (!events.number_met_end()) {
        flush();
      } else if (pending_->kind == Scalar::Kind::floating &&
                 pending_raw_.data() != kept_raw_.data()) {
        kept_raw_.assign(pending_raw_);  // once: later events leave it as kept
        pending_raw_ = kept_raw_;
      }
    }
  }
}

void DocumentBuilder::finish_read(const Event& last) { finish(last.kind == EventKind::end); }

bool DocumentBuilder::ended_at_root_member() {
  FrameStack& stack = ctx_.stack();
  return ctx_.events().cut_at_root_member() && !ctx_.events().read_failed() && !pending_ &&
         !ctx_.capturing() && !ctx_.report_open() && !stack.empty() &&
         stack.back().ctx == Ctx::root_object && !root_closed_;
}

bool DocumentBuilder::take_earlier_parts(std::vector<PartRead>& earlier) {
  std::unordered_set<std::string> ids;
  for (const PartRead& part : earlier) {
    for (const std::string& id : part.report_ids) {
      if (!ids.insert(id).second) return false;
    }
  }
  for (const std::string& id : report_ids_) {
    if (ids.count(id) != 0) return false;
  }
  ResultFile& out = ctx_.out();
  std::vector<Report> reports;
  std::vector<Diagnostic> diagnostics;
  std::vector<std::pair<std::string, TextPosition>> bad_roots;
  for (PartRead& part : earlier) {
    std::move(part.reports.begin(), part.reports.end(), std::back_inserter(reports));
    std::move(part.diagnostics.begin(), part.diagnostics.end(), std::back_inserter(diagnostics));
    std::move(part.bad_roots.begin(), part.bad_roots.end(), std::back_inserter(bad_roots));
    facts_.saw_aoe_section = facts_.saw_aoe_section || part.facts.saw_aoe_section;
    facts_.saw_report_key = facts_.saw_report_key || part.facts.saw_report_key;
    facts_.saw_tune_result = facts_.saw_tune_result || part.facts.saw_tune_result;
  }
  if (!earlier.empty()) {
    const PartRead& first = earlier.front();
    facts_.root_seen = first.facts.root_seen;
    facts_.root_kind = first.facts.root_kind;
    out.layout = first.layout;
  }
  std::move(out.reports.begin(), out.reports.end(), std::back_inserter(reports));
  std::move(out.diagnostics.begin(), out.diagnostics.end(), std::back_inserter(diagnostics));
  std::move(bad_roots_.begin(), bad_roots_.end(), std::back_inserter(bad_roots));
  out.reports = std::move(reports);
  out.diagnostics = std::move(diagnostics);
  bad_roots_ = std::move(bad_roots);
  report_ids_.merge(ids);
  return true;
}

PartRead DocumentBuilder::take_part() {
  ResultFile& out = ctx_.out();
  PartRead part;
  part.reports = std::move(out.reports);
  part.diagnostics = std::move(out.diagnostics);
  part.bad_roots = std::move(bad_roots_);
  part.facts = facts_;
  part.layout = out.layout;
  part.report_ids = std::move(report_ids_);
  return part;
}

void DocumentBuilder::flush() {
  if (!pending_) return;
  Scalar v = *pending_;
  pending_.reset();
  if (v.kind == Scalar::Kind::floating) v.s = pending_raw_;  // the number as written
  ctx_.on_number(true);
  on_scalar(v, v.kind == Scalar::Kind::floating ? &pending_raw_ : nullptr);
  ctx_.on_number(false);
}

void DocumentBuilder::on_scalar(const Scalar& v, const std::string_view* raw_float) {
  if (ctx_.capturing()) {
    ctx_.capture_value(v, raw_float);
    return;
  }
  FrameStack& stack = ctx_.stack();
  if (stack.empty()) {
    facts_.root_kind = describe(v);
    root_closed_ = true;
    return;
  }
  Frame& f = stack.back();
  switch (f.ctx) {
    case Ctx::root_object:
      non_report_value(f.name, describe(v));
      return;
    case Ctx::foreign_object:
      return;
    case Ctx::report:
      bad_section_element(f, describe(v));
      return;
    case Ctx::sections:
      if (key_in(f.key, KeyContext::sections) != nullptr) {
        ctx_.invalid(std::string(f.key == Key::basic ? "basic" : "OPAT"), describe(v), "an object");
      } else {
        ctx_.unknown_section(f.name);
        ctx_.capture_scalar(RawTarget::unknown_section, f.name, v, raw_float);
      }
      return;
    case Ctx::basic:
      basic_.scalar(f, v, raw_float);
      return;
    case Ctx::opat:
      opat_.scalar(f, v, raw_float);
      return;
    case Ctx::modified_flat:
      opat_.scalar_in_lists(f, v, raw_float);
      return;
    case Ctx::operator_list:
      opat_.scalar_in_operator_list(f, v);
      return;
    case Ctx::op_entry:
      ops_.scalar(f, v, raw_float);
      return;
    case Ctx::op_type_list:
      ops_.type_element(v);
      return;
    case Ctx::tune_performance:
      modes_.not_a_mode(f, v);
      return;
    case Ctx::mode:
      modes_.scalar(f, v, raw_float);
      return;
    case Ctx::failed_list:
      opat_.failed_element(v);
      return;
    case Ctx::summary:
      summary_.scalar(f, v);
      return;
  }
}

void DocumentBuilder::on_key(std::string_view k) {
  Frame& f = ctx_.stack().back();
  switch (f.ctx) {
    case Ctx::root_object:
      if (root_members_++ > 0 && members_ != nullptr && !ctx_.report_open()) record_root_member();
      // A report key, whatever its value: a report that is not a list is
      // an AOE file with a broken report, not another format.
      if (k.rfind("report_", 0) == 0) facts_.saw_report_key = true;
      f.name.assign(k);
      f.key = Key::unknown;
      return;
    case Ctx::tune_performance:  // a mode's name
      f.name.assign(k);
      f.key = Key::unknown;
      return;
    case Ctx::foreign_object:
      if (k == "result_data" || k == "status_data") facts_.saw_tune_result = true;
      return;
    default:
      break;
  }
  f.key = classify_key(k);
  if (f.key == Key::unknown) {
    if (!f.unknown_seen.emplace(k).second) {
      ctx_.add_here(codes::duplicate_key, Severity::warning,
                    "key '" + shorten_for_message(k) +
                        "' appears twice in one object; an unknown key, both values are kept");
    }
    f.name.assign(k);
    return;
  }
  // The line of a key that check's findings point at, taken at the key: a
  // number's end is only known once the tokenizer has read past it.
  if (f.key == Key::status || f.key == Key::status_601 || f.key == Key::repo_hit_num ||
      f.key == Key::total_num) {
    f.key_line = ctx_.position().line;
  }
  const auto bit = std::uint64_t{1} << static_cast<unsigned>(f.key);
  if ((f.seen & bit) != 0) {
    ctx_.add_here(
        codes::duplicate_key, Severity::warning,
        "key '" + shorten_for_message(k) + "' appears twice in one object; the last value is used");
  }
  f.seen |= bit;
  f.name.assign(k);
}

void DocumentBuilder::on_open(bool object) {
  if (ctx_.capturing()) {
    ctx_.capture_open(object);
    return;
  }
  FrameStack& stack = ctx_.stack();
  ResultFile& out = ctx_.out();
  if (stack.empty()) {
    facts_.root_seen = true;
    if (object) {
      out.layout = Layout::report_keyed;
      stack.emplace_back(Ctx::root_object);
    } else {
      out.layout = Layout::list;
      begin_report("report_1");
      stack.emplace_back(Ctx::report);
    }
    return;
  }
  Frame& f = stack.back();
  const std::string_view kind = object ? "an object" : "a list";
  switch (f.ctx) {
    case Ctx::root_object:
      if (object) {
        non_report_value(f.name, kind);
        stack.emplace_back(Ctx::foreign_object);
      } else {
        if (f.name.rfind("report_", 0) == 0) facts_.saw_report_key = true;
        begin_report(f.name);
        stack.emplace_back(Ctx::report);
      }
      return;
    case Ctx::foreign_object:
      ctx_.skip(object);
      return;
    case Ctx::report:
      if (object) {
        ++f.index;
        stack.emplace_back(Ctx::sections);
      } else {
        bad_section_element(f, kind);
        ctx_.skip(object);
      }
      return;
    case Ctx::sections:
      open_in_sections(f, object, kind);
      return;
    case Ctx::basic:
      basic_.open(f, object, kind);
      return;
    case Ctx::opat:
      opat_.open(f, object, kind);
      return;
    case Ctx::modified_flat:
      opat_.open_in_lists(f, object, kind);
      return;
    case Ctx::operator_list:
      opat_.open_in_operator_list(f, object, kind);
      return;
    case Ctx::op_entry:
      ops_.open(f, object, kind);
      return;
    case Ctx::op_type_list:
      ops_.open_type_element(object, kind);
      return;
    case Ctx::tune_performance:
      modes_.open_mode(f, object, kind);
      return;
    case Ctx::mode:
      modes_.open(f, object, kind);
      return;
    case Ctx::failed_list:
      opat_.open_failed_element(object, kind);
      return;
    case Ctx::summary:
      summary_.open(f, object, kind);
      return;
  }
}

void DocumentBuilder::open_in_sections(Frame& f, bool object, std::string_view kind) {
  if (key_in(f.key, KeyContext::sections) == nullptr) {
    ctx_.unknown_section(f.name);
    ctx_.capture_container(RawTarget::unknown_section, f.name, object);
    return;
  }
  if (!object) {
    ctx_.invalid(f.name, kind, "an object");
    ctx_.skip(object);
    return;
  }
  facts_.saw_aoe_section = true;
  if (const auto bit = f.key == Key::basic ? 1U : 2U; (report_sections_ & bit) != 0) {
    ctx_.add_here(codes::duplicate_key, Severity::warning,
                  "section '" + f.name +
                      "' appears again in this report; its values are "
                      "merged with the earlier one's, a repeated key taking the later value");
  } else {
    report_sections_ |= bit;
  }
  if (f.key == Key::opat) ctx_.current_report().has_opat = true;
  ctx_.stack().emplace_back(f.key == Key::basic ? Ctx::basic : Ctx::opat);
}

void DocumentBuilder::on_close(char c) {
  if (ctx_.capturing()) {
    ctx_.capture_close(c);
    return;
  }
  FrameStack& stack = ctx_.stack();
  if (stack.empty()) return;  // not reached: the tokenizer pairs brackets
  const Ctx closed = stack.back().ctx;
  stack.pop_back();
  if (stack.empty()) root_closed_ = true;
  switch (closed) {
    case Ctx::report: {
      Report& r = ctx_.current_report();
      r.complete = true;
      // Growth by doubling leaves up to half of the operator vector
      // unused; a 300,000-operator file would carry megabytes of slack.
      r.operators.shrink_to_fit();
      ctx_.set_report_open(false);
      return;
    }
    case Ctx::op_entry:
      ops_.end();
      return;
    case Ctx::mode:
      modes_.end();
      return;
    case Ctx::op_type_list:
      ops_.end_types();
      return;
    case Ctx::summary:
      summary_.end();
      return;
    default:
      return;
  }
}

// The member whose key was just read, unless the chunk being read does not
// hold the key's first byte.
void DocumentBuilder::record_root_member() {
  const JsonEvents& events = ctx_.events();
  const std::uint64_t offset = events.token_start();
  const auto chunk = events.chunk_up_to(offset);
  if (!chunk || events.read_failed()) return;
  const TextPosition p = ctx_.position();  // just past the key: no newline in a key
  RootMember m;
  m.offset = offset;
  m.lines_before = p.line - 1;
  m.line_start = p.offset - p.column;
  const ResultFile& out = ctx_.out();
  m.reports = out.reports.size();
  m.diagnostics = out.diagnostics.size();
  m.bad_roots = bad_roots_.size();
  m.facts = facts_;
  m.chunk_offset = chunk->first;
  m.chunk_hash = std::hash<std::string_view>{}(chunk->second);
  members_->push_back(m);
}

void DocumentBuilder::begin_report(const std::string& id) {
  Report r;
  r.id = id;
  r.line = ctx_.position().line;
  r.complete = false;
  ctx_.out().reports.push_back(std::move(r));
  ctx_.set_report_open(true);
  report_sections_ = 0;
  if (!report_ids_.insert(id).second) {
    ctx_.add_here(
        codes::duplicate_report_id, Severity::warning,
        "report id '" + shorten_for_message(id) + "' appears more than once; every report is kept");
  }
}

// A root-level value that is not a list of sections: either a broken
// report or a sign of another format; decided at the end.
void DocumentBuilder::non_report_value(const std::string& id, std::string_view kind) {
  const TextPosition p = ctx_.position();
  bad_roots_.push_back({"report '" + shorten_for_message(id) + "' is " + std::string(kind) +
                            ", expected a list of sections; skipped",
                        p});
}

void DocumentBuilder::bad_section_element(Frame& f, std::string_view kind) {
  ++f.index;
  ctx_.invalid("element " + std::to_string(f.index) + " of report '" +
                   shorten_for_message(ctx_.current_report().id) + "'",
               kind, "an object holding one section");
}

}  // namespace aoe::internal
