// SPDX-License-Identifier: Apache-2.0
#include "text/html.hpp"

#include <stdexcept>

#include "text/term.hpp"

namespace aoe::cli::html {

std::string shown(std::string_view s) {
  // The page's own text joins numbers and units with no-break spaces.
  return escape_text(s, Backslash::when_ambiguous, Blanks::keep_unit_spaces);
}

std::string escape(std::string_view s) { return escape_markup(shown(s)); }

std::string escape_markup(std::string_view safe) {
  std::string out;
  out.reserve(safe.size() + safe.size() / 8);
  for (const char c : safe) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
        break;
    }
  }
  return out;
}

void Writer::write_attrs(const Attr* begin, const Attr* end) {
  for (const Attr* a = begin; a != end; ++a) {
    out_ += ' ';
    out_ += a->name;
    out_ += "=\"";
    out_ += escape(a->value);
    out_ += '"';
  }
}

Writer& Writer::open(std::string_view tag, std::initializer_list<Attr> attrs) {
  out_ += '<';
  out_ += tag;
  write_attrs(attrs.begin(), attrs.end());
  out_ += '>';
  stack_.emplace_back(tag);
  return *this;
}

Writer& Writer::close(std::string_view tag) {
  if (stack_.empty() || stack_.back() != tag) {
    throw std::logic_error("html::Writer: </" + std::string(tag) + "> does not close " +
                           (stack_.empty() ? std::string("anything") : "<" + stack_.back() + ">"));
  }
  stack_.pop_back();
  out_ += "</";
  out_ += tag;
  out_ += '>';
  return *this;
}

Writer& Writer::element(std::string_view tag, std::string_view text_value,
                        std::initializer_list<Attr> attrs) {
  open(tag, attrs);
  text(text_value);
  return close(tag);
}

Writer& Writer::void_element(std::string_view tag, std::initializer_list<Attr> attrs) {
  out_ += '<';
  out_ += tag;
  write_attrs(attrs.begin(), attrs.end());
  out_ += '>';
  return *this;
}

Writer& Writer::text(std::string_view s) {
  out_ += escape(s);
  return *this;
}

Writer& Writer::breakable_text(std::string_view s, std::string_view break_after) {
  std::size_t at = 0;
  for (;;) {
    const std::size_t seam = s.find_first_of(break_after, at);
    if (seam == std::string_view::npos || seam + 1 >= s.size()) break;
    text(s.substr(at, seam + 1 - at));
    out_ += "<wbr>";
    at = seam + 1;
  }
  return text(s.substr(at));
}

Writer& Writer::raw(std::string_view markup) {
  out_ += markup;
  return *this;
}

std::string Writer::finish() && {
  if (!stack_.empty()) {
    throw std::logic_error("html::Writer: <" + stack_.back() + "> is still open");
  }
  return std::move(out_);
}

}  // namespace aoe::cli::html
