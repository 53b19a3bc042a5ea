// Client text on its way into a log line or onto another player's screen.
#include <gtest/gtest.h>

#include "server/text/log_safe.hpp"
#include "server/text/player_text.hpp"
#include "server/text/utf8_scan.hpp"

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

namespace {

/// `c` as UTF-8.
std::string utf8(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

struct unseen {
  char32_t code_point;
  const char* what;
};

// Each was carried by `say` from one player to another before it was stripped (issue 25).
constexpr unseen invisible_between_players[] = {
    {0x2028, "line separator"},
    {0x2029, "paragraph separator"},
    {0x115F, "Hangul choseong filler"},
    {0x1160, "Hangul jungseong filler"},
    {0x3164, "Hangul filler"},
    {0xFFA0, "halfwidth Hangul filler"},
    {0x2800, "braille pattern blank"},
    {0x034F, "combining grapheme joiner"},
    {0x00AD, "soft hyphen"},
    {0xFFF9, "interlinear annotation anchor"},
    {0xFFFA, "interlinear annotation separator"},
    {0xFFFB, "interlinear annotation terminator"},
    {0xE0001, "language tag"},
    {0xE0020, "tag space"},
    {0xE0041, "tag latin capital A"},
    {0xE007F, "cancel tag"},
    {0xFE0F, "variation selector 16"},
    {0xFE00, "variation selector 1"},
    {0xE0100, "variation selector 17"},
    {0x180B, "Mongolian free variation selector"},
    {0x206A, "inhibit symmetric swapping"},
    {0x17B4, "Khmer vowel inherent aq"},
    {0x1D173, "musical symbol begin beam"},
    {0x200B, "zero-width space"},
    {0x202E, "right-to-left override"},
    {0x2066, "left-to-right isolate"},
    {0xFEFF, "zero-width no-break space"},
};

}  // namespace

TEST(PlayerText, StripsEveryInvisibleCharacterFoundBetweenPlayers) {
  for (const unseen& u : invisible_between_players) {
    EXPECT_EQ(player_text("visible" + utf8(u.code_point) + "end"), "visibleend") << u.what;
    EXPECT_TRUE(dw::text::is_invisible_format(u.code_point)) << u.what;
  }
  // Text hidden in tag characters: "visible end" plus six invisible characters, as a line showed it.
  std::string hidden = "visible end";
  for (char c : std::string("secret")) {
    hidden += utf8(0xE0000 + static_cast<char32_t>(c));
  }
  EXPECT_EQ(player_text(hidden), "visible end");
}

TEST(PlayerText, KeepsVisibleTextOfEveryScript) {
  const std::string kept[] = {
      "caf\xc3\xa9",                                   // é precomposed
      "e" + utf8(0x0323) + utf8(0x0302),               // ệ decomposed: two marks
      utf8(0x0915) + utf8(0x093F),                     // Devanagari कि
      utf8(0x0E01) + utf8(0x0E35) + utf8(0x0E48),      // Thai: a consonant, a vowel and a tone mark
      utf8(0x05E9) + utf8(0x05C1) + utf8(0x05BC),      // Hebrew shin with two points
      utf8(0x4F60) + utf8(0x597D),                     // 你好
      utf8(0x1F409),                                   // a dragon
      "a" + utf8(0x3000) + "b",                        // ideographic space is visible spacing
      utf8(0xAC00),                                    // Hangul syllable
  };
  for (const std::string& text : kept) {
    EXPECT_EQ(player_text(text), text);
  }
}

TEST(PlayerText, CapsCombiningMarksOnEachLetter) {
  std::string zalgo = "a";
  for (int i = 0; i < 1080; ++i) {
    zalgo += utf8(0x0301 + static_cast<char32_t>(i % 40));
  }
  zalgo += "b";
  const std::string out = player_text(zalgo);
  const std::size_t marks_kept = dw::text::max_marks_per_letter;
  EXPECT_EQ(out, "a" + utf8(0x0301) + utf8(0x0302) + utf8(0x0303) + "b");
  EXPECT_EQ(marks_kept, 3U);
  // The count starts again at each letter, and marks of other blocks count too.
  const std::string two = "x" + utf8(0x20D0) + utf8(0x1DC0) + utf8(0xFE20) + utf8(0x1AB0) + "y" + utf8(0x0301);
  EXPECT_EQ(player_text(two), "x" + utf8(0x20D0) + utf8(0x1DC0) + utf8(0xFE20) + "y" + utf8(0x0301));
  // Stripped invisible characters between marks do not reset the count.
  std::string sneaky = "o";
  for (int i = 0; i < 10; ++i) {
    sneaky += utf8(0x0308) + utf8(0x200B);
  }
  EXPECT_EQ(player_text(sneaky), "o" + utf8(0x0308) + utf8(0x0308) + utf8(0x0308));
}
