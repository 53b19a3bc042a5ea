// The names a crowded room lists: counts with thousands separators, "and" before the last, the rest counted.
#include "server/game/places/crowd_text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using dw::game::count_text;
using dw::game::name_list;
using dw::game::others_text;

TEST(CrowdText, CountsHaveThousandsSeparators) {
  EXPECT_EQ(count_text(0), "0");
  EXPECT_EQ(count_text(7), "7");
  EXPECT_EQ(count_text(999), "999");
  EXPECT_EQ(count_text(1000), "1,000");
  EXPECT_EQ(count_text(2997), "2,997");
  EXPECT_EQ(count_text(1234567), "1,234,567");
  EXPECT_EQ(others_text(1), "1 other");
  EXPECT_EQ(others_text(2997), "2,997 others");
}

TEST(CrowdText, LookLineKeepsItsCommasAndCountsTheRest) {
  const std::vector<std::string> three = {"Ann", "Bob", "Cleo"};
  EXPECT_EQ(name_list(three, 0, false), "Ann, Bob, Cleo");
  EXPECT_EQ(name_list(three, 2997, false), "Ann, Bob, Cleo and 2,997 others");
  EXPECT_EQ(name_list(std::span(three).first(1), 1, false), "Ann and 1 other");
}

TEST(CrowdText, NewsLineSaysAndBeforeTheLast) {
  const std::vector<std::string> names = {"Ann", "Bob"};
  EXPECT_EQ(name_list(std::span(names).first(1), 0, true), "Ann");
  EXPECT_EQ(name_list(names, 0, true), "Ann and Bob");
  EXPECT_EQ(name_list(names, 14, true), "Ann, Bob and 14 others");
  EXPECT_EQ(name_list({}, 3, true), "3 others");
}
