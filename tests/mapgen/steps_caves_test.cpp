#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "mapgen/step.hpp"
#include "mapgen/steps/cellular.hpp"
#include "mapgen/steps/drunkard.hpp"
#include "mapgen/steps/floor_areas.hpp"

namespace dw::mapgen {
namespace {

constexpr entity_id wall = 0;
constexpr entity_id open = 1;
constexpr entity_id water = 2;
const std::vector<std::string> entities{"solid", "empty", "water"};

// Turns rows like "#.#~" into a map: # wall, . floor, ~ water.
tile_map drawn(const std::vector<std::string>& rows) {
  tile_map map(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()), wall);
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const char c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      map.set({x, y}, c == '#' ? wall : (c == '.' ? open : water));
    }
  }
  return map;
}

TEST(Cellular, OutsideCountsAsWallAndThresholdsApply) {
  // An open 3x3 map: corners see 5 outside walls (>= birth 5), sides 3, the middle none.
  tile_map map(3, 3, open);
  cellular_passes(map, map.bounds(), {wall, open, 5, 4}, 1);
  EXPECT_EQ(map, drawn({"#.#", "...", "#.#"}));
  // A lone wall in open ground has no wall neighbour (< survive 4) and opens up.
  tile_map lone = drawn({".....", ".....", "..#..", ".....", "....."});
  cellular_passes(lone, {1, 1, 3, 3}, {wall, open, 9, 4}, 1);
  EXPECT_EQ(lone.at({2, 2}), open);
  // With survive 0 every wall stays; with birth 9 no floor ever closes.
  tile_map keep = drawn({"#.#", ".#.", "#.#"});
  cellular_passes(keep, keep.bounds(), {wall, open, 9, 0}, 3);
  EXPECT_EQ(keep, drawn({"#.#", ".#.", "#.#"}));
}

TEST(Cellular, APassReadsOnlyThePreviousPass) {
  // Birth 4: corners see 5 outside walls and close; (1, 0) sees 3. Updated in place, row by row, it
  // would also count the corner (0, 0) just closed, reach 4 and close; it must not.
  tile_map map = drawn({"....", "....", "....", "...."});
  cellular_passes(map, map.bounds(), {wall, open, 4, 4}, 1);
  EXPECT_EQ(map, drawn({"#..#", "....", "....", "#..#"}));
}

TEST(Cellular, OtherEntitiesStayAndDoNotCountAsWalls) {
  tile_map map = drawn({"~~~", "~.~", "~~~"});
  cellular_passes(map, map.bounds(), {wall, open, 1, 4}, 2);
  EXPECT_EQ(map, drawn({"~~~", "~.~", "~~~"}));
}

// A slow, obvious copy of the rule, to compare the step with on random maps.
tile_map reference(tile_map map, rect area, const cellular_rule& rule, int passes) {
  for (int pass = 0; pass < passes; ++pass) {
    const tile_map before = map;
    for (int y = area.y; y < area.y + area.h; ++y) {
      for (int x = area.x; x < area.x + area.w; ++x) {
        int around = 0;
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            const point q{x + dx, y + dy};
            if ((dx != 0 || dy != 0) && (!area.contains(q) || before.at(q) == rule.wall)) {
              ++around;
            }
          }
        }
        const entity_id now = before.at({x, y});
        if (now == rule.floor && around >= rule.birth) {
          map.set({x, y}, rule.wall);
        } else if (now == rule.wall && around < rule.survive) {
          map.set({x, y}, rule.floor);
        }
      }
    }
  }
  return map;
}

TEST(Cellular, MatchesTheRuleOnRandomMaps) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    rng random(seed);
    tile_map map(random.between(1, 30), random.between(1, 20), wall);
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        map.set({x, y}, static_cast<entity_id>(random.below(3)));
      }
    }
    const int ax = random.between(0, map.width() - 1);
    const int ay = random.between(0, map.height() - 1);
    const rect area{ax, ay, random.between(1, map.width() - ax), random.between(1, map.height() - ay)};
    const cellular_rule rule{wall, open, random.between(0, 9), random.between(0, 9)};
    const int passes = random.between(0, 5);
    const tile_map expected = reference(map, area, rule, passes);
    cellular_passes(map, area, rule, passes);
    EXPECT_EQ(map, expected) << "seed " << seed;
  }
}

TEST(Cellular, StepFillsThenSmooths) {
  const auto all_walls = find_step("cellular")->make(param_reader({{"fill", "1"}, {"passes", "0"}}, entities));
  const auto no_walls = find_step("cellular")->make(param_reader({{"fill", "0"}, {"passes", "0"}}, entities));
  tile_map map(8, 6, water);
  rng random(1);
  all_walls->run(map, {1, 1, 6, 4}, random);
  EXPECT_EQ(map.at({1, 1}), wall);
  EXPECT_EQ(map.at({0, 0}), water);
  no_walls->run(map, {1, 1, 6, 4}, random);
  EXPECT_EQ(map.at({6, 4}), open);
  const auto caves = find_step("cellular")->make(param_reader({{"fill", "0.45"}}, entities));
  tile_map cave(40, 30, wall);
  caves->run(cave, cave.bounds(), random);
  const auto walls = std::count(cave.tiles().begin(), cave.tiles().end(), wall);
  EXPECT_GT(walls, 100);
  EXPECT_LT(walls, 40 * 30 - 100);
}

TEST(Drunkard, ReachesItsShareInsideTheBorder) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    rng setup(seed);
    const int border = setup.between(0, 2);
    tile_map map(setup.between(2 * border + 3, 50), setup.between(2 * border + 3, 30), wall);
    const rect area{setup.between(0, 1), setup.between(0, 1), map.width() - 1, map.height() - 1};
    const int inner = (area.w - 2 * border) * (area.h - 2 * border);
    drunkard_options options;
    options.floor = open;
    options.border = border;
    options.share = setup.unit() * 0.6 * inner / area.area();
    options.walkers = setup.between(1, 3);
    options.random_start = setup.chance(0.5);
    rng random(seed * 31);
    const std::int64_t floor = drunkard_walk(map, area, options, random);
    int counted = 0;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const bool diggable = x >= area.x + border && y >= area.y + border && x < area.x + area.w - border &&
                              y < area.y + area.h - border;
        if (map.at({x, y}) == open) {
          ++counted;
          ASSERT_TRUE(diggable) << "seed " << seed;
        }
      }
    }
    EXPECT_EQ(floor, counted);
    EXPECT_GE(counted, std::ceil(options.share * area.area())) << "seed " << seed;
    EXPECT_LE(counted, std::ceil(options.share * area.area())) << "seed " << seed;  // it stops on reaching it
    if (options.walkers == 1) {
      const std::array<entity_id, 1> floor_only{open};
      EXPECT_EQ(connected_areas(map, map.bounds(), floor_only).size(), counted > 0 ? 1U : 0U) << "seed " << seed;
    }
  }
}

TEST(Drunkard, StopsAtTheStepLimit) {
  const auto made = find_step("drunkard")->make(param_reader({{"steps", "5"}, {"share", "1"}}, entities));
  tile_map map(20, 20, wall);
  rng random(2);
  made->run(map, map.bounds(), random);
  const auto dug = std::count(map.tiles().begin(), map.tiles().end(), open);
  EXPECT_GE(dug, 2);
  EXPECT_LE(dug, 6);  // the start and at most one tile per step
  EXPECT_EQ(map.at({9, 9}), open);  // the centre
}

TEST(Drunkard, ATinyInsideIsJustTheStart) {
  const auto made = find_step("drunkard")->make(param_reader({{"share", "1"}}, entities));
  tile_map map(3, 3, wall);
  rng random(2);
  made->run(map, map.bounds(), random);
  EXPECT_EQ(map, drawn({"###", "#.#", "###"}));
}

}  // namespace
}  // namespace dw::mapgen
