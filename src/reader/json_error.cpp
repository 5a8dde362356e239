// SPDX-License-Identifier: Apache-2.0
// A tokenizer error in words. The wording is nlohmann's parser's, which the
// reader's messages have always quoted.
#include <array>
#include <string>
#include <string_view>

#include "reader/json_events.hpp"

namespace aoe::internal {
namespace {

std::string_view token_name(TokenKind t) noexcept {
  switch (t) {
    case TokenKind::none:
      return "<uninitialized>";
    case TokenKind::literal_true:
      return "true literal";
    case TokenKind::literal_false:
      return "false literal";
    case TokenKind::literal_null:
      return "null literal";
    case TokenKind::string:
      return "string literal";
    case TokenKind::number:
      return "number literal";
    case TokenKind::begin_array:
      return "'['";
    case TokenKind::begin_object:
      return "'{'";
    case TokenKind::end_array:
      return "']'";
    case TokenKind::end_object:
      return "'}'";
    case TokenKind::name_separator:
      return "':'";
    case TokenKind::value_separator:
      return "','";
    case TokenKind::lex_error:
      return "<parse error>";
    case TokenKind::end_of_input:
      return "end of input";
    case TokenKind::value:
      return "'[', '{', or a literal";
  }
  return "unknown token";
}

std::string_view context_name(GrammarContext c) noexcept {
  switch (c) {
    case GrammarContext::value:
      return "value";
    case GrammarContext::array:
      return "array";
    case GrammarContext::object:
      return "object";
    case GrammarContext::object_key:
      return "object key";
    case GrammarContext::object_separator:
      return "object separator";
  }
  return "value";
}

std::string control_message(unsigned char c) {
  static constexpr std::array<std::string_view, 32> kNames = {
      "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS",  "HT",  "LF",
      "VT",  "FF",  "CR",  "SO",  "SI",  "DLE", "DC1", "DC2", "DC3", "DC4", "NAK",
      "SYN", "ETB", "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string code = "00";
  code += kHex[(c >> 4U) & 0xFU];
  code += kHex[c & 0xFU];
  std::string out = "invalid string: control character U+" + code + " (" +
                    std::string(kNames[c & 0x1FU]) + ") must be escaped to \\u" + code;
  switch (c) {
    case '\b':
      out += " or \\b";
      break;
    case '\t':
      out += " or \\t";
      break;
    case '\n':
      out += " or \\n";
      break;
    case '\f':
      out += " or \\f";
      break;
    case '\r':
      out += " or \\r";
      break;
    default:
      break;
  }
  return out;
}

std::string lex_message(const JsonError& e) {
  switch (e.lex) {
    case LexError::none:
      return "";
    case LexError::invalid_literal:
      return "invalid literal";
    case LexError::invalid_bom:
      return "invalid BOM; must be 0xEF 0xBB 0xBF if given";
    case LexError::missing_closing_quote:
      return "invalid string: missing closing quote";
    case LexError::control_character:
      return control_message(e.control);
    case LexError::forbidden_escape:
      return "invalid string: forbidden character after backslash";
    case LexError::bad_unicode_escape:
      return "invalid string: '\\u' must be followed by 4 hex digits";
    case LexError::high_surrogate_alone:
      return "invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF";
    case LexError::low_surrogate_alone:
      return "invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF";
    case LexError::ill_formed_utf8:
      return "invalid string: ill-formed UTF-8 byte";
    case LexError::digit_after_minus:
      return "invalid number; expected digit after '-'";
    case LexError::digit_after_point:
      return "invalid number; expected digit after '.'";
    case LexError::digit_or_sign_after_exponent:
      return "invalid number; expected '+', '-', or digit after exponent";
    case LexError::digit_after_exponent_sign:
      return "invalid number; expected digit after exponent sign";
  }
  return "invalid literal";
}

}  // namespace

std::string describe(const JsonError& e) {
  switch (e.kind) {
    case ErrorKind::none:
      return "no error";
    case ErrorKind::too_deep:
      return "the values nest more than " + std::to_string(e.max_depth) + " levels deep";
    case ErrorKind::syntax:
      break;
  }
  std::string out = "syntax error while parsing ";
  out += context_name(e.context);
  out += " - ";
  if (e.found == TokenKind::lex_error) {
    out += lex_message(e);
    out += "; last read: '";
    out += e.last_read;
    out += '\'';
  } else {
    out += "unexpected ";
    out += token_name(e.found);
  }
  if (e.expected != TokenKind::none) {
    out += "; expected ";
    out += token_name(e.expected);
  }
  return out;
}

}  // namespace aoe::internal
