// SPDX-License-Identifier: Apache-2.0
// The names of bank files, the MatMul family, and the canonical form of a
// record's key.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "aoe_result/bank.hpp"

#include "bank/bank_hash.hpp"

namespace aoe {
namespace {

constexpr std::string_view kRuntimeKbSuffix = "_runtime_kb.json";
constexpr std::string_view kGradientFusionSuffix = "_gradient_fusion.json";
constexpr std::string_view kAiCore = "_AiCore_";
/// 2^53: integers below it are exact as doubles, so 1 and 1.0 are one number.
constexpr std::int64_t kExactInteger = std::int64_t{1} << 53U;
constexpr double kExactDouble = 9007199254740992.0;

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string quote_name(std::string_view s) {
  using json = nlohmann::json;
  return json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::optional<BankFileName> parse_bank_file_name(std::string_view filename) {
  if (!ends_with(filename, kRuntimeKbSuffix)) return std::nullopt;
  const std::string_view stem = filename.substr(0, filename.size() - kRuntimeKbSuffix.size());
  // Split at the last "_<digits>_AiCore_": the SoC may hold '_' itself.
  for (std::size_t at = stem.rfind(kAiCore); at != std::string_view::npos && at > 0;
       at = stem.rfind(kAiCore, at - 1)) {
    const std::string_view before = stem.substr(0, at);
    const std::size_t underscore = before.rfind('_');
    if (underscore == std::string_view::npos || underscore == 0) continue;
    const std::string_view digits = before.substr(underscore + 1);
    const std::string_view type = stem.substr(at + kAiCore.size());
    if (!all_digits(digits) || type.empty()) continue;
    BankFileName name;
    const auto [end, ec] =
        std::from_chars(digits.data(), digits.data() + digits.size(), name.cores);
    if (ec != std::errc{}) continue;
    name.soc = std::string(before.substr(0, underscore));
    name.op_type = std::string(type);
    return name;
  }
  return std::nullopt;
}

std::optional<std::string> gradient_fusion_soc(std::string_view filename) {
  if (!ends_with(filename, kGradientFusionSuffix) ||
      filename.size() == kGradientFusionSuffix.size())
    return std::nullopt;
  return std::string(filename.substr(0, filename.size() - kGradientFusionSuffix.size()));
}

bool is_bank_file_name(std::string_view filename) {
  return ends_with(filename, kRuntimeKbSuffix) || ends_with(filename, kGradientFusionSuffix);
}

bool op_belongs_to_file(std::string_view op, std::string_view file_type) {
  if (op == file_type) return true;
  // The runtime's lookup maps these onto the MatMulV2 bank.
  return file_type == "MatMulV2" &&
         (op == "MatMul" || op == "BatchMatMul" || op == "BatchMatMulV2");
}

std::string_view to_string(BankFileKind kind) noexcept {
  return kind == BankFileKind::runtime_kb ? "runtime_kb" : "gradient_fusion";
}

std::string canonical_value(const BankValue& value) {
  switch (value.kind) {
    case BankValue::Kind::integer:
    case BankValue::Kind::floating: {
      // By value: 1, 1.0 and 1.000000 are one number to the runtime's JSON.
      double d = 0;
      const char* first = value.text.data();
      const auto [end, ec] = std::from_chars(first, first + value.text.size(), d);
      if (ec != std::errc{} || !std::isfinite(d)) return "n" + value.text;
      if (value.kind == BankValue::Kind::integer && std::abs(d) >= kExactDouble)
        return "n" + value.text;  // beyond a double's exact integers: as written
      if (d == std::trunc(d) && std::abs(d) < kExactDouble)
        return fmt::format("n{}", static_cast<long long>(d));
      return fmt::format("n{}", d == 0 ? 0.0 : d);
    }
    case BankValue::Kind::boolean:
      return value.text == "true" ? "t" : "f";
    case BankValue::Kind::null:
      return "z";
    case BankValue::Kind::string:
      return "s" + value.text;
    case BankValue::Kind::object:
    case BankValue::Kind::array:
      return "j" + value.text;
  }
  return value.text;
}

namespace {

std::uint64_t text_hash(std::string_view s) { return internal::bytes_hash(s); }

// An integer of a magnitude below 2^53, as `number_hash` hashes it.
std::uint64_t integer_hash(std::int64_t i) {
  return internal::mix64(static_cast<std::uint64_t>(i) ^ 0x1111);
}

// An entry's hash from its key's and its value's.
std::uint64_t combine_entry(std::uint64_t key_hash, std::uint64_t value_hash) {
  return internal::mix64(key_hash * 0x9e3779b97f4a7c15ULL + value_hash);
}

// A number by its value, as `canonical_value` compares it.
std::uint64_t number_hash(BankValue::Kind kind, std::string_view text) {
  const char* first = text.data();
  const char* last = first + text.size();
  if (kind == BankValue::Kind::integer) {
    std::int64_t i = 0;
    const auto [end, ec] = std::from_chars(first, last, i);
    if (ec == std::errc{} && end == last && i > -kExactInteger && i < kExactInteger)
      return integer_hash(i);
    return internal::mix64(text_hash(text) ^
                           0x2222);  // beyond a double's exact integers: as written
  }
  double d = 0;
  const auto [end, ec] = std::from_chars(first, last, d);
  if (ec != std::errc{} || !std::isfinite(d)) return internal::mix64(text_hash(text) ^ 0x2222);
  if (d == std::trunc(d) && std::abs(d) < static_cast<double>(kExactInteger))
    return integer_hash(static_cast<std::int64_t>(d));
  if (d == 0) d = 0;  // -0.0 is 0
  std::uint64_t bits = 0;
  std::memcpy(&bits, &d, sizeof bits);
  return internal::mix64(bits ^ 0x3333);
}

}  // namespace

std::uint64_t entry_hash(std::string_view key, BankValue::Kind kind, std::string_view text) {
  return internal::entry_hash_keyed(text_hash(key), kind, text);
}

std::uint64_t internal::entry_hash_keyed(std::uint64_t key_hash, BankValue::Kind kind,
                                         std::string_view text) {
  std::uint64_t value = 0;
  switch (kind) {
    case BankValue::Kind::integer:
    case BankValue::Kind::floating:
      value = number_hash(kind, text);
      break;
    case BankValue::Kind::boolean:
      value = text == "true" ? 0x4444 : 0x5555;
      break;
    case BankValue::Kind::null:
      value = 0x6666;
      break;
    case BankValue::Kind::string:
      value = internal::mix64(text_hash(text) ^ 0x7777);
      break;
    case BankValue::Kind::object:
    case BankValue::Kind::array:
      value = internal::mix64(text_hash(text) ^ 0x8888);
      break;
  }
  return combine_entry(key_hash, value);
}

std::uint64_t internal::entry_hash_integer(std::uint64_t key_hash, std::int64_t value) noexcept {
  return combine_entry(key_hash, integer_hash(value));
}

std::uint64_t info_dict_hash(const std::vector<BankEntry>& entries) {
  std::uint64_t sum = 0;
  for (const BankEntry& e : entries) sum += entry_hash(e.key, e.value.kind, e.value.text);
  return internal::shape_hash(sum, entries.size());
}

std::string info_dict_key(const std::vector<BankEntry>& entries) {
  std::vector<std::string> parts;
  parts.reserve(entries.size());
  for (const BankEntry& e : entries) {
    parts.push_back(e.key + '\x1f' + canonical_value(e.value));
  }
  std::sort(parts.begin(), parts.end());
  std::string key;
  for (const std::string& p : parts) {
    key += p;
    key += '\x1e';
  }
  return key;
}

std::string value_json(const BankValue& value) {
  return value.kind == BankValue::Kind::string ? quote_name(value.text) : value.text;
}

std::string entries_json(const std::vector<BankEntry>& entries) {
  std::string out = "{";
  for (const BankEntry& e : entries) {
    if (out.size() > 1) out += ", ";
    out += quote_name(e.key);
    out += ": ";
    out += value_json(e.value);
  }
  out += '}';
  return out;
}

}  // namespace aoe
