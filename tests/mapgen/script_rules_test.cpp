// Rules: every estimator, every operator, entity lists and weights, replace same/buffer, out, executers.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mapgen/noise.hpp"
#include "script_support.hpp"

namespace dw::mapgen {
namespace {

using testing::explorer_text;
using testing::rows;
using testing::script_text;

const std::string fill = explorer_text("narrow_horz", "map", "", {"self(any) -> self(solid)"});

// The one row of a W x 1 map made by: fill with solid, then the explorers given.
std::string row_after(std::string_view size, const std::string& explorers, std::uint64_t seed = 1,
                      std::string_view entities = R"(["solid", "empty", "water", "gem"])") {
  const generator g = load_script(script_text(size, entities, fill + ", " + explorers), "t.json");
  return rows(g.generate(seed), "#.~*")[0];
}

std::string horizontal(std::vector<std::string> rules, std::string_view parameters = "") {
  return explorer_text("narrow_horz", "map", parameters, rules);
}

// The message a script with this one rule is refused with.
std::string refusal_text(const std::string& rule) {
  return testing::refusal(script_text("3x1", R"(["solid", "empty"])", horizontal({rule}))).what();
}

TEST(ScriptRules, OperatorsCompareNumbers) {
  struct one {
    const char* op;
    bool less;
    bool equal;
    bool greater;
  };
  const one ops[] = {{">", false, false, true},  {"<", true, false, false},  {">=", false, true, true},
                     {"<=", true, true, false},  {"==", false, true, false}, {"!=", true, false, true}};
  for (const one& o : ops) {
    for (const auto& [left, expected] : {std::pair{"1", o.less}, std::pair{"2", o.equal}, std::pair{"3.5", o.greater}}) {
      const std::string rule = std::string(left) + " " + o.op + " 2 -> self(empty)";
      EXPECT_EQ(row_after("1x1", horizontal({rule})), expected ? "." : "#") << rule;
    }
  }
}

TEST(ScriptRules, ALoneEstimatorHoldsAboveZero) {
  EXPECT_EQ(row_after("1x1", horizontal({"0 -> self(empty)"})), "#");
  EXPECT_EQ(row_after("1x1", horizontal({"-1 -> self(empty)"})), "#");
  EXPECT_EQ(row_after("1x1", horizontal({"0.25 -> self(empty)"})), ".");
  EXPECT_EQ(row_after("1x1", horizontal({"self(solid) -> self(empty)"})), ".");
  EXPECT_EQ(row_after("1x1", horizontal({"self(water) -> self(empty)"})), "#");
}

TEST(ScriptRules, ALoneNeighbourhoodHoldsWhenEveryCellItChecksMatches) {
  // Marahel (Condition.ts): a lone neighbourhood(entities) compares with "> cells - 1", so for a list of
  // names each counted once it holds when every checked cell matches, not when one does. The row starts
  // ".####"; `horz` checks the cells left and right; `buffer` so that every tile reads that row.
  const std::string first = horizontal({"left(out) > 0 -> self(empty)"});
  auto after = [&](const std::string& rule) {
    return row_after("5x1", first + ", " + horizontal({rule}, R"({"replace": "buffer"})"));
  };
  EXPECT_EQ(after("horz(solid) -> self(water)"), ".#~~#");
  EXPECT_EQ(after("horz(solid) > 0 -> self(water)"), "~~~~~") << "the old reading, written out";
  EXPECT_EQ(after("horz(out|solid) -> self(water)"), "~#~~~") << "out counts where the cell is outside";
  // The threshold is the number of cells, whatever the weights: solid:2 weighs 2 for each solid cell, so
  // one solid cell (2 > 1) is enough, as Marahel's list [solid, solid] counts it twice.
  EXPECT_EQ(after("horz(solid:2) -> self(water)"), "~~~~~");
  // A one-cell neighbourhood (self) holds when its cell matches, as before.
  EXPECT_EQ(after("self(solid) -> self(water)"), ".~~~~");
}

TEST(ScriptRules, FirstRuleThatHoldsRunsAndAllConditionsMustHold) {
  EXPECT_EQ(row_after("1x1", horizontal({"1 > 0, 2 > 3 -> self(empty)", "-> self(water)", "-> self(gem)"})), "~");
  EXPECT_EQ(row_after("1x1", horizontal({"1 > 0, 3 > 2 -> self(empty)", "-> self(water)"})), ".");
}

TEST(ScriptRules, CountEstimatorCountsTheRegionAsItChanges) {
  // Same buffer: the first tile sees 5 solid and changes, which the second tile then sees (4).
  EXPECT_EQ(row_after("5x1", horizontal({"solid == 5 -> self(empty)"})), ".####");
  // Buffer: every tile reads the map as the pass found it.
  EXPECT_EQ(row_after("5x1", horizontal({"solid == 5 -> self(empty)"}, R"({"replace": "buffer"})")), ".....");
  EXPECT_EQ(row_after("5x1", horizontal({"unknown > 0 -> self(empty)"})), "#####");
}

TEST(ScriptRules, NeighbourhoodEstimatorCountsWeightedMatches) {
  const std::string buffer = R"({"replace": "buffer"})";
  // `all` is 111,131,111: the centre counts too.
  const generator g = load_script(
      script_text("3x3", R"(["solid", "empty"])", fill + ", " + horizontal({"all(solid) == 9 -> self(empty)"}, buffer)), "t.json");
  EXPECT_EQ(rows(g.generate(1)), (std::vector<std::string>{"###", "#.#", "###"}));
  const generator corners = load_script(
      script_text("3x3", R"(["solid", "empty"])", fill + ", " + horizontal({"all(out) == 5 -> self(empty)"}, buffer)), "t.json");
  EXPECT_EQ(rows(corners.generate(1)), (std::vector<std::string>{".#.", "###", ".#."}));
  // A list counts each of its entities; a weight (or a repeat) counts a match that many times.
  EXPECT_EQ(row_after("1x1", horizontal({"self(solid:3) == 3 -> self(empty)"})), ".");
  EXPECT_EQ(row_after("1x1", horizontal({"self(solid|solid) == 2 -> self(empty)"})), ".");
  EXPECT_EQ(row_after("1x1", horizontal({"self(water|solid) == 1 -> self(empty)"})), ".");
  EXPECT_EQ(row_after("1x1", horizontal({"self(entity) == 1, self(any) == 1 -> self(empty)"})), ".");
  EXPECT_EQ(row_after("3x1", horizontal({"horz(out|solid) == 2 -> self(empty)"}, buffer)), "...");
}

TEST(ScriptRules, DistanceIsManhattanToTheNearestTile) {
  // A gem at the left edge; then the tiles at distance exactly 2 (buffer: the gem stays put).
  const std::string gem = horizontal({"left(out) > 0 -> self(gem)"});
  EXPECT_EQ(row_after("7x1", gem + ", " + horizontal({"dist(gem) == 2 -> self(empty)"}, R"({"replace": "buffer"})")), "*#.####");
  EXPECT_EQ(row_after("7x1", gem + ", " + horizontal({"dist(gem|water) < 3 -> self(empty)"}, R"({"replace": "buffer"})")), "...####");
  const generator square = load_script(
      script_text("5x5", R"(["solid", "empty", "gem"])",
                  fill + ", " + horizontal({"up(out) > 0, left(out) > 0 -> self(gem)"}) + ", " +
                      horizontal({"dist(gem) == 4 -> self(empty)"}, R"({"replace": "buffer"})")),
      "t.json");
  EXPECT_EQ(rows(square.generate(1), "#.*"), (std::vector<std::string>{"*###.", "###.#", "##.##", "#.###", ".####"}));
}

TEST(ScriptRules, DistanceToNothingLetsTheConditionHold) {
  // As in Marahel: with no gem in the region, any comparison with dist(gem) holds.
  EXPECT_EQ(row_after("4x1", horizontal({"dist(gem) > 100 -> self(empty)"})), "....");
  EXPECT_EQ(row_after("4x1", horizontal({"dist(gem) < -100 -> self(empty)"})), "....");
}

TEST(ScriptRules, DistanceToOutIsTheDistanceToTheNearestCellOutsideTheRegion) {
  // The document's dist(entities) is the Manhattan distance to the nearest of them; `out` is what lies
  // outside the region, so dist(out) is 1 on the region's edge, 2 one tile in, ... (Marahel meant this,
  // but its parser never reaches it; see README.md).
  const generator g = load_script(
      script_text("7x5", R"(["solid", "empty", "gem"])",
                  fill + ", " + horizontal({"dist(out) == 1 -> self(empty)", "dist(out) == 3 -> self(gem)"}, R"({"replace": "buffer"})")),
      "t.json");
  EXPECT_EQ(rows(g.generate(1), "#.*"), (std::vector<std::string>{".......", ".#####.", ".#***#.", ".#####.", "......."}));
  // With other entities in the list, the nearer of the two.
  const generator both = load_script(
      script_text("9x3", R"(["solid", "empty", "gem"])",
                  fill + ", " + horizontal({"left(out) > 0 -> self(gem)"}) + ", " +
                      horizontal({"dist(gem|out) == 1 -> self(empty)"}, R"({"replace": "buffer"})")),
      "t.json");
  EXPECT_EQ(rows(both.generate(1), "#.*"), (std::vector<std::string>{"*........", "*.######.", "*........"}));
}

TEST(ScriptRules, NoiseTakesMarahelsScale) {
  // noise<N> (Marahel's spelling) is the same field with features N times as wide: noise1 is noise.
  auto map = [](std::string_view estimator) {
    return load_script(script_text("40x40", R"(["solid", "empty"])",
                                   horizontal({std::string(estimator) + " > 0 -> self(empty)", "-> self(solid)"})),
                       "t.json")
        .generate(5);
  };
  EXPECT_EQ(map("noise1"), map("noise"));
  EXPECT_LT(testing::areas(map("noise4"), 1) + testing::areas(map("noise4"), 0), testing::areas(map("noise"), 1) + testing::areas(map("noise"), 0))
      << "wider features: fewer patches";
  const noise_field f(9);
  for (int x = 0; x < 32; ++x) {
    EXPECT_EQ(f.at(x, 3, 1), f.at(x, 3));
  }
  EXPECT_NE(refusal_text("noise0 > 0 -> self(empty)").find("noise0"), std::string::npos);
  // A bare `out` is Marahel's count of `out` in the region: always 0.
  EXPECT_EQ(row_after("3x1", horizontal({"out == 0 -> self(empty)"})), "...");
}

TEST(ScriptRules, RandomIsUniform) {
  const generator g = load_script(
      script_text("40x40", R"(["solid", "empty"])", horizontal({"random < 0.3 -> self(empty)", "-> self(solid)"})), "t.json");
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const double share = testing::count(g.generate(seed), 1) / 1600.0;
    EXPECT_NEAR(share, 0.3, 0.05) << seed;
  }
}

TEST(ScriptRules, WeightsChooseInProportion) {
  for (const char* list : {"solid:3|empty:1", "solid|solid|solid|empty", "empty:1|solid:3"}) {
    const generator g =
        load_script(script_text("40x40", R"(["solid", "empty"])", horizontal({std::string("-> self(") + list + ")"})), "t.json");
    int solid = 0;
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      solid += testing::count(g.generate(seed), 0);
    }
    EXPECT_NEAR(solid / 16000.0, 0.75, 0.02) << list;
  }
}

TEST(ScriptRules, NoiseIsSmoothBoundedAndSeeded) {
  const noise_field a(1);
  const noise_field b(2);
  double sum = 0;
  double low = 1;
  double high = -1;
  int differ = 0;
  for (int y = 0; y < 60; ++y) {
    for (int x = 0; x < 60; ++x) {
      const double v = a.at(x, y);
      ASSERT_GE(v, -1.0);
      ASSERT_LE(v, 1.0);
      EXPECT_EQ(v, noise_field(1).at(x, y));
      EXPECT_LT(std::abs(v - a.at(x + 1, y)), 0.75) << "neighbours should be close";
      sum += v;
      low = std::min(low, v);
      high = std::max(high, v);
      differ += v != b.at(x, y) ? 1 : 0;
    }
  }
  EXPECT_NEAR(sum / 3600, 0.0, 0.15);
  EXPECT_LT(low, -0.5);
  EXPECT_GT(high, 0.5);
  EXPECT_GT(differ, 3000);
  // Through a rule: noise above zero is a patchy half of the map, and the same seed makes the same patches.
  const generator g = load_script(
      script_text("40x40", R"(["solid", "empty"])", horizontal({"noise > 0 -> self(empty)", "-> self(solid)"})), "t.json");
  const int empty = testing::count(g.generate(5), 1);
  EXPECT_GT(empty, 300);
  EXPECT_LT(empty, 1300);
  EXPECT_EQ(g.generate(5), g.generate(5));
  EXPECT_NE(g.generate(5), g.generate(6));
  EXPECT_LT(testing::areas(g.generate(5), 1), 60) << "patches, not salt and pepper";
}

TEST(ScriptRules, PercentFollowsTheTilesVisited) {
  EXPECT_EQ(row_after("10x1", horizontal({"percent < 0.3 -> self(empty)"})), "...#######");
  EXPECT_EQ(row_after("10x1", horizontal({"percent >= 0.3 -> self(empty)"}, R"({"tiles": "5"})")), "##...#####");
}

TEST(ScriptRules, CpercentFollowsTheChangesMade) {
  // Changes allowed default to the region's area (10); the rule stops itself at half of them.
  EXPECT_EQ(row_after("10x1", horizontal({"cpercent < 0.5 -> self(empty)"})), ".....#####");
  EXPECT_EQ(row_after("10x1", horizontal({"cpercent < 0.5 -> self(empty)"}, R"({"changes": "4"})")), "..########");
  // A rule that fires counts as a change even when it writes what is there (as in Marahel).
  EXPECT_EQ(row_after("10x1", horizontal({"-> self(solid)", "-> self(empty)"}, R"({"changes": "3"})")), "##########");
}

TEST(ScriptRules, RpercentFollowsTheRepeats) {
  // Repeats 4: rpercent is 0, 0.25, 0.5, 0.75 in turn; the last repeat decides.
  EXPECT_EQ(row_after("3x1", horizontal({"rpercent >= 0.75 -> self(empty)", "-> self(water)"}, R"({"repeats": "4"})")), "...");
  EXPECT_EQ(row_after("3x1", horizontal({"rpercent >= 0.8 -> self(empty)", "-> self(water)"}, R"({"repeats": "4"})")), "~~~");
  EXPECT_EQ(row_after("3x1", horizontal({"rpercent == 0 -> self(empty)"}, R"({"repeats": "3"})")), "...");
}

TEST(ScriptRules, ReplaceSameSeesItsOwnWritesBufferDoesNot) {
  const std::string seed_tile = horizontal({"left(out) > 0 -> self(empty)"});
  EXPECT_EQ(row_after("8x1", seed_tile + ", " + horizontal({"left(empty) > 0 -> self(empty)"})), "........");
  EXPECT_EQ(row_after("8x1", seed_tile + ", " + horizontal({"left(empty) > 0 -> self(empty)"}, R"({"replace": "same"})")), "........");
  EXPECT_EQ(row_after("8x1", seed_tile + ", " + horizontal({"left(empty) > 0 -> self(empty)"}, R"({"replace": "buffer"})")), "..######");
  // Buffer with repeats: one more tile each repeat.
  EXPECT_EQ(row_after("8x1", seed_tile + ", " + horizontal({"left(empty) > 0 -> self(empty)"}, R"({"replace": "buffer", "repeats": "3"})")),
            "....####");
}

TEST(ScriptRules, OutReadsAsTheEntityGiven) {
  const std::string rule = "left(solid) > 0 -> self(empty)";
  EXPECT_EQ(row_after("5x1", horizontal({rule}, R"({"replace": "buffer"})")), "#....");
  EXPECT_EQ(row_after("5x1", horizontal({rule}, R"({"replace": "buffer", "out": "solid"})")), ".....");
  EXPECT_EQ(row_after("5x1", horizontal({"right(unknown) > 0 -> self(empty)"}, R"({"replace": "buffer", "out": "unknown"})")), "####.");
  EXPECT_EQ(row_after("5x1", horizontal({"right(out) > 0 -> self(empty)"}, R"({"out": "out"})")), "####.");
}

TEST(ScriptRules, OutCountsCellsOutsideTheRegionWhateverTheyReadAs) {
  // Marahel (Neighborhood.getTotal) counts `out` as the cells outside the region even when the `out`
  // parameter makes them read as an entity; they then count as that entity too.
  const std::string open_row = horizontal({"-> self(empty)"});
  auto after = [&](const std::string& rule) {
    return row_after("5x1", open_row + ", " + horizontal({rule}, R"({"replace": "buffer", "out": "solid"})"));
  };
  EXPECT_EQ(after("right(out) > 0 -> self(water)"), "....~");
  EXPECT_EQ(after("right(solid) > 0 -> self(water)"), "....~");
  EXPECT_EQ(after("right(out|solid) > 1 -> self(water)"), "....~") << "one cell outside, counted as both";
  EXPECT_EQ(after("horz(out) == 0 -> self(water)"), ".~~~.");
}

TEST(ScriptRules, ExecutersWriteEveryCellOfTheirNeighbourhoodInsideTheRegion) {
  EXPECT_EQ(row_after("5x1", horizontal({"left(out) > 0 -> horz(empty), self(water)"})), "~.###");
  // Several executers run in order; a cell outside the map is not written.
  EXPECT_EQ(row_after("4x1", horizontal({"right(out) > 0 -> right(water), left(gem)"})), "##*#");
  EXPECT_EQ(row_after("3x1", horizontal({"-> self(unknown)"}), 1), "???");
}

TEST(ScriptRules, EntityMaxCapsWritesAndMinRetries) {
  const std::string capped = R"({"solid": {}, "gem": {"max": "3"}})";
  const generator g = load_script(script_text("10x10", capped, horizontal({"-> self(gem)"})), "t.json");
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    EXPECT_EQ(testing::count(g.generate(seed), 1), 3);
  }
  // A gem on about 2% of tiles: without a minimum some maps have fewer than two; with min 2 every map
  // that could be remade has them.
  const std::string rules = horizontal({"random < 0.02 -> self(gem)", "-> self(solid)"});
  const generator free = load_script(script_text("10x10", R"(["solid", "gem"])", rules), "t.json");
  const generator least = load_script(script_text("10x10", R"({"solid": {}, "gem": {"min": 2}})", rules), "t.json");
  int short_maps = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    short_maps += testing::count(free.generate(seed), 1) < 2 ? 1 : 0;
    EXPECT_GE(testing::count(least.generate(seed), 1), 2) << seed;
  }
  EXPECT_GT(short_maps, 5);
}

}  // namespace
}  // namespace dw::mapgen
