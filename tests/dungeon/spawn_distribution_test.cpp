// k must be uniform over its allowed range, and the chosen directions uniform among the candidates.
// Seeds are fixed, so these statistical checks give the same answer on every run.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <span>

#include "dungeon/random.hpp"
#include "dungeon/spawn_rule.hpp"
#include "tests/dungeon/scenario.hpp"

namespace dw::dungeon::testing {
namespace {

double chi_square(std::span<const int> counts, std::size_t from, std::size_t to) {
  int total = 0;
  for (std::size_t i = from; i <= to; ++i) {
    total += counts[i];
  }
  const double expected = static_cast<double>(total) / static_cast<double>(to - from + 1);
  double chi = 0;
  for (std::size_t i = from; i <= to; ++i) {
    const double diff = counts[i] - expected;
    chi += diff * diff / expected;
  }
  return chi;
}

constexpr std::uint8_t all_but_west = 0b0111;

TEST(SpawnRange, FollowsTheBudgetRule) {
  EXPECT_EQ(new_exit_range(0, 4, 3), (exit_count_range{1, 3}));
  EXPECT_EQ(new_exit_range(1, 4, 3), (exit_count_range{0, 3}));
  EXPECT_EQ(new_exit_range(3, 4, 3), (exit_count_range{0, 1}));
  EXPECT_EQ(new_exit_range(4, 4, 3), (exit_count_range{0, 0}));
  EXPECT_EQ(new_exit_range(6, 4, 3), (exit_count_range{0, 0})) << "over budget after a live change: no exit";
  EXPECT_EQ(new_exit_range(0, 4, 0), (exit_count_range{0, 0})) << "no candidate: the branch may run dry";
  EXPECT_EQ(new_exit_range(0, 1, 3), (exit_count_range{1, 1}));
  EXPECT_EQ(new_exit_range(0, 8, 2), (exit_count_range{1, 2}));
}

TEST(SpawnDistribution, KIsUniformWhenADeadEndIsAllowed) {
  std::array<int, 4> counts{};
  for (std::uint64_t seed = 0; seed < 40000; ++seed) {
    const std::uint8_t chosen = choose_new_exits(spread_seed(seed), all_but_west, 1, 4);
    ASSERT_EQ(chosen & ~all_but_west, 0) << "only candidates may be chosen";
    ++counts[static_cast<std::size_t>(std::popcount(chosen))];
  }
  // 3 degrees of freedom: 16.27 is the 0.1% critical value.
  EXPECT_LT(chi_square(counts, 0, 3), 16.27);
}

TEST(SpawnDistribution, KIsUniformWhenAnExitIsRequired) {
  std::array<int, 4> counts{};
  for (std::uint64_t seed = 0; seed < 30000; ++seed) {
    ++counts[static_cast<std::size_t>(std::popcount(choose_new_exits(spread_seed(seed), all_but_west, 0, 4)))];
  }
  EXPECT_EQ(counts[0], 0);
  EXPECT_LT(chi_square(counts, 1, 3), 13.82);  // 2 degrees of freedom, 0.1%
}

TEST(SpawnDistribution, ChosenDirectionsAreUniform) {
  std::array<int, 4> single{};
  for (std::uint64_t seed = 0; seed < 30000; ++seed) {
    // Budget 1 with open 0 forces k = 1: which one of three?
    const std::uint8_t chosen = choose_new_exits(spread_seed(seed), 0b1011, 0, 1);
    ASSERT_EQ(std::popcount(chosen), 1);
    ++single[static_cast<std::size_t>(std::countr_zero(chosen))];
  }
  EXPECT_EQ(single[2], 0) << "south was not a candidate";
  const std::array<int, 3> picked{single[0], single[1], single[3]};
  EXPECT_LT(chi_square(picked, 0, 2), 13.82);
}

TEST(SpawnDistribution, KIsUniformThroughTheWholeModel) {
  std::array<int, 4> counts{};
  for (std::uint64_t seed = 1; seed <= 4000; ++seed) {
    scenario s(branch_seed(42, seed));
    s.add({1, 0}, {U, U, N, S}).restore();  // after walking east one exit stays open; (2,0) has 3 candidates
    const move_result r = s.move({1, 0}, direction::east);
    ASSERT_TRUE(r.spawned);
    ++counts[static_cast<std::size_t>(unexplored_exits(r.destination))];
  }
  EXPECT_LT(chi_square(counts, 0, 3), 16.27);
  for (int c : counts) {
    EXPECT_GT(c, 800);
  }
}

TEST(SpawnDistribution, SameSeedSameChoice) {
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    EXPECT_EQ(choose_new_exits(seed, 0b1110, 1, 8), choose_new_exits(seed, 0b1110, 1, 8));
  }
}

}  // namespace
}  // namespace dw::dungeon::testing
