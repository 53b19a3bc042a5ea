#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "content/room_description.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

TEST(DescribeRoom, TheDepthChoosesTheBandAndTheDarknessNeverEnds) {
  const content_tables tables = real_tables();
  EXPECT_EQ(describe_room(tables, 0, 1).name, "Water-logged passage");
  EXPECT_EQ(describe_room(tables, 2, 1).name, "Water-logged passage");
  EXPECT_EQ(describe_room(tables, 3, 1).name, "Sunken cellar");
  EXPECT_EQ(describe_room(tables, 8, 1).name, "Root-choked burrow");
  EXPECT_EQ(describe_room(tables, 50, 1).name, "Stone hallway");
  EXPECT_EQ(describe_room(tables, 93, 1).name, "Furnished rooms");
  EXPECT_EQ(describe_room(tables, 99, 1).name, "Forgotten court");
  EXPECT_EQ(describe_room(tables, 100, 1).name, "Darkness");
  EXPECT_EQ(describe_room(tables, 1'000'000, 1).name, "Darkness");
  EXPECT_EQ(describe_room(tables, -3, 1).name, "Water-logged passage");
}

TEST(DescribeRoom, TheSeedChoosesAVariantRepeatablyAndEveryVariantIsUsed) {
  const content_tables tables = real_tables();
  for (const room_band& band : tables.rooms) {
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      const room_description d = describe_room(tables, band.min_depth, seed);
      EXPECT_EQ(d, describe_room(tables, band.min_depth, seed));
      EXPECT_NE(std::find(band.variants.begin(), band.variants.end(), d.description), band.variants.end());
      seen.insert(d.description);
    }
    EXPECT_EQ(seen.size(), band.variants.size()) << band.name;
  }
}

TEST(DescribeRoom, EveryBandHasThreeOrFourVariants) {
  const content_tables tables = real_tables();
  ASSERT_EQ(tables.rooms.size(), 22U);
  for (const room_band& band : tables.rooms) {
    EXPECT_GE(band.variants.size(), 3U) << band.name;
    EXPECT_LE(band.variants.size(), 4U) << band.name;
  }
}

}  // namespace
}  // namespace dw::content
