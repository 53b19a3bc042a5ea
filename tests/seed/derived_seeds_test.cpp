// The seeds dungeon/ and content/ derive through seed::mix64, pinned to the values the two modules'
// separate mixers gave before they shared one: saved worlds must regenerate bit for bit.
#include <gtest/gtest.h>

#include <cstdint>

#include "content/tape.hpp"
#include "dungeon/random.hpp"

namespace dw {
namespace {

TEST(DerivedSeeds, BranchSeedsAreUnchanged) {
  EXPECT_EQ(dungeon::branch_seed(0, 0), 0x681665ba25a40446ULL);
  EXPECT_EQ(dungeon::branch_seed(20261122, 1), 0x8a26f60516ed40ddULL);
  EXPECT_EQ(dungeon::branch_seed(~std::uint64_t{0}, 12345), 0x796eedae32e6c523ULL);
}

TEST(DerivedSeeds, RoomSeedsAreUnchanged) {
  EXPECT_EQ(dungeon::room_seed(0, dungeon::coord{0, 0}), 0xa706dd2f4d197e6fULL);
  EXPECT_EQ(dungeon::room_seed(dungeon::branch_seed(20261122, 1), dungeon::coord{3, -4}), 0xd5cd627df2ea7974ULL);
  EXPECT_EQ(dungeon::room_seed(0xFEEDFACECAFEBEEFULL, dungeon::coord{-100, 250}), 0xb651eddf1a761fbbULL);
}

TEST(DerivedSeeds, Splitmix64DrawsAreUnchanged) {
  dungeon::splitmix64 rng{42};
  EXPECT_EQ(rng.next(), 0xbdd732262feb6e95ULL);
  EXPECT_EQ(rng.next(), 0x28efe333b266f103ULL);
  EXPECT_EQ(rng.next(), 0x47526757130f9f52ULL);
  dungeon::splitmix64 again{42};
  EXPECT_EQ(dungeon::bounded(again, 1000), 413U);
  EXPECT_EQ(dungeon::bounded(again, 1000), 291U);
  EXPECT_EQ(dungeon::bounded(again, 7), 0U);
}

TEST(DerivedSeeds, ContentTapesAreUnchanged) {
  EXPECT_EQ(content::tape(123456789).bits(1000), 0x4a73ee43cff21792ULL);
  EXPECT_EQ(content::tape(~std::uint64_t{0}).bits(0), 0xf2c27ef86a95b080ULL);
  EXPECT_EQ(content::tape(123456789).at(3), 0.43820619993727439);
  EXPECT_EQ(content::tape_seed(0, 0, 0, 0), 0x6e0d63b867c1bd32ULL);
  EXPECT_EQ(content::tape_seed(0xFEEDFACECAFEBEEFULL, 77, -1, 1), 0xd6394d4a03811cdaULL);
}

}  // namespace
}  // namespace dw
