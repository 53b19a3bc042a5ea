// Directions, coordinates, depth, the generator and the room table.
#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <set>

#include "dungeon/coord.hpp"
#include "dungeon/direction.hpp"
#include "dungeon/random.hpp"
#include "dungeon/room_table.hpp"

namespace dw::dungeon {
namespace {

TEST(Direction, OppositeAndShift) {
  EXPECT_EQ(opposite(direction::north), direction::south);
  EXPECT_EQ(opposite(direction::east), direction::west);
  EXPECT_EQ(opposite(direction::south), direction::north);
  EXPECT_EQ(opposite(direction::west), direction::east);
  EXPECT_EQ(shift(direction::north), (coord{0, 1}));
  EXPECT_EQ(shift(direction::east), (coord{1, 0}));
  EXPECT_EQ(shift(direction::south), (coord{0, -1}));
  EXPECT_EQ(shift(direction::west), (coord{-1, 0}));
  for (direction d : all_directions) {
    EXPECT_EQ(step(*step(coord{5, -3}, d), opposite(d)), (coord{5, -3}));
  }
}

TEST(Direction, StepOffTheGridIsRefused) {
  constexpr std::int32_t max = std::numeric_limits<std::int32_t>::max();
  constexpr std::int32_t min = std::numeric_limits<std::int32_t>::min();
  EXPECT_FALSE(step({max, 0}, direction::east).has_value());
  EXPECT_FALSE(step({0, min}, direction::south).has_value());
  EXPECT_TRUE(step({max, 0}, direction::west).has_value());
}

TEST(Direction, NamesAndParsing) {
  EXPECT_EQ(name(direction::east), "east");
  EXPECT_EQ(letter(direction::west), 'w');
  EXPECT_EQ(parse_direction("n"), direction::north);
  EXPECT_EQ(parse_direction(" South "), direction::south);
  EXPECT_EQ(parse_direction("E"), direction::east);
  EXPECT_EQ(parse_direction("west"), direction::west);
  EXPECT_FALSE(parse_direction("up").has_value());
  EXPECT_FALSE(parse_direction("").has_value());
  EXPECT_FALSE(parse_direction("no").has_value());
}

TEST(Depth, SmallCoordinates) {
  EXPECT_EQ(depth_of({0, 0}), 0);
  EXPECT_EQ(depth_of({1, 0}), 1);
  EXPECT_EQ(depth_of({1, 1}), 1);
  EXPECT_EQ(depth_of({3, 4}), 5);
  EXPECT_EQ(depth_of({-3, -4}), 5);
  EXPECT_EQ(depth_of({4, 4}), 5);
  EXPECT_EQ(depth_of({-7, 0}), 7);
}

TEST(Depth, ExactAtTheEdgesOfTheGrid) {
  constexpr std::int32_t max = std::numeric_limits<std::int32_t>::max();
  constexpr std::int32_t min = std::numeric_limits<std::int32_t>::min();
  EXPECT_EQ(depth_of({min, min}), 3037000499);  // floor(2^31.5)
  EXPECT_EQ(depth_of({max, 0}), max);
  EXPECT_EQ(depth_of({max, 1}), max);
  EXPECT_EQ(depth_of({min, 0}), 2147483648LL);
  // Just below a perfect square, where a double's rounding would answer one too many.
  const std::uint64_t r = 3037000498;
  EXPECT_EQ(isqrt(r * r - 1), r - 1);
  EXPECT_EQ(isqrt(r * r), r);
  for (std::uint64_t n : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{1} << 62,
                          (std::uint64_t{1} << 63) - 1, std::uint64_t{1} << 63, std::uint64_t{999999999999}}) {
    const std::uint64_t s = isqrt(n);
    EXPECT_LE(s * s, n);
    EXPECT_GT((s + 1) * (s + 1), n);
  }
}

TEST(Random, Splitmix64MatchesTheReferenceSequence) {
  // Pins the algorithm: generated dungeons must not change with the platform or a refactoring.
  splitmix64 rng{0};
  EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFULL);
  EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ULL);
}

TEST(Random, BoundedStaysInRangeAndCoversIt) {
  splitmix64 rng{7};
  std::array<int, 7> counts{};
  for (int i = 0; i < 7000; ++i) {
    const std::uint64_t v = bounded(rng, 7);
    ASSERT_LT(v, 7U);
    ++counts[v];
  }
  for (int c : counts) {
    EXPECT_GT(c, 800);
    EXPECT_LT(c, 1200);
  }
  EXPECT_EQ(bounded(rng, 1), 0U);
}

TEST(Random, SeedsDependOnEveryInput) {
  EXPECT_NE(branch_seed(1, 1), branch_seed(1, 2));
  EXPECT_NE(branch_seed(1, 1), branch_seed(2, 1));
  EXPECT_EQ(branch_seed(5, 9), branch_seed(5, 9));
  EXPECT_NE(room_seed(3, {1, 2}), room_seed(3, {2, 1}));
  EXPECT_NE(room_seed(3, {1, 2}), room_seed(4, {1, 2}));
}

TEST(RoomTable, InsertFindAndGrow) {
  room_table t;
  std::set<std::uint64_t> keys;
  for (std::int32_t x = -40; x <= 40; ++x) {
    for (std::int32_t y = -40; y <= 40; ++y) {
      if (x == 0 && y == 0) {
        continue;
      }
      room_slot& s = t.insert({x, y});
      s.id = static_cast<room_id>((x + 100) * 1000 + (y + 100));
    }
  }
  EXPECT_EQ(t.size(), 81U * 81U - 1U);
  for (std::int32_t x = -40; x <= 40; ++x) {
    for (std::int32_t y = -40; y <= 40; ++y) {
      const room_slot* s = t.find({x, y});
      if (x == 0 && y == 0) {
        EXPECT_EQ(s, nullptr);
        continue;
      }
      ASSERT_NE(s, nullptr);
      EXPECT_EQ(s->id, static_cast<room_id>((x + 100) * 1000 + (y + 100)));
      EXPECT_EQ(s->pos(), (coord{x, y}));
    }
  }
  EXPECT_EQ(t.find({41, 0}), nullptr);
  EXPECT_LE(t.memory_bytes(), t.size() * sizeof(room_slot) * 3);
}

TEST(RoomTable, ReserveKeepsSlotsInPlace) {
  room_table t;
  t.insert({1, 1});
  t.reserve(t.size() + 100);
  const room_slot* before = t.find({1, 1});
  for (std::int32_t i = 2; i < 102; ++i) {
    t.insert({i, i});
  }
  EXPECT_EQ(t.find({1, 1}), before);
}

TEST(RoomTable, ReleaseEmptiesAndFreesAndStaysUsable) {
  room_table t;
  t.insert({1, 2});
  t.release();
  EXPECT_EQ(t.size(), 0U);
  EXPECT_EQ(t.memory_bytes(), 0U);
  EXPECT_EQ(t.find({1, 2}), nullptr);
  t.insert({1, 2});
  EXPECT_NE(t.find({1, 2}), nullptr);
}

TEST(RoomTable, RejectsTheStartPosition) { EXPECT_THROW(room_table{}.insert({0, 0}), std::invalid_argument); }

}  // namespace
}  // namespace dw::dungeon
