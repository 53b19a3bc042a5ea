// Plurals of the things players carry and buy, for counted lists.
#include <gtest/gtest.h>

#include "content/content_tables.hpp"
#include "content/plural.hpp"
#include "content_test_support.hpp"

using dw::content::counted;
using dw::content::plural_of;

TEST(Plural, TheHeadNounTakesTheEnding) {
  EXPECT_EQ(plural_of("a healing draught"), "healing draughts");
  EXPECT_EQ(plural_of("a linen bandage"), "linen bandages");
  EXPECT_EQ(plural_of("a coat of scale mail"), "coats of scale mail");
  EXPECT_EQ(plural_of("a rusty knife"), "rusty knives");
  EXPECT_EQ(plural_of("a plate harness"), "plate harnesses");
  EXPECT_EQ(plural_of("an ornate wooden scroll tube"), "ornate wooden scroll tubes");
  EXPECT_EQ(plural_of("a shadow-weave cloak"), "shadow-weave cloaks");
  EXPECT_EQ(plural_of("a berry"), "berries");
  EXPECT_EQ(plural_of("a key"), "keys");
  EXPECT_EQ(plural_of("torch"), "torches");
}

TEST(Plural, CountedSaysOneAsTheNameAndMoreWithTheNumber) {
  EXPECT_EQ(counted(1, "a healing draught"), "a healing draught");
  EXPECT_EQ(counted(2, "a healing draught"), "2 healing draughts");
  EXPECT_EQ(counted(12, "a brass lantern"), "12 brass lanterns");
}

TEST(Plural, EveryWareTheMerchantSellsHasAPluralEndingInS) {
  const dw::content::content_tables tables = dw::content::testing::real_tables();
  for (const auto& s : tables.merchant.supplies) {
    EXPECT_TRUE(plural_of(s.name).ends_with("s")) << s.name;
  }
  for (const auto& w : tables.weapons) {
    EXPECT_TRUE(plural_of(w.name).ends_with("s")) << w.name;
  }
}
