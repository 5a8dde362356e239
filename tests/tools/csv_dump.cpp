// SPDX-License-Identifier: Apache-2.0
// The CSV tokenizer's records of standard input, fed CHUNK bytes at a
// time, one line each: "R" (or "U" for a quote left open) and every field
// after a 0x1f byte, its LF and CR written \n and \r. What
// csv_tokenizer_diff.py holds against Python's csv module.
//
//     aoe_result_csv_dump CHUNK < file.csv
#include <cstddef>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>

#include "profile/csv_tokenizer.hpp"

namespace {

class Dump final : public aoe::internal::CsvSink {
 public:
  void record(const aoe::internal::CsvRecord& r) override {
    std::cout << (r.unterminated_quote ? 'U' : 'R');
    for (const aoe::internal::CsvField& f : *r.fields) {
      std::cout << '\x1f';
      for (const char c : f.text) {
        if (c == '\n') {
          std::cout << "\\n";
        } else if (c == '\r') {
          std::cout << "\\r";
        } else {
          std::cout << c;
        }
      }
    }
    std::cout << '\n';
  }
};

}  // namespace

int main(int argc, char** argv) {
  const std::size_t chunk = argc > 1 ? std::stoul(argv[1]) : 65536;
  const std::string in((std::istreambuf_iterator<char>(std::cin)),
                       std::istreambuf_iterator<char>());
  aoe::internal::CsvTokenizer tokenizer(std::size_t{1} << 20, 1000);
  Dump dump;
  for (std::size_t i = 0; i < in.size(); i += chunk) {
    tokenizer.feed(std::string_view(in).substr(i, chunk), dump);
  }
  tokenizer.finish(dump);
  return 0;
}
