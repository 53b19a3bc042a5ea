// Explorers: what each type visits, in which order, and where.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "script_support.hpp"

namespace dw::mapgen {
namespace {

using testing::count;
using testing::explorer_text;
using testing::rows;
using testing::script_text;

const std::string fill = explorer_text("narrow_horz", "map", "", {"self(any) -> self(solid)"});
// Each visit flips a tile: a tile visited once ends empty, twice solid again.
const std::vector<std::string> toggle = {"self(solid) -> self(empty)", "self(empty) -> self(solid)"};

generator load(std::string_view size, const std::string& explorers, std::string_view extra = "") {
  return load_script(script_text(size, R"(["solid", "empty", "water", "gem"])", fill + ", " + explorers, extra), "t.json");
}

TEST(ScriptExplorers, HorizontalGoesRowByRow) {
  for (const char* type : {"narrow_horz", "narrow", "horz", "horizontal"}) {
    const generator g = load("6x4", explorer_text(type, "map", "", {"percent < 0.5 -> self(empty)"}));
    EXPECT_EQ(rows(g.generate(1)), (std::vector<std::string>{"......", "......", "######", "######"})) << type;
  }
}

TEST(ScriptExplorers, VerticalGoesColumnByColumn) {
  for (const char* type : {"narrow_vert", "vert", "vertical"}) {
    const generator g = load("6x4", explorer_text(type, "map", "", {"percent < 0.5 -> self(empty)"}));
    EXPECT_EQ(rows(g.generate(1)), (std::vector<std::string>(4, "...###"))) << type;
  }
}

TEST(ScriptExplorers, NarrowExplorersWrapPastTheRegion) {
  // 2 passes' worth of tiles (and of changes): every tile is flipped twice.
  const generator g = load("5x3", explorer_text("horizontal", "map", R"({"tiles": "30", "changes": "30"})", toggle));
  EXPECT_EQ(count(g.generate(1), 0), 15);
}

TEST(ScriptExplorers, RandomRevisitsTiles) {
  for (const char* type : {"narrow_rand", "random", "rand"}) {
    const generator g = load("10x10", explorer_text(type, "map", "", toggle));
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      // 100 random visits on 100 tiles: some tiles get none or two (flipped back), so not all flip.
      const int flipped = count(g.generate(seed), 1);
      EXPECT_GT(flipped, 30) << type;
      EXPECT_LT(flipped, 80) << type;
    }
  }
}

TEST(ScriptExplorers, WideRandomVisitsEveryTileOnce) {
  for (const char* type : {"wide_rand", "rorder", "rand_order"}) {
    const generator g = load("10x7", explorer_text(type, "map", "", toggle));
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      EXPECT_EQ(count(g.generate(seed), 1), 70) << type;
    }
  }
  // ... in an order that changes with the seed: the first half visited differs.
  const generator half = load("10x7", explorer_text("wide_rand", "map", "", {"percent < 0.5 -> self(empty)"}));
  EXPECT_EQ(count(half.generate(3), 1), 35);
  EXPECT_NE(half.generate(3), half.generate(4));
}

TEST(ScriptExplorers, WideHeuristicVisitsEveryTileOnceInHeuristicOrder) {
  const std::string gem = explorer_text("horizontal", "map", "", {"up(out) > 0, left(out) > 0 -> self(gem)"});
  for (const char* type : {"wide_heur", "wide", "heuristic", "order"}) {
    const generator once = load("9x6", gem + ", " + explorer_text(type, "map", R"js({"heuristics": "dist(gem)"})js", toggle));
    EXPECT_EQ(count(once.generate(2), 0), 0) << "every solid tile flipped once";
    EXPECT_EQ(count(once.generate(2), 1), 53) << "and the gem stays";
    // The first 20 visits are the 20 tiles nearest the gem (in the corner): distance at most 5.
    const generator g = load("9x6", gem + ", " + explorer_text(type, "map", R"js({"heuristics": "dist(gem)", "tiles": "20"})js",
                                                                {"self(solid) -> self(empty)"}));
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      const tile_map map = g.generate(seed);
      int near = 0;
      for (int y = 0; y < 6; ++y) {
        for (int x = 0; x < 9; ++x) {
          if (map.at({x, y}) == 1) {
            EXPECT_LE(x + y, 5) << type << " seed " << seed;
            near += 1;
          }
        }
      }
      EXPECT_EQ(near, 19) << "20 visits, one of them the gem";
      EXPECT_EQ(count(map, 0) + near + 1, 54);
    }
  }
  // The second heuristic breaks the first one's ties: nearest the gem, then away from the left edge.
  const generator tied = load("9x6", gem + ", " + explorer_text("wide", "map", R"js({"heuristics": "dist(gem), left(out)", "tiles": "2"})js",
                                                                 {"self(solid) -> self(empty)"}));
  EXPECT_EQ(rows(tied.generate(1), "#.~*")[0], "*.#######");
  EXPECT_EQ(rows(tied.generate(1), "#.~*")[1], "#########");
}

TEST(ScriptExplorers, DrunkStaysInItsRegionAndKeepsToItsBudgets) {
  const std::string quarters = R"("regions": {"type": "equal", "number": "4", "parameters": {"min": "2x2", "max": "2x2"}}, )";
  for (const char* type : {"turtle_drunk", "turtle", "drunk", "digger"}) {
    const generator g = load("20x16", explorer_text(type, "0", R"({"tiles": "40", "change": "0.3"})", {"self(solid) -> self(empty)"}),
                             quarters);
    const generator few = load("20x16", explorer_text(type, "2", R"({"changes": "5"})", {"self(solid) -> self(empty)"}), quarters);
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      const tile_map map = g.generate(seed);
      std::set<int> quarter;
      for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 20; ++x) {
          if (map.at({x, y}) == 1) {
            quarter.insert((x / 10) + 2 * (y / 8));
          }
        }
      }
      EXPECT_EQ(quarter.size(), 1U) << type << ": one region only, seed " << seed;
      EXPECT_GE(count(map, 1), 1);
      EXPECT_LE(count(map, 1), 40) << "at most one new tile per visit";
      EXPECT_EQ(testing::areas(map, 1), 1) << "a walk by plus moves is one 4-connected trail";
      EXPECT_EQ(count(few.generate(seed), 1), 5) << "changes: 5";
    }
  }
}

TEST(ScriptExplorers, DrunkWalksStraightWithoutTurns) {
  // change 0 and directions "horz": a straight horizontal line from the start, turning only at an edge.
  const generator g = load("12x7", explorer_text("drunk", "map", R"({"change": "0", "directions": "horz", "tiles": "8"})",
                                                 {"self(solid) -> self(empty)"}));
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const tile_map map = g.generate(seed);
    std::set<int> lines;
    for (int y = 0; y < 7; ++y) {
      for (int x = 0; x < 12; ++x) {
        if (map.at({x, y}) == 1) {
          lines.insert(y);
        }
      }
    }
    EXPECT_EQ(lines.size(), 1U) << seed;
  }
}

TEST(ScriptExplorers, GreedyFollowsItsHeuristic) {
  // The right end is empty; a greedy turtle heading for dist(empty) leaves a straight trail of water
  // from wherever it starts to the tile before it.
  const std::string goal = explorer_text("horizontal", "map", "", {"right(out) > 0 -> self(empty)"});
  for (const char* type : {"turtle_heur", "agent", "greedy"}) {
    const generator g = load("15x1", goal + ", " + explorer_text(type, "map", R"js({"heuristics": "dist(empty)"})js",
                                                                 {"self(solid) -> self(water)"}));
    const std::regex trail("#*~*\\.");
    std::set<std::string> seen;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      const std::string row = rows(g.generate(seed))[0];
      EXPECT_TRUE(std::regex_match(row, trail)) << type << ": " << row;
      seen.insert(row);
    }
    EXPECT_GT(seen.size(), 5U) << "the start is random";
  }
  // The goal at the other end: the trail runs the other way.
  const std::string left_goal = explorer_text("horizontal", "map", "", {"left(out) > 0 -> self(empty)"});
  const generator mirrored = load("15x1", left_goal + ", " + explorer_text("greedy", "map", R"js({"heuristics": "dist(empty)"})js",
                                                                          {"self(solid) -> self(water)"}));
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const std::string row = rows(mirrored.generate(seed))[0];
    EXPECT_TRUE(std::regex_match(row, std::regex("\\.~*#*"))) << row;
  }
}

TEST(ScriptExplorers, ConnectLeavesOneArea) {
  const std::string noise = explorer_text("horizontal", "map", "", {"random < 0.45 -> self(empty)"});
  for (const char* type : {"turtle_connect", "connect"}) {
    const generator g = load("30x20", noise + ", " + explorer_text(type, "map", R"({"entities": "empty"})", {"self(solid) -> self(empty)"}));
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      const tile_map map = g.generate(seed);
      EXPECT_EQ(testing::areas(map, 1), 1) << type << " seed " << seed;
    }
  }
}

TEST(ScriptExplorers, ConnectJoinsASetOfEntitiesInsideItsRegion) {
  // Water and empty count as one set; the walks turn solid into water; only region 0 is joined.
  const std::string regions = R"("regions": {"type": "equal", "number": "2", "parameters": {"min": "2x1", "max": "2x1"}}, )";
  const std::string mixed = explorer_text("horizontal", "map", "", {"random < 0.2 -> self(empty)", "random < 0.2 -> self(water)"});
  const generator g = load("24x10", mixed + ", " + explorer_text("connect", "0", R"({"entities": "empty|water"})", {"self(solid) -> self(water)"}),
                           regions);
  const generator before = load("24x10", mixed, regions);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const tile_map map = g.generate(seed);
    const tile_map start = before.generate(seed);
    // Which half was region 0: the one that changed.
    int changed_left = 0;
    int changed_right = 0;
    tile_map joined(12, 10);
    for (int y = 0; y < 10; ++y) {
      for (int x = 0; x < 24; ++x) {
        if (map.at({x, y}) != start.at({x, y})) {
          (x < 12 ? changed_left : changed_right) += 1;
        }
      }
    }
    ASSERT_TRUE(changed_left == 0 || changed_right == 0) << "only one region is walked, seed " << seed;
    const int offset = changed_left > 0 ? 0 : 12;
    for (int y = 0; y < 10; ++y) {
      for (int x = 0; x < 12; ++x) {
        joined.set({x, y}, map.at({x + offset, y}) == 0 ? 0 : 1);
      }
    }
    EXPECT_EQ(testing::areas(joined, 1), 1) << "seed " << seed;
  }
}

TEST(ScriptExplorers, ConnectGroupsAreasByItsDirections) {
  // Marahel groups the areas to join by the explorer's `directions` (Neighborhood.getGroups). Two empty
  // tiles touching at a corner, (0,0) and (1,1) of a 3x3 map: one area by `all`, two by `plus`.
  const std::string diagonal = explorer_text("horizontal", "map", "", {"percent < 0.1 -> self(empty)", "percent > 0.4, percent < 0.5 -> self(empty)"});
  auto empties = [&](std::string_view parameters) {
    return count(load("3x3", diagonal + ", " + explorer_text("connect", "map", parameters, {"self(solid) -> self(empty)"})).generate(1), 1);
  };
  EXPECT_EQ(count(load("3x3", diagonal).generate(1), 1), 2);
  EXPECT_EQ(empties(R"({"entities": "empty", "directions": "all"})"), 2) << "one area already";
  EXPECT_EQ(empties(R"({"entities": "empty"})"), 3) << "plus, the default: joined through one more tile";
  // The language document's `neighborhood` (its cave example gives it), when given, says how areas join.
  EXPECT_EQ(empties(R"({"entities": "empty", "directions": "plus", "neighborhood": "all"})"), 2);
}

TEST(ScriptExplorers, ConnectStopsWhenItsChangesReachTheRegionsArea) {
  // Marahel's connector stops at its change budget, the region's area by default, like every explorer.
  // ".#.#.#.#." is five areas: each walk runs its rules on three tiles (from the joined side through the
  // wall to the next area), and these rules fire on all three: 9 changes end the pass after three walks.
  const std::string stripes = explorer_text("horizontal", "map", "", {"left(empty) -> self(solid)", "-> self(empty)"});
  const std::string rules = R"({"entities": "empty"})";
  const generator g = load("9x1", stripes + ", " + explorer_text("connect", "map", rules, {"self(solid) -> self(empty)", "self(empty) -> self(empty)"}));
  const generator every_change = load("9x1", stripes + ", " + explorer_text("connect", "map", R"({"entities": "empty", "changes": "12"})",
                                                                         {"self(solid) -> self(empty)", "self(empty) -> self(empty)"}));
  EXPECT_EQ(rows(load("9x1", stripes).generate(1))[0], ".#.#.#.#.");
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_EQ(testing::areas(g.generate(seed), 1), 2) << seed;
    EXPECT_EQ(testing::areas(every_change.generate(seed), 1), 1) << seed;
  }
}

TEST(ScriptExplorers, RegionListsAndAll) {
  const std::string regions = R"("regions": {"type": "equal", "number": "3", "parameters": {"min": "3x1", "max": "3x1"}}, )";
  // Three thirds of a 9x2 map in random order; "0,2" writes two of them, "all" writes all three.
  const generator two = load("9x2", explorer_text("horizontal", "0,2", "", {"-> self(empty)"}), regions);
  const generator all = load("9x2", explorer_text("horizontal", "all", "", {"-> self(empty)"}), regions);
  std::set<std::string> patterns;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    const std::string row = rows(two.generate(seed))[0];
    EXPECT_EQ(count(two.generate(seed), 1), 12);
    patterns.insert(row);
    EXPECT_EQ(count(all.generate(seed), 1), 18);
  }
  EXPECT_EQ(patterns, (std::set<std::string>{"......###", "...###...", "###......"}));
}

}  // namespace
}  // namespace dw::mapgen
