// Client text on its way into a log line or onto another player's screen.
#include <gtest/gtest.h>

#include "server/text/log_safe.hpp"
#include "server/text/player_text.hpp"

using dw::text::log_safe;
using dw::text::player_text;

TEST(LogSafe, PrintableTextIsKept) {
  EXPECT_EQ(log_safe("Ann says hello"), "Ann says hello");
  EXPECT_EQ(log_safe("caf\xc3\xa9 \xf0\x9f\x90\x89"), "caf\xc3\xa9 \xf0\x9f\x90\x89");
}

TEST(LogSafe, ControlCharactersCannotForgeLinesOrColours) {
  EXPECT_EQ(log_safe("x\nlogin: founder"), "x\\nlogin: founder");
  EXPECT_EQ(log_safe("a\rb"), "a\\rb");
  EXPECT_EQ(log_safe("\x1b[31mred"), "\\e[31mred");
  EXPECT_EQ(log_safe(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(log_safe("\x7f"), "\\x7F");
  EXPECT_EQ(log_safe("\xc2\x9b" "31m"), "\\u{9B}31m");  // C1 CSI
}

TEST(LogSafe, BackslashesAreDoubledSoEscapesCannotBeForged) {
  EXPECT_EQ(log_safe("a\\nb"), "a\\\\nb");
}

TEST(LogSafe, BidiAndZeroWidthAndBadBytesAreVisible) {
  EXPECT_EQ(log_safe("\xe2\x80\xae" "abc"), "\\u{202E}abc");  // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(log_safe("a\xe2\x80\x8b" "b"), "a\\u{200B}b");    // ZERO WIDTH SPACE
  EXPECT_EQ(log_safe("\xff\xfe"), "\\xFF\\xFE");
  EXPECT_EQ(log_safe("\xc0\xaf"), "\\xC0\\xAF");              // overlong '/'
  EXPECT_EQ(log_safe("\xed\xa0\x80"), "\\xED\\xA0\\x80");     // surrogate
}

TEST(LogSafe, LongTextIsCutAndCounted) {
  const std::string long_text(1000, 'a');
  const std::string out = log_safe(long_text);
  EXPECT_EQ(out, std::string(200, 'a') + "...(+800 bytes)");
}

TEST(LogSafe, EveryByteValueComesOutPrintable) {
  for (int b = 0; b < 256; ++b) {
    const std::string out = log_safe(std::string(1, static_cast<char>(b)));
    for (char c : out) {
      const auto u = static_cast<unsigned char>(c);
      EXPECT_TRUE(u >= 0x20 && u < 0x7f) << "byte " << b << " gave " << static_cast<int>(u);
    }
  }
}

TEST(PlayerText, StripsBidiOverridesAndZeroWidthCharacters) {
  EXPECT_EQ(player_text("evil\xe2\x80\xae" "txt.exe"), "eviltxt.exe");
  EXPECT_EQ(player_text("a\xe2\x80\x8b" "b\xe2\x80\x8c" "c\xe2\x80\x8d" "d\xef\xbb\xbf" "e"), "abcde");
  EXPECT_EQ(player_text("\xe2\x81\xa6" "x" "\xe2\x81\xa9"), "x");  // LRI, PDI
  EXPECT_EQ(player_text("\xe2\x80\x8f" "rlm"), "rlm");
}

TEST(PlayerText, StripsControlsAndBadBytesKeepsVisibleText) {
  EXPECT_EQ(player_text("hi\x1b[2Jthere"), "hi[2Jthere");
  EXPECT_EQ(player_text("a\tb"), "a b");
  EXPECT_EQ(player_text("ok\xff"), "ok");
  EXPECT_EQ(player_text("caf\xc3\xa9 \xd1\x8f \xf0\x9f\x90\x89"), "caf\xc3\xa9 \xd1\x8f \xf0\x9f\x90\x89");
}
