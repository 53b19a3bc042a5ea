// Thousands of random walks; every invariant is checked after every step.
#include <gtest/gtest.h>

#include "tests/dungeon/random_walk.hpp"

namespace dw::dungeon::testing {
namespace {

constexpr std::uint64_t worlds = 10;
constexpr std::uint64_t walks_per_world = 100;
constexpr int steps = 300;

void walk_many(std::uint32_t budget) {
  std::size_t spawned = 0;
  std::size_t branches = 0;
  std::size_t collapsed = 0;
  std::size_t blocked = 0;
  std::size_t one_way = 0;
  for (std::uint64_t world = 1; world <= worlds; ++world) {
    for (std::uint64_t walk = 1; walk <= walks_per_world; ++walk) {
      const walk_options options{world * 1000 + budget, budget, walk, steps, true, -1};
      const walk_outcome out = random_walk(options);
      ASSERT_TRUE(out.violations.empty())
          << "budget " << budget << " world " << world << " walk " << walk << ": " << out.violations.front();
      spawned += out.spawned;
      branches += out.branches_created;
      collapsed += out.collapsed;
      blocked += out.blocked;
      one_way += out.one_way_exits;
    }
  }
  // The walks must actually exercise growth, several branches, collapse, blocking and closed loops.
  constexpr std::size_t walks = worlds * walks_per_world;
  EXPECT_GT(spawned, walks * 20);
  EXPECT_GT(branches, walks + walks / 4);
  EXPECT_GT(collapsed, 0U);
  EXPECT_GT(blocked, walks);
  if (budget >= 2) {
    EXPECT_GT(one_way, walks / 10);
  } else {
    // One open exit at a time: no second exit can point at the spawned coordinate.
    EXPECT_EQ(one_way, 0U);
  }
}

TEST(DungeonProperty, RandomWalksKeepEveryInvariantBudget1) { walk_many(1); }
TEST(DungeonProperty, RandomWalksKeepEveryInvariantBudget2) { walk_many(2); }
TEST(DungeonProperty, RandomWalksKeepEveryInvariantBudget4) { walk_many(4); }
TEST(DungeonProperty, RandomWalksKeepEveryInvariantBudget8) { walk_many(8); }

TEST(DungeonProperty, RandomWalksWithEvictionKeepEveryInvariant) {
  for (std::uint32_t budget : {1U, 4U}) {
    for (std::uint64_t walk = 1; walk <= 40; ++walk) {
      const walk_options options{walk, budget, walk * 7, 200, true, 60};
      const walk_outcome out = random_walk(options);
      ASSERT_TRUE(out.violations.empty()) << out.violations.front();
    }
  }
}

}  // namespace
}  // namespace dw::dungeon::testing
