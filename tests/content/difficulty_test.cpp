#include <gtest/gtest.h>

#include <set>

#include "content/difficulty.hpp"
#include "content/monster_group.hpp"
#include "content/room_roll.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

using testing::real_tables;

TEST(Difficulty, ExpectedDifficultyNeverFallsFromDepthZeroToOneHundred) {
  const content_tables tables = real_tables();
  double previous = expected_difficulty(tables, 0);
  EXPECT_GT(previous, 0.0);
  for (int depth = 1; depth <= 100; ++depth) {
    const double here = expected_difficulty(tables, depth);
    EXPECT_GE(here, previous) << "depth " << depth;
    previous = here;
  }
  EXPECT_GT(expected_difficulty(tables, 100), 20.0 * expected_difficulty(tables, 0));
}

TEST(Difficulty, ExpectedDifficultyKeepsRisingInTheDarknessBeyondTheLastBand) {
  const content_tables tables = real_tables();
  const int darkness = tables.scaling.bands.back().min_depth;
  ASSERT_EQ(darkness, tables.rooms.back().min_depth);  // the last scaling band is the darkness too
  double previous = expected_difficulty(tables, darkness);
  for (int depth = darkness + 1; depth <= darkness + 400; ++depth) {
    const double here = expected_difficulty(tables, depth);
    EXPECT_GE(here, previous) << "depth " << depth;
    previous = here;
  }
  EXPECT_GT(expected_difficulty(tables, darkness + 100), 2.0 * expected_difficulty(tables, darkness));
  EXPECT_GE(expected_difficulty(tables, 1'000'000), expected_difficulty(tables, darkness + 400));
}

TEST(Difficulty, BetweenTableChangesItNeverFalls) {
  // The loader checks only the steps onto a change depth (a band starts, a monster appears); this is
  // the property that makes that enough, tried on the real tables and on stretched variants of them.
  const content_tables real = real_tables();
  for (const double growth : {0.0, 0.013, 0.37}) {
    for (const double size_scale : {0.31, 1.0, 2.7}) {
      content_tables t = real;
      t.scaling.darkness_growth = {growth, growth * 0.5, growth * 2.0, growth};
      for (size_class& s : t.sizes) {
        s.hp *= size_scale;
        s.damage /= size_scale;
      }
      std::set<int> changes;
      for (const monster_def& m : t.monsters) {
        changes.insert(m.min_depth);
      }
      for (const scaling_band& b : t.scaling.bands) {
        changes.insert(b.min_depth);
      }
      double previous = expected_difficulty(t, 0);
      for (int depth = 1; depth <= last_table_change_depth(t) + 200; ++depth) {
        const double here = expected_difficulty(t, depth);
        if (!changes.contains(depth)) {
          EXPECT_GE(here, previous) << "depth " << depth << ", growth " << growth << ", size scale " << size_scale;
        }
        previous = here;
      }
    }
  }
}

TEST(Difficulty, ExactExpectationMatchesALargeDeterministicSampleOfRooms) {
  // Guards the exact computation against drifting from what roll_room really does.
  const content_tables tables = real_tables();
  for (const int depth : {0, 30, 77, 130}) {
    double sum = 0.0;
    int n = 0;
    for (int x = 0; n < 120'000; ++x) {
      const tape t(tape_seed(31337, 9, x, depth));
      const monster_group g = make_monster_group(tables, depth, t.at(2), t.at(3));
      sum += static_cast<double>(g.total_hp()) * static_cast<double>(g.max_damage());
      ++n;
    }
    const double exact = expected_difficulty(tables, depth);
    EXPECT_NEAR(sum / n, exact, 0.03 * exact) << "depth " << depth;
  }
}

TEST(Difficulty, LastTableChangeIsTheDeepestBandOrMonster) {
  const content_tables tables = real_tables();
  int deepest = 0;
  for (const monster_def& m : tables.monsters) {
    deepest = std::max(deepest, m.min_depth);
  }
  EXPECT_EQ(last_table_change_depth(tables), std::max(deepest, tables.scaling.bands.back().min_depth));
}

}  // namespace
}  // namespace dw::content
