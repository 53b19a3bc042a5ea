#include "server/telnet/utf8_decoder.hpp"

#include <gtest/gtest.h>

#include <string>

namespace dw::telnet {
namespace {

std::string sanitised(std::string_view bytes) {
  std::string out;
  append_sanitised_utf8(bytes, out);
  return out;
}

TEST(Utf8Decoder, PassesValidCharactersOfEveryLength) {
  const std::string text = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";  // a é € 😀
  EXPECT_TRUE(is_valid_utf8(text));
  EXPECT_EQ(sanitised(text), text);
}

TEST(Utf8Decoder, ReportsCodePoints) {
  utf8_decoder decoder;
  EXPECT_EQ(decoder.push(0xF0), utf8_step::pending);
  EXPECT_EQ(decoder.push(0x9F), utf8_step::pending);
  EXPECT_EQ(decoder.push(0x98), utf8_step::pending);
  EXPECT_TRUE(decoder.mid_sequence());
  EXPECT_EQ(decoder.push(0x80), utf8_step::done);
  EXPECT_EQ(decoder.code_point(), U'\U0001F600');
  EXPECT_EQ(decoder.sequence(), "\xF0\x9F\x98\x80");
}

TEST(Utf8Decoder, ReplacesOverlongs) {
  EXPECT_FALSE(is_valid_utf8("\xC0\xAF"));
  EXPECT_FALSE(is_valid_utf8("\xE0\x80\xAF"));
  EXPECT_FALSE(is_valid_utf8("\xF0\x80\x80\xAF"));
  EXPECT_EQ(sanitised("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(Utf8Decoder, ReplacesSurrogatesAndCodePointsPastTheLastPlane) {
  EXPECT_FALSE(is_valid_utf8("\xED\xA0\x80"));      // U+D800
  EXPECT_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // U+110000
  EXPECT_FALSE(is_valid_utf8("\xF5\x80\x80\x80"));
  EXPECT_TRUE(is_valid_utf8("\xF4\x8F\xBF\xBF"));  // U+10FFFF
  EXPECT_TRUE(is_valid_utf8("\xED\x9F\xBF"));      // U+D7FF
}

TEST(Utf8Decoder, ByteFFBecomesReplacementCharacter) {
  EXPECT_EQ(sanitised("a\xFF" "b"), "a\xEF\xBF\xBD" "b");
}

TEST(Utf8Decoder, BrokenSequenceKeepsTheByteThatBrokeIt) {
  // E2 82 starts a three-byte character; 'x' ends it early and must survive.
  EXPECT_EQ(sanitised("\xE2\x82x"), "\xEF\xBF\xBDx");
  // A new lead byte in the middle of a character starts the next one.
  EXPECT_EQ(sanitised("\xE2\xC3\xA9"), "\xEF\xBF\xBD\xC3\xA9");
}

TEST(Utf8Decoder, TruncatedSequenceAtTheEndIsReplaced) {
  EXPECT_FALSE(is_valid_utf8("ok\xE2\x82"));
  EXPECT_EQ(sanitised("ok\xE2\x82"), "ok\xEF\xBF\xBD");
}

}  // namespace
}  // namespace dw::telnet
