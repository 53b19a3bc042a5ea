// The differential test against Marahel's semantics: one small script per semantic that differed, run
// over a few hundred seeds, and the distribution it must give (entity shares, the number and size of
// connected areas). Each expected figure is worked out here from Marahel's rules (its TypeScript source,
// src/core/, and the language document), not measured from this engine. Where Marahel's own engine (its
// compiled JavaScript, bin/Marahel.js, run with the same scripts; not part of this project) was run
// beside it, its figure is quoted as a cross-check; where Marahel's code does something else on purpose
// or by accident, mapgen/README.md says what and why.
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <string>
#include <vector>

#include "script_support.hpp"

namespace dw::mapgen {
namespace {

using testing::count;

generator load(const std::string& json) { return load_script(json, "differential.json"); }

// The number of 8-connected areas of tiles holding `e`.
int areas8(const tile_map& map, entity_id e) {
  std::vector<int> seen(map.tiles().size(), 0);
  int found = 0;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      if (seen[static_cast<std::size_t>(y * map.width() + x)] != 0 || map.at({x, y}) != e) {
        continue;
      }
      ++found;
      std::vector<point> stack{{x, y}};
      seen[static_cast<std::size_t>(y * map.width() + x)] = 1;
      while (!stack.empty()) {
        const point p = stack.back();
        stack.pop_back();
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            const point q{p.x + dx, p.y + dy};
            if (map.inside(q) && map.at(q) == e && seen[static_cast<std::size_t>(q.y * map.width() + q.x)] == 0) {
              seen[static_cast<std::size_t>(q.y * map.width() + q.x)] = 1;
              stack.push_back(q);
            }
          }
        }
      }
    }
  }
  return found;
}

// The height (rows spanned) of each 4-connected area of `e`.
std::vector<int> area_heights(const tile_map& map, entity_id e) {
  std::vector<int> seen(map.tiles().size(), 0);
  std::vector<int> heights;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      if (seen[static_cast<std::size_t>(y * map.width() + x)] != 0 || map.at({x, y}) != e) {
        continue;
      }
      int top = y;
      int bottom = y;
      std::vector<point> stack{{x, y}};
      seen[static_cast<std::size_t>(y * map.width() + x)] = 1;
      while (!stack.empty()) {
        const point p = stack.back();
        stack.pop_back();
        top = std::min(top, p.y);
        bottom = std::max(bottom, p.y);
        for (const point d : {point{1, 0}, point{-1, 0}, point{0, 1}, point{0, -1}}) {
          const point q{p.x + d.x, p.y + d.y};
          if (map.inside(q) && map.at(q) == e && seen[static_cast<std::size_t>(q.y * map.width() + q.x)] == 0) {
            seen[static_cast<std::size_t>(q.y * map.width() + q.x)] = 1;
            stack.push_back(q);
          }
        }
      }
      heights.push_back(bottom - top + 1);
    }
  }
  return heights;
}

// Random fill 1:1 on a 30x30 map, then one buffered pass with `rule` (parameters `extra`, JSON members).
std::string noise_then(const std::string& rule, const std::string& extra = "") {
  return R"js({"metadata": {"min": "30x30", "max": "30x30"}, "entities": ["solid", "empty", "water"], "explorers": [
    {"type": "narrow_horz", "region": "map", "rules": ["self(any) -> self(solid:1|empty:1)"]},
    {"type": "narrow_horz", "region": "map", "parameters": {"replace": "buffer")js" + extra + R"js(}, "rules": [")js" + rule +
         R"js("]}]})js";
}

// Regions made visible: every region's tiles become empty but its left column and top row, so each
// region is one 4-connected area of (w-1)(h-1) tiles, apart from the others.
std::string regions_shown(const std::string& size, const std::string& regions) {
  return R"js({"metadata": {"min": ")js" + size + R"js(", "max": ")js" + size + R"js("}, "regions": )js" + regions +
         R"js(, "entities": ["solid", "empty"], "explorers": [
    {"type": "narrow_horz", "region": "map", "rules": ["self(any) -> self(solid)"]},
    {"type": "narrow_horz", "region": "all", "rules": ["self(any),left(out)==0,up(out)==0 -> self(empty)"]}]})js";
}

TEST(MarahelDifferential, ALoneNeighbourhoodCountMeansEveryCell) {
  // Condition.ts: "plus(empty)" alone compares with > 5 - 1, so water needs all five plus cells empty.
  // After a 1:1 fill each cell is empty with probability 1/2: inside the map (28 x 28 tiles, where the
  // five cells are all in the region) 1/32 of the tiles; on the edge never (a cell is out). Expected
  // water per map: 784 / 32 = 24.5 (the old reading, any cell empty, gave about 870). Marahel's engine,
  // 400 maps: 24.80.
  const generator g = load(noise_then("plus(empty) -> self(water)"));
  double water = 0;
  constexpr int maps = 400;
  for (std::uint64_t seed = 0; seed < maps; ++seed) {
    water += count(g.generate(seed), 2);
  }
  EXPECT_NEAR(water / maps, 24.5, 1.2);
}

TEST(MarahelDifferential, OutCountsTheCellsOutsideWhateverTheyReadAs) {
  // Neighborhood.getTotal: a count of `out` reads the cells outside the region as out even when the
  // `out` parameter makes them read as solid. `all(out) > 0` then holds on every edge tile:
  // 900 - 28 x 28 = 116 per map, every map (it was 0). Marahel's engine: 116 in all 400 maps.
  const generator edges = load(noise_then("all(out) > 0 -> self(water)", R"js(, "out": "solid")js"));
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    EXPECT_EQ(count(edges.generate(seed), 2), 116) << seed;
  }
  // And those cells count as solid for all(solid): inside, 9 cells of which more than 4 solid, 1/2;
  // on an edge (3 cells outside) 3 + Binomial(6, 1/2) > 4, 57/64; in a corner (5 outside) always.
  // Expected water per map: 784/2 + 112 x 57/64 + 4 = 495.75. Marahel's engine, 400 maps: 494.7.
  const generator solid_out = load(noise_then("all(solid) > 4 -> self(water)", R"js(, "out": "solid")js"));
  double water = 0;
  constexpr int maps = 400;
  for (std::uint64_t seed = 0; seed < maps; ++seed) {
    water += count(solid_out.generate(seed), 2);
  }
  EXPECT_NEAR(water / maps, 495.75, 6);
}

TEST(MarahelDifferential, BspCutsLeavesAtRandomThenKeepsNumber) {
  // BinaryDivider on 30x10, min 5x5, max 20x10, number 2: the first cut is across (only the width is
  // over 2 x min), uniform in 5..25; while a leaf is over max, a random leaf that can be cut is cut,
  // including a 10-high one that is not over max (halved: 5 and 5). Working the process through exactly
  // (every cut and pick weighed; then 2 leaves kept uniformly): 2.714 leaves on average; a kept region 5
  // high in 0.1984 of the maps; (w-1)(h-1) over the two kept regions 198.79 on average. (Cutting only the
  // leaves over max never halves a height: 0.) Marahel's engine, 2000 maps: 0.2135 and 195.5 (its
  // shuffle is n random swaps, not uniform; the document says "randomly").
  const generator g = load(regions_shown("30x10", R"js({"type": "bsp", "number": "2", "parameters": {"min": "5x5", "max": "20x10"}})js"));
  constexpr int maps = 1000;
  int halved = 0;
  double open = 0;
  for (std::uint64_t seed = 0; seed < maps; ++seed) {
    const tile_map map = g.generate(seed);
    ASSERT_EQ(testing::areas(map, 1), 2) << "number regions, seed " << seed;
    const std::vector<int> heights = area_heights(map, 1);
    halved += std::find(heights.begin(), heights.end(), 4) != heights.end() ? 1 : 0;
    open += count(map, 1);
  }
  EXPECT_NEAR(static_cast<double>(halved) / maps, 0.1984, 0.05);
  EXPECT_NEAR(open / maps, 198.79, 6);
}

TEST(MarahelDifferential, SamplingGivesNumberRegions) {
  // SamplingDivider returns `number` regions, moving and shrinking them until none collides (the
  // document: "none of the regions collides"). On 30x30 with 4 regions of 8..16 a side, every map has 4
  // areas (it was 3.65 on average). Marahel's engine: 4 regions, but overlapping ones (its intersect
  // test checks corners only) show as 4 to 7 areas, 4.50 on average.
  const generator crowded =
      load(regions_shown("30x30", R"js({"type": "sampling", "number": "4", "parameters": {"min": "8x8", "max": "16x16"}})js"));
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    ASSERT_EQ(testing::areas(crowded.generate(seed), 1), 4) << seed;
  }
  // Where they fit at once, sizes are uniform from min to max: 3 regions of 5..9 a side on 40x40, each
  // (w-1)(h-1) = 6 x 6 = 36 on average, 108 a map. (Marahel's getIntRandom never draws the max: 5..8,
  // 30.25 a region.)
  const generator roomy =
      load(regions_shown("40x40", R"js({"type": "sampling", "number": "3", "parameters": {"min": "5x5", "max": "9x9"}})js"));
  constexpr int maps = 1000;
  double open = 0;
  for (std::uint64_t seed = 0; seed < maps; ++seed) {
    const tile_map map = roomy.generate(seed);
    ASSERT_EQ(testing::areas(map, 1), 3) << seed;
    open += count(map, 1);
  }
  EXPECT_NEAR(open / maps / 3, 36, 1);
}

TEST(MarahelDifferential, ConnectJoinsAreasByItsDirections) {
  // ConnectTurtleExplorer groups the areas with its directions: with "all", areas touching at a corner
  // are one. A 1:1 fill of 20x20 has about 34 4-connected areas of empty but only 5.5 8-connected ones
  // (Marahel's engine, 400 fills: 33.4 and 5.56), so the pass walks 8-areas - 1 times. Here walked tiles
  // of the set turn to water; this engine's walks are shortest paths whose only tiles of the set are
  // their two ends, so a map has at most 2 x (8-areas - 1) water tiles (joining the 4-areas would give
  // about 54). The set ends as one 8-connected area in every map, while tiles touching only at a corner
  // stay apart 4-wise. (Marahel's own walks, greedy steps towards a tile near each area's centre in a
  // tour that doubles back, cross the set often: 29.9 water a map in its engine; see README.md.)
  const std::string fill = R"js({"type": "narrow_horz", "region": "map", "rules": ["self(any) -> self(solid:1|empty:1)"]})js";
  const generator filled = load(R"js({"metadata": {"min": "20x20", "max": "20x20"}, "entities": ["solid", "empty", "water"], "explorers": [)js" +
                                fill + "]}");
  const generator g = load(R"js({"metadata": {"min": "20x20", "max": "20x20"}, "entities": ["solid", "empty", "water"], "explorers": [)js" +
                           fill + R"js(, {"type": "turtle_connect", "region": "map", "parameters": {"directions": "all", "entities": "empty|water"},
     "rules": ["self(solid) -> self(empty)", "self(empty) -> self(water)"]}]})js");
  int split_4_wise = 0;
  constexpr int maps = 400;
  for (std::uint64_t seed = 0; seed < maps; ++seed) {
    tile_map map = g.generate(seed);
    const int groups = areas8(filled.generate(seed), 1);  // (the fill draws the same from the same seed)
    EXPECT_LE(count(map, 2), 2 * (groups - 1)) << seed;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        map.set({x, y}, map.at({x, y}) == 2 ? entity_id{1} : map.at({x, y}));
      }
    }
    ASSERT_EQ(areas8(map, 1), 1) << seed;
    split_4_wise += testing::areas(map, 1) > 1 ? 1 : 0;
  }
  EXPECT_GT(split_4_wise, maps * 95 / 100);
}

TEST(MarahelDifferential, ConnectStopsAtItsChangeBudget) {
  // Explorer.checkRepeatTermination: a pass ends when its changes reach the budget, the region's area by
  // default. On a row ".#.#...#." of width 2k+1 (k+1 areas) with rules that fire on every tile walked,
  // each walk costs 3 changes (one end, the wall, the other end): floor((2k+1) / 3) walks, so
  // k+1 - floor((2k+1)/3) areas are left: 2 of 5 at width 9, 4 of 11 at width 21.
  for (const auto& [width, left] : {std::pair{9, 2}, std::pair{21, 4}}) {
    const std::string size = std::to_string(width) + "x1";
    const generator g = load(R"js({"metadata": {"min": ")js" + size + R"js(", "max": ")js" + size +
                             R"js("}, "entities": ["solid", "empty"], "explorers": [
      {"type": "narrow_horz", "region": "map", "rules": ["self(any) -> self(solid)"]},
      {"type": "narrow_horz", "region": "map", "rules": ["left(empty) -> self(solid)", "-> self(empty)"]},
      {"type": "turtle_connect", "region": "map", "parameters": {"entities": "empty"}, "rules": ["self(solid) -> self(empty)", "self(empty) -> self(empty)"]}]})js");
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      EXPECT_EQ(testing::areas(g.generate(seed), 1), left) << width << " seed " << seed;
    }
  }
}

TEST(MarahelDifferential, DrunkTurnsWithDirprobAndIgnoresWhatItDoesNotRead) {
  // DrunkTurtleExplorer: the heading is drawn from `directions` (plus: its centre too, a heading that
  // stays put) and drawn again with probability dirprob, or at the region's edge. With dirprob 0 a
  // turtle that draws the centre first never moves: one tile in 1/5 of the maps, plus those starting on
  // the edge heading out that then draw the centre (152/1600 x 1/5 x 1/4 + 4/1600 x 2/5 x 1/3): 0.2056.
  // With the default 0.1 it stays only while every turn draws the centre again: 0.2 x 0.92^29 = 0.018.
  // `heuristics` is not read by this explorer: ignored, with a warning. Marahel's engine, 2000 maps:
  // 0.204 and 0.018.
  const std::string head = R"js({"metadata": {"min": "40x40", "max": "40x40"}, "entities": ["solid", "empty"], "explorers": [
    {"type": "narrow_horz", "region": "map", "rules": ["self(any) -> self(solid)"]},
    {"type": "drunk", "region": "map", "parameters": {)js";
  const std::string tail = R"js("tiles": "30", "heuristics": "random"}, "rules": ["self(solid) -> self(empty)"]}]})js";
  const generator straight = load(head + R"js("dirprob": "0", )js" + tail);
  const generator wandering = load(head + tail);
  EXPECT_EQ(straight.warnings().size(), 1U);
  constexpr int maps = 1000;
  int still = 0;
  int still_wandering = 0;
  for (std::uint64_t seed = 0; seed < maps; ++seed) {
    still += count(straight.generate(seed), 1) == 1 ? 1 : 0;
    still_wandering += count(wandering.generate(seed), 1) == 1 ? 1 : 0;
  }
  EXPECT_NEAR(static_cast<double>(still) / maps, 0.2056, 0.04);
  EXPECT_NEAR(static_cast<double>(still_wandering) / maps, 0.018, 0.012);
}

TEST(MarahelDifferential, DistanceToOutIsMeasuredToTheRegionsEdge) {
  // The document's dist(out): the nearest cell outside the region. Marahel's DistanceEstimator reads its
  // entity list from the text before the parenthesis ("dist"), so it measures to unknown tiles and never
  // to out; the document is followed (README.md). On 9x7 the tiles at distance 2 are the ring one tile
  // in: 7 x 5 - 5 x 3 = 20; at 4 (the farthest), the three middle tiles of the centre row.
  const generator g = load(R"js({"metadata": {"min": "9x7", "max": "9x7"}, "entities": ["solid", "empty", "water"], "explorers": [
    {"type": "narrow_horz", "region": "map", "rules": ["self(any) -> self(solid)"]},
    {"type": "narrow_horz", "region": "map", "parameters": {"replace": "buffer"}, "rules": ["dist(out) == 2 -> self(empty)", "dist(out) == 4 -> self(water)"]}]})js");
  const tile_map map = g.generate(1);
  EXPECT_EQ(count(map, 1), 20);
  EXPECT_EQ(count(map, 2), 3);
}

}  // namespace
}  // namespace dw::mapgen
