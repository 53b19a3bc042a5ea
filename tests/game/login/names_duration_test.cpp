// The pure rules a client's text meets first: name shapes, canonical names, durations.
#include <gtest/gtest.h>

#include "server/game/administration/duration.hpp"
#include "server/game/roster/names.hpp"

using namespace dw::game;

namespace {
std::int64_t seconds(std::string_view text) {
  const auto parsed = parse_duration(text);
  const auto* s = std::get_if<std::int64_t>(&parsed);
  return s == nullptr ? -1 : *s;
}
std::string why(std::string_view text) {
  const auto parsed = parse_duration(text);
  const auto* e = std::get_if<duration_error>(&parsed);
  return e == nullptr ? std::string() : e->why;
}
}  // namespace

TEST(Names, ShapeIsThreeToTwentyAsciiLetters) {
  EXPECT_TRUE(is_name_shaped("Ann"));
  EXPECT_TRUE(is_name_shaped("abcdefghijklmnopqrst"));
  EXPECT_FALSE(is_name_shaped("Al"));
  EXPECT_FALSE(is_name_shaped("abcdefghijklmnopqrstu"));
  EXPECT_FALSE(is_name_shaped("*ounder"));
  EXPECT_FALSE(is_name_shaped("Ann1"));
  EXPECT_FALSE(is_name_shaped("An n"));
  EXPECT_FALSE(is_name_shaped("\xc3\xa9tienne"));
}

TEST(Names, CanonicalNameNeverShiftsANonLetterIntoAControlCharacter) {
  EXPECT_EQ(canonical_name("aNN"), "Ann");
  // These used to become "\nounder", "\rounder" and ESC: the first byte was shifted blindly.
  EXPECT_EQ(canonical_name("*ounder"), "*ounder");
  EXPECT_EQ(canonical_name("-ounder"), "-ounder");
  EXPECT_EQ(canonical_name(";[31m"), ";[31m");
  for (int c = 0; c < 256; ++c) {
    const std::string one(1, static_cast<char>(c));
    const std::string out = canonical_name(one + "bc");
    const auto first = static_cast<unsigned char>(out[0]);
    if (c >= 0x20 && c != 0x7f) {
      EXPECT_TRUE(first >= 0x20 && first != 0x7f) << "byte " << c << " became " << static_cast<int>(first);
    }
  }
}

TEST(Names, ReservedWordsAndPasswords) {
  EXPECT_TRUE(check_name("Admin").has_value());
  EXPECT_FALSE(check_name("Dora").has_value());
  EXPECT_TRUE(check_password("short").has_value());
  EXPECT_FALSE(check_password("longenough").has_value());
  EXPECT_TRUE(check_password(std::string(257, 'x')).has_value());
}

TEST(Durations, UnitsAndForGood) {
  EXPECT_EQ(seconds("90s"), 90);
  EXPECT_EQ(seconds("30m"), 1800);
  EXPECT_EQ(seconds("2h"), 7200);
  EXPECT_EQ(seconds("2H"), 7200);
  EXPECT_EQ(seconds("7d"), 7 * 86400);
  EXPECT_EQ(seconds("3w"), 21 * 86400);
  EXPECT_EQ(seconds("none"), 0);
  EXPECT_EQ(seconds("forever"), 0);
}

TEST(Durations, NonsenseIsRefusedWithAReason) {
  for (std::string_view bad : {"soon", "-5m", "0m", "5", "m", "5x", "1.5h", "", "+3d"}) {
    EXPECT_EQ(seconds(bad), -1) << bad;
    EXPECT_NE(why(bad), "") << bad;
  }
}

TEST(Durations, OutOfRangeIsRefusedNotWrappedAround) {
  // 15250284452473 weeks overflows a 64-bit count of seconds: it used to ban nobody, silently.
  EXPECT_EQ(seconds("15250284452473w"), -1);
  EXPECT_NE(why("15250284452473w").find("longest span"), std::string::npos);
  EXPECT_EQ(seconds("99999999999999999999999s"), -1);
  EXPECT_NE(why("99999999999999999999999s").find("longest span"), std::string::npos);
  EXPECT_EQ(seconds("5218w"), -1);  // just over 100 years
  EXPECT_EQ(seconds("5214w"), 5214LL * 7 * 86400);
  EXPECT_EQ(seconds(std::to_string(max_duration_seconds) + "s"), max_duration_seconds);
  EXPECT_EQ(seconds(std::to_string(max_duration_seconds + 1) + "s"), -1);
}
