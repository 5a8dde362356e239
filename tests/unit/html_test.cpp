// SPDX-License-Identifier: Apache-2.0
#include "text/html.hpp"

#include <stdexcept>

#include <gtest/gtest.h>

namespace aoe::cli::html {
namespace {

TEST(HtmlEscape, MarkupBecomesText) {
  EXPECT_EQ(escape("<img src=x onerror=alert(1)>"), "&lt;img src=x onerror=alert(1)&gt;");
  EXPECT_EQ(escape("\"><script>alert(1)</script>"),
            "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(escape("a&b 'q'"), "a&amp;b &#39;q&#39;");
  EXPECT_EQ(escape("卷积_Conv2D"), "卷积_Conv2D");
}

TEST(HtmlEscape, ControlCharactersShownEscapedAsInText) {
  EXPECT_EQ(escape("a\x1b[31mb"), "a\\x1b[31mb");
  EXPECT_EQ(escape("nul\x01"), "nul\\x01");
  EXPECT_EQ(escape("line\nbreak"), "line\\nbreak");
  EXPECT_EQ(escape("bidi\xe2\x80\xae"), "bidi\\u202e");
  EXPECT_EQ(escape("bad\xff<"), "bad\\xff&lt;");
}

// A blank other than the space in a name is shown (`a<NBSP>b` looked like
// `a b` on the page); the no-break space the page puts between a number
// and its unit is kept.
TEST(HtmlEscape, BlanksShownButTheUnitsNoBreakSpaceKept) {
  EXPECT_EQ(escape("a\u00a0b"), "a\\u00a0b");
  EXPECT_EQ(escape("i\u3000s \u2800"), "i\\u3000s \\u2800");
  EXPECT_EQ(escape("1,234.5\u00a0\u00b5s"), "1,234.5\u00a0\u00b5s");
}

TEST(HtmlWriter, EscapesTextAndAttributes) {
  Writer w;
  w.open("td", {{"title", "\"><script>x</script>"}, {"data-v", "1.5"}}).text("<b>").close("td");
  EXPECT_EQ(std::move(w).finish(),
            "<td title=\"&quot;&gt;&lt;script&gt;x&lt;/script&gt;\" data-v=\"1.5\">&lt;b&gt;</td>");
}

TEST(HtmlWriter, ElementsAndVoidElements) {
  Writer w;
  w.void_element("meta", {{"charset", "utf-8"}}).element("p", "a < b", {{"class", "note"}});
  EXPECT_EQ(std::move(w).finish(), "<meta charset=\"utf-8\"><p class=\"note\">a &lt; b</p>");
}

TEST(HtmlWriter, NestingIsChecked) {
  Writer w;
  w.open("table").open("tr");
  EXPECT_EQ(w.open_elements().size(), 2U);
  EXPECT_THROW(w.close("table"), std::logic_error);
  w.close("tr").close("table");
  EXPECT_THROW(w.close("table"), std::logic_error);
  Writer open;
  open.open("div");
  EXPECT_THROW((void)std::move(open).finish(), std::logic_error);
}

TEST(HtmlWriter, BreakableTextBreaksAtSeamsAndEscapes) {
  Writer w;
  w.breakable_text("a/b_<c>&", "/_");
  EXPECT_EQ(std::move(w).finish(), "a/<wbr>b_<wbr>&lt;c&gt;&amp;");
  Writer end;
  end.breakable_text("x_", "_");  // nothing follows: no break
  EXPECT_EQ(std::move(end).finish(), "x_");
  Writer none;
  none.breakable_text("", "_");
  EXPECT_EQ(std::move(none).finish(), "");
}

}  // namespace
}  // namespace aoe::cli::html
