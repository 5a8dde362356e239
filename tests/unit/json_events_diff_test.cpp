// SPDX-License-Identifier: Apache-2.0
// The tokenizer against nlohmann (tests/fuzz/json_events_oracle.hpp) on
// every file of the test corpus (tests/data, docs/examples, the fuzz
// regressions), on prefixes of each (a file cut at many bytes) and on
// mutations (bytes replaced, deleted, inserted), read whole and in chunks.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "json_events_oracle.hpp"
#include "test_util.hpp"

namespace aoe {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> corpus() {
  std::vector<fs::path> files;
  for (const char* dir : {AOE_TEST_DATA_DIR, AOE_EXAMPLES_DIR, AOE_FUZZ_REGRESSIONS_DIR}) {
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      if (entry.is_regular_file()) files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

void expect_agree(const std::string& bytes, const std::string& what, std::size_t chunk = 0) {
  const auto diff = fuzz::compare_with_oracle(bytes, chunk);
  EXPECT_FALSE(diff) << what << ": " << diff.value_or("");
}

TEST(JsonEventsDiff, CorpusHasFiles) { EXPECT_GE(corpus().size(), 50U); }

TEST(JsonEventsDiff, EveryCorpusFileWholeAndInChunks) {
  for (const fs::path& file : corpus()) {
    const std::string bytes = test::slurp(file);
    for (std::size_t chunk : {0U, 1U, 2U, 3U, 7U, 64U, 4096U})
      expect_agree(bytes, file.string(), chunk);
  }
}

TEST(JsonEventsDiff, PrefixesOfEveryCorpusFile) {
  for (const fs::path& file : corpus()) {
    const std::string bytes = test::slurp(file);
    const std::size_t step = std::max<std::size_t>(1, bytes.size() / 400);
    for (std::size_t n = 0; n <= bytes.size(); n += step) {
      expect_agree(bytes.substr(0, n), file.string() + " cut at " + std::to_string(n), n % 5);
    }
  }
}

TEST(JsonEventsDiff, MutationsOfEveryCorpusFile) {
  static const std::string kBytes(
      "\"\\{}[],:0123456789eE+-. \n\ttrufalsn/ux\xff\xc3\xa9\xed\xa0\x80\xf4\x90\x01\x1f", 48);
  std::mt19937 rng(12);
  for (const fs::path& file : corpus()) {
    const std::string bytes = test::slurp(file);
    if (bytes.empty()) continue;
    for (int k = 0; k < 200; ++k) {
      std::string t = bytes;
      const std::size_t at = rng() % t.size();
      const char c = (k % 17 == 0) ? '\0' : kBytes[rng() % kBytes.size()];
      switch (rng() % 3) {
        case 0:
          t[at] = c;
          break;
        case 1:
          t.erase(at, 1 + rng() % 4);
          break;
        default:
          t.insert(at, 1, c);
          break;
      }
      expect_agree(t, file.string() + " mutation " + std::to_string(k),
                   k % 4 == 0 ? 1 + rng() % 9 : 0);
    }
  }
}

TEST(JsonEventsDiff, HandPickedEdges) {
  for (const char* text : {"",
                           " ",
                           "\xEF\xBB\xBF[]",
                           "\xEF\xBB",
                           "\xEF[]",
                           "0",
                           "-0",
                           "-",
                           "01",
                           "1.",
                           "1.e5",
                           "1e",
                           "1e+",
                           "-1e-400",
                           "1e400",
                           "-1e400",
                           "18446744073709551615",
                           "18446744073709551616",
                           "-9223372036854775808",
                           "-9223372036854775809",
                           "123456789012345678901234567890",
                           "1.7976931348623157e308",
                           "4.9e-324",
                           "2.4e-324",
                           "[1,]",
                           "[,1]",
                           "{\"a\" 1}",
                           "{\"a\":}",
                           "{,}",
                           "{\"a\":1,}",
                           "{1:2}",
                           "[1 2]",
                           "[] []",
                           "[]\0x",
                           "[]\0\0",
                           "\"\\u0000\"",
                           "\"\\ud83d\\ude00\"",
                           "\"\\ud83d\"",
                           "\"\\ud83dx\"",
                           "\"\\ud83d\\u0041\"",
                           "\"\\ude00\"",
                           "\"\\u12\"",
                           "\"\\x\"",
                           "\"\x7f\"",
                           "\"\xc2\x80\"",
                           "\"\xe0\x9f\x80\"",
                           "\"\xf0\x8f\xbf\xbf\"",
                           "\"\xf4\x8f\xbf\xbf\"",
                           "tru",
                           "trux",
                           "nul",
                           "nulll",
                           "[true,false,null]",
                           "{\"a\":{\"b\":[{}]}}",
                           "\"abc",
                           "[\"a\x01\"]",
                           "[\"\t\"]"}) {
    const std::string bytes(text, std::char_traits<char>::length(text));
    expect_agree(bytes, "'" + bytes + "'");
    expect_agree(bytes, "'" + bytes + "' in chunks of 1", 1);
  }
  const std::string with_nul("[1,\0]", 5);
  expect_agree(with_nul, "NUL after a comma");
  expect_agree(std::string(300, '[') + std::string(300, ']'), "deep");
  expect_agree("[\"" + std::string(100, 'x') + "\x01\"]", "long token before an error");
}

}  // namespace
}  // namespace aoe
