// ASCII stand-ins for clients that cannot show UTF-8.
#include "server/telnet/ascii_fallback.hpp"

#include <gtest/gtest.h>

namespace dw::telnet {
namespace {

std::string fallback(std::string_view text) {
  std::string out;
  append_ascii_fallback(text, out);
  return out;
}

TEST(AsciiFallback, AsciiPassesUnchanged) {
  EXPECT_EQ(fallback("Plain text, \x1b[1mbold\x1b[0m.\n"), "Plain text, \x1b[1mbold\x1b[0m.\n");
  EXPECT_EQ(fallback(""), "");
}

TEST(AsciiFallback, PunctuationHasStandIns) {
  EXPECT_EQ(fallback("a \xe2\x80\x94 b \xe2\x80\x93 c"), "a - b - c");                 // em and en dash
  EXPECT_EQ(fallback("it\xe2\x80\x99s \xe2\x80\x9cquoted\xe2\x80\x9d"), "it's \"quoted\"");  // curly quotes
  EXPECT_EQ(fallback("wait\xe2\x80\xa6"), "wait...");                               // ellipsis
  EXPECT_EQ(fallback("caf\xc3\xa9 \xc3\x85land"), "cafe Aland");                      // Latin-1 letters
  EXPECT_EQ(fallback("\xe2\x86\x92 north"), "-> north");
}

TEST(AsciiFallback, BoxDrawingBecomesLines) {
  EXPECT_EQ(fallback("\xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90"), "+-+");  // ┌─┐
  EXPECT_EQ(fallback("\xe2\x94\x82 \xe2\x95\x91"), "| |");             // │ ║
  EXPECT_EQ(fallback("\xe2\x95\x90\xe2\x94\xbc"), "-+");               // ═ ┼
}

TEST(AsciiFallback, EverythingElseIsAQuestionMark) {
  EXPECT_EQ(fallback("\xf0\x9f\x90\x89 dragon"), "? dragon");    // emoji: one ? per character
  EXPECT_EQ(fallback("\xe6\x97\xa5\xe6\x9c\xac"), "??");         // two CJK characters
  EXPECT_EQ(fallback("bad \xff\xc3 end"), "bad ?? end");         // malformed: one ? per byte
  EXPECT_EQ(fallback("cut \xe2\x80"), "cut ??");                 // truncated sequence
}

}  // namespace
}  // namespace dw::telnet
