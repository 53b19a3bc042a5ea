#include "mapgen/features.hpp"

#include "mapgen/rng.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace dw::mapgen {
namespace {

// Hand-drawn maps: one character per tile, in the glyphs `deepwell-mapgen` prints; `T` is a statue
// (a name outside the vocabulary, so blocking scenery) and `?` a tile no explorer wrote.
const std::vector<std::string> names{"solid", "empty", "water", "pillar", "rubble", "roots", "door", "statue"};
constexpr std::string_view glyphs = "#.~o%\"+T";

tile_map draw(const std::vector<std::string>& rows) {
  tile_map map(static_cast<int>(rows.front().size()), static_cast<int>(rows.size()));
  for (std::size_t y = 0; y < rows.size(); ++y) {
    EXPECT_EQ(rows[y].size(), rows.front().size()) << "row " << y;
    for (std::size_t x = 0; x < rows[y].size(); ++x) {
      const std::size_t g = glyphs.find(rows[y][x]);
      const entity_id e = g == std::string_view::npos ? unknown : static_cast<entity_id>(g);
      map.set({static_cast<int>(x), static_cast<int>(y)}, e);
    }
  }
  return map;
}

interior_features measured(const std::vector<std::string>& rows) { return measure(draw(rows), make_legend(names)); }

// One expected value, by the feature's name in feature_values().
struct expected {
  std::string_view feature;
  double value;
};

// Checks each listed feature of `f`, naming the one that differs (whole numbers compare exactly as doubles).
void expect_features(const interior_features& f, std::initializer_list<expected> wanted) {
  const std::vector<feature_value> values = feature_values(f);
  for (const expected& e : wanted) {
    const auto it = std::find_if(values.begin(), values.end(), [&](const feature_value& v) { return v.name == e.feature; });
    ASSERT_NE(it, values.end()) << "no feature " << e.feature;
    EXPECT_DOUBLE_EQ(it->value, e.value) << e.feature;
  }
}

TEST(InteriorLegend, ReadsTheVocabularyAndCallsOtherNamesScenery) {
  const legend l = make_legend({"empty", "lava", "door", "solid", "water", "roots", "rubble", "pillar"});
  EXPECT_EQ(l.kind(0), tile_kind::floor);
  EXPECT_EQ(l.kind(1), tile_kind::scenery);
  EXPECT_EQ(l.kind(2), tile_kind::door);
  EXPECT_EQ(l.kind(3), tile_kind::wall);
  EXPECT_EQ(l.kind(4), tile_kind::water);
  EXPECT_EQ(l.kind(5), tile_kind::roots);
  EXPECT_EQ(l.kind(6), tile_kind::rubble);
  EXPECT_EQ(l.kind(7), tile_kind::pillar);
  EXPECT_EQ(l.kind(unknown), tile_kind::unknown);
  EXPECT_EQ(l.kind(8), tile_kind::scenery);  // an index past the script's entities
  EXPECT_TRUE(l.walkable(0));
  EXPECT_FALSE(l.walkable(1));
  EXPECT_TRUE(l.walkable(2));
  EXPECT_TRUE(l.walkable(4));
  EXPECT_FALSE(l.walkable(unknown));
  EXPECT_EQ(interior_vocabulary().size(), 7U);
}

TEST(InteriorFeatures, SmallRoomIsNoChamber) {
  const interior_features f = measured({
      "######",
      "#....#",
      "#....#",
      "#....#",
      "######",
  });
  expect_features(f, {
      {"width", 6}, {"height", 5}, {"walkable", 12}, {"open_share", 12.0 / 30.0}, {"areas", 1},
      {"largest_area", 12},
      {"chambers", 0},  // 4x3 open: two core tiles, fewer than four
      {"widest_span", 3}, {"longest_corridor", 0}, {"dead_ends", 0}, {"pillars", 0}, {"water_share", 0.0},
  });
}

TEST(InteriorFeatures, PillarsStandingInAHallKeepItOneChamber) {
  const interior_features f = measured({
      "#########",
      "#.......#",
      "#.o...%.#",
      "#.......#",
      "#...T...#",
      "#.......#",
      "#########",
  });
  expect_features(f, {
      {"walkable", 32}, {"open_share", 32.0 / 63.0},
      {"pillars", 3},           // the pillar, and the rubble and the statue standing free
      {"rubble", 1}, {"scenery", 1}, {"chambers", 1}, {"widest_span", 3},
      {"longest_corridor", 0},  // the 1-wide gaps beside the pillars are no corridors
      {"dead_ends", 0}, {"areas", 1},
  });
}

TEST(InteriorFeatures, CorridorsDeadEndsAndSeparateAreas) {
  const interior_features f = measured({
      "###########",
      "#...#######",
      "#.........#",
      "#...####.##",
      "########.##",
      "#.######..#",
      "###########",
  });
  expect_features(f, {
      {"walkable", 20}, {"areas", 2}, {"largest_area", 19}, {"chambers", 0}, {"widest_span", 3},
      {"longest_corridor", 6},  // row 2 from the room's mouth to the dead end
      {"dead_ends", 2},         // the lone tile has no way out at all, so it is no alcove
      {"pillars", 0},
  });
}

TEST(InteriorFeatures, WaterDoorsRootsAndRubble) {
  const interior_features f = measured({
      "####+####",
      "#~~.....#",
      "#~~.%%..#",
      "#.......#",
      "#\"....%.#",
      "#########",
  });
  expect_features(f, {
      {"walkable", 25}, {"water", 4}, {"water_share", 4.0 / 25.0}, {"doors", 1}, {"rubble", 3}, {"roots", 1},
      {"pillars", 1},    // the two rubble tiles standing free; the one by the wall is not
      {"areas", 1},      // the door joins the room
      {"dead_ends", 1},  // the nook right of the rubble; the door leads on, so it is none
      {"chambers", 1}, {"widest_span", 3}, {"longest_corridor", 1},
  });
}

TEST(InteriorFeatures, TwoHallsJoinedByAPassage) {
  const interior_features f = measured({
      "############",
      "#....##....#",
      "#..........#",
      "#....##....#",
      "#....##....#",
      "############",
  });
  expect_features(f, {
      {"walkable", 34}, {"areas", 1}, {"chambers", 2}, {"widest_span", 4}, {"longest_corridor", 2},
      {"dead_ends", 0},
  });
}

TEST(InteriorFeatures, AThreeWideGalleryIsAChamberFromSixTilesLong) {
  // Its core tiles are the middle row less its two ends: three of them at five long, four at six.
  expect_features(measured({"#######", "#.....#", "#.....#", "#.....#", "#######"}), {{"chambers", 0}});
  expect_features(measured({"########", "#......#", "#......#", "#......#", "########"}), {{"chambers", 1}});
}

TEST(InteriorFeatures, ALongWindingTunnel) {
  const interior_features f = measured({
      "#########",
      "#.......#",
      "#######.#",
      "#.......#",
      "#.#######",
      "#.......#",
      "#########",
  });
  expect_features(f, {
      {"walkable", 7 + 1 + 7 + 1 + 7}, {"areas", 1}, {"chambers", 0}, {"widest_span", 1},
      {"longest_corridor", 7},
      {"dead_ends", 2},  // both ends of the tunnel
  });
}

TEST(InteriorFeatures, UnwrittenTilesBlockAndAnOpenEdgeStillBounds) {
  const interior_features f = measured({
      "????",
      "?...",
      "?...",
      "?...",
  });
  expect_features(f, {
      {"walkable", 9}, {"widest_span", 3},
      {"chambers", 0},  // one core tile: the open edge's tiles have no whole 3x3 block
      {"scenery", 0},
  });
}

TEST(InteriorFeatures, NothingWalkable) {
  const interior_features f = measured({"###", "#%#", "###"});
  expect_features(f, {
      {"walkable", 0}, {"open_share", 0.0}, {"water_share", 0.0}, {"areas", 0}, {"largest_area", 0},
      {"pillars", 0},  // rubble against walls stands nowhere free
      {"longest_corridor", 0},
  });
}

TEST(InteriorFeatures, EmptyMap) {
  const interior_features f = measure(tile_map{}, make_legend(names));
  EXPECT_EQ(f, interior_features{});
}

TEST(InteriorFeatures, ValuesListEveryFeatureOnce) {
  const interior_features f = measured({"#.#", "...", "#.#"});
  const std::vector<feature_value> values = feature_values(f);
  ASSERT_EQ(values.size(), 17U);
  EXPECT_EQ(values.front().name, "width");
  EXPECT_DOUBLE_EQ(values.front().value, 3.0);
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = i + 1; j < values.size(); ++j) {
      EXPECT_NE(values[i].name, values[j].name);
    }
  }
  EXPECT_EQ(f.dead_ends, 4);  // a crossing: four arms of one tile
  EXPECT_EQ(f.longest_corridor, 3);
}

TEST(InteriorFeatures, RandomMapsKeepTheInvariants) {
  const legend l = make_legend(names);
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    rng r(seed);
    const int w = r.between(1, 21);
    const int h = r.between(1, 11);
    const double open = r.unit();
    tile_map map(w, h);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const entity_id other = static_cast<entity_id>(r.between(-1, static_cast<int>(names.size()) - 1));
        map.set({x, y}, r.chance(open) ? entity_id{1} : other);
      }
    }
    const interior_features f = measure(map, l);
    ASSERT_EQ(f, measure(map, l)) << "seed " << seed;
    ASSERT_GE(f.open_share, 0.0);
    ASSERT_LE(f.open_share, 1.0);
    ASSERT_LE(f.areas, f.walkable);
    ASSERT_LE(f.largest_area, f.walkable);
    ASSERT_EQ(f.areas == 0, f.walkable == 0);
    ASSERT_LE(f.widest_span, std::min(w, h));
    ASSERT_LE(f.longest_corridor, std::max(w, h));
    ASSERT_LE(f.dead_ends, f.walkable - f.doors);
    ASSERT_LE(f.water + f.doors, f.walkable);
    ASSERT_LE(f.chambers * 4, (w - 2) * (h - 2) > 0 ? (w - 2) * (h - 2) : 0);
    ASSERT_LE(f.water_share, 1.0);
  }
}

}  // namespace
}  // namespace dw::mapgen
