// Seed 003's joins (door_joins.hpp, `joins: doors` of the corridor steps): a random door on a wall tile
// that is not a corner and not blocked, one per connection, A* from door to door, and the check for big
// loops after loops are added.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "mapgen/step.hpp"
#include "mapgen/steps/corridors.hpp"
#include "mapgen/steps/delaunay.hpp"
#include "mapgen/steps/door_joins.hpp"
#include "mapgen/steps/floor_areas.hpp"
#include "mapgen/steps/room_placement.hpp"
#include "mapgen/steps/spanning_tree.hpp"

namespace dw::mapgen {
namespace {

constexpr entity_id solid = 0;
constexpr entity_id floor_tile = 1;
constexpr entity_id hall = 2;
constexpr entity_id gate = 3;
const std::vector<std::string> entities{"solid", "empty", "hall", "gate"};
const std::array<entity_id, 3> open_tiles{floor_tile, hall, gate};

tile_map rooms_map(int w, int h, const std::vector<rect>& rooms) {
  tile_map map(w, h, solid);
  for (const rect& r : rooms) {
    for (int y = r.y; y < r.y + r.h; ++y) {
      for (int x = r.x; x < r.x + r.w; ++x) {
        map.set({x, y}, floor_tile);
      }
    }
  }
  return map;
}

entity_id at_or_solid(const tile_map& map, point p) { return map.inside(p) ? map.at(p) : solid; }

// Every gate is a door in a straight wall: one floor tile on one side, a corridor (or a door) on the
// other, wall either side of it along the wall. Returns the gates.
std::vector<point> check_gates(const tile_map& map, const std::string& what) {
  std::vector<point> gates;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      if (map.at({x, y}) != gate) {
        continue;
      }
      gates.push_back({x, y});
      int floors = 0;
      point inside;
      for (const point d : {point{0, -1}, point{1, 0}, point{0, 1}, point{-1, 0}}) {
        if (at_or_solid(map, {x + d.x, y + d.y}) == floor_tile) {
          ++floors;
          inside = d;
        }
      }
      EXPECT_EQ(floors, 1) << what << ": gate " << x << "," << y;
      const entity_id beyond = at_or_solid(map, {x - inside.x, y - inside.y});
      EXPECT_TRUE(beyond == hall || beyond == gate) << what << ": gate " << x << "," << y << " opens onto " << beyond;
      EXPECT_EQ(at_or_solid(map, {x + inside.y, y - inside.x}), solid) << what << ": a corner at " << x << "," << y;
      EXPECT_EQ(at_or_solid(map, {x - inside.y, y + inside.x}), solid) << what << ": a corner at " << x << "," << y;
    }
  }
  return gates;
}

// No corridor tile touches a room's floor, even at a corner: rooms are entered by their doors only.
void check_corridors_keep_off_rooms(const tile_map& map, const std::string& what) {
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      if (map.at({x, y}) != hall) {
        continue;
      }
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          EXPECT_NE(at_or_solid(map, {x + dx, y + dy}), floor_tile) << what << ": corridor " << x << "," << y;
        }
      }
    }
  }
}

TEST(DoorJoins, ADoorOnEachRoomForEachConnectionJoinedDoorToDoor) {
  const std::vector<rect> rooms{{3, 3, 8, 6}, {27, 3, 9, 6}, {13, 15, 10, 6}};
  const auto step = find_step("astar_corridors")
                        ->make(param_reader({{"joins", "doors"}, {"corridor", "hall"}, {"door", "gate"}}, entities));
  std::set<std::pair<int, int>> places;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    tile_map map = rooms_map(40, 24, rooms);
    rng random(seed);
    step->run(map, map.bounds(), random);
    const std::string what = "seed " + std::to_string(seed);
    const std::vector<point> gates = check_gates(map, what);
    EXPECT_EQ(gates.size(), 4U) << what << ": two joins, two doors each";
    check_corridors_keep_off_rooms(map, what);
    EXPECT_EQ(connected_areas(map, map.bounds(), open_tiles).size(), 1U) << what;
    for (const point g : gates) {
      places.insert({g.x, g.y});
    }
  }
  // Random doors, not the middle of a side: forty seeds put them in many places.
  EXPECT_GT(places.size(), 30U);
}

TEST(DoorJoins, DoorsAreWallTilesThatAreNeitherCornersNorBlocked) {
  // One room against the map's left edge and a second room two tiles from its right side: no door on the
  // left (no wall there), none on the right wall facing the second room (the tile beyond it is that room's
  // wall: blocked), none at a corner.
  const tile_map map = rooms_map(30, 12, {{0, 2, 6, 5}, {8, 2, 6, 5}});
  const std::vector<std::vector<point>> areas = connected_areas(map, map.bounds(), std::array<entity_id, 1>{floor_tile});
  ASSERT_EQ(areas.size(), 2U);
  std::set<std::pair<int, int>> seen;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    door_joins doors(map, map.bounds(), areas);
    rng random(seed);
    const std::optional<point> d = doors.pick_door(0, random);
    ASSERT_TRUE(d.has_value());
    seen.insert({d->x, d->y});
  }
  std::set<std::pair<int, int>> expected;
  for (int x = 0; x <= 5; ++x) {  // the walls above and below the room (the corners, x = -1 and 6, touch it only diagonally)
    expected.insert({x, 1});
    expected.insert({x, 7});
  }
  EXPECT_EQ(seen, expected);
  // Taken doors and their neighbours are not given again; a room runs out.
  door_joins doors(map, map.bounds(), areas);
  rng random(1);
  int given = 0;
  while (doors.pick_door(0, random)) {
    ++given;
  }
  EXPECT_GE(given, 4);
  EXPECT_LE(given, 6);
}

TEST(DoorJoins, JoinsEveryRoomOfRandomLayouts) {
  int door_to_door = 0;
  int joins_total = 0;
  for (std::uint64_t seed = 0; seed < 150; ++seed) {
    rng random(seed);
    tile_map map = rooms_map(44, 30, place_rooms(random, {1, 1, 42, 28}, 7, {3, 3}, {8, 6}, 30, 2));
    const std::vector<std::vector<point>> areas = connected_areas(map, map.bounds(), std::array<entity_id, 1>{floor_tile});
    std::vector<point> centres;
    for (const auto& a : areas) {
      centres.push_back(representative(a));
    }
    const std::vector<edge> joins = spanning_tree(centres, delaunay(centres), random, 0.3);
    door_joins doors(map, map.bounds(), areas);
    door_to_door += doors.join(map, joins, centres, {floor_tile, hall, gate}, 3, random);
    joins_total += static_cast<int>(joins.size());
    const std::string what = "seed " + std::to_string(seed);
    EXPECT_EQ(connected_areas(map, map.bounds(), open_tiles).size(), 1U) << what;
  }
  // Nearly every join finds its two doors and a way round (the rest are dug centre to centre).
  EXPECT_GT(door_to_door * 10, joins_total * 9) << door_to_door << " of " << joins_total;
}

TEST(SpanningTree, PartsAreTheTreeAndTheLoopsItAdds) {
  rng setup(11);
  std::vector<point> pts;
  for (int i = 0; i < 30; ++i) {
    pts.push_back({setup.between(0, 60), setup.between(0, 40)});
  }
  const std::vector<edge> candidates = delaunay(pts);
  rng a(5);
  rng b(5);
  const tree_and_loops parts = spanning_tree_parts(pts, candidates, a, 0.4);
  std::vector<edge> merged;
  std::merge(parts.tree.begin(), parts.tree.end(), parts.loops.begin(), parts.loops.end(), std::back_inserter(merged));
  EXPECT_EQ(merged, spanning_tree(pts, candidates, b, 0.4));
  EXPECT_EQ(parts.tree.size(), pts.size() - 1);
  EXPECT_FALSE(parts.loops.empty());
}

TEST(SpanningTree, SmallLoopsDropsLoopsThatCloseBigRings) {
  // A path 0-1-2-3-4-5: the loop 0-2 closes a ring of 3 rooms, 1-4 of 4, 0-5 of 6.
  const std::vector<edge> tree{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}};
  const std::vector<edge> loops{{0, 2}, {0, 5}, {1, 4}};
  EXPECT_EQ(small_loops(6, tree, loops, 3), (std::vector<edge>{{0, 2}}));
  EXPECT_EQ(small_loops(6, tree, loops, 4), (std::vector<edge>{{0, 2}, {1, 4}}));
  EXPECT_EQ(small_loops(6, tree, loops, 6), loops);
  // Ends the tree does not join close no ring: dropped.
  EXPECT_TRUE(small_loops(7, tree, std::vector<edge>{{2, 6}}, 100).empty());
}

TEST(CorridorSteps, DoorJoinsCheckTheRingsTheirLoopsClose) {
  // Every candidate edge back in (loops 1): with max_loop 3 only triangles stay, so fewer doors than
  // with no limit; joins: doors takes 4 when not told.
  const auto count_gates = [](std::vector<std::pair<std::string, std::string>> params) {
    params.insert(params.end(), {{"joins", "doors"}, {"corridor", "hall"}, {"door", "gate"}, {"loops", "1"}});
    const auto step = find_step("delaunay_corridors")->make(param_reader(params, entities));
    int gates = 0;
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      rng random(seed);
      tile_map map = rooms_map(60, 40, place_rooms(random, {1, 1, 58, 38}, 10, {3, 3}, {6, 5}, 30, 3));
      step->run(map, map.bounds(), random);
      gates += static_cast<int>(std::count(map.tiles().begin(), map.tiles().end(), gate));
    }
    return gates;
  };
  const int triangles = count_gates({{"max_loop", "3"}});
  const int fours = count_gates({});
  const int any = count_gates({{"max_loop", "0"}});
  EXPECT_LT(triangles, fours);
  EXPECT_LT(fours, any);
}

TEST(CorridorSteps, JoinsParametersAreChecked) {
  auto refused = [](const char* step, std::vector<std::pair<std::string, std::string>> params) -> std::string {
    try {
      (void)find_step(step)->make(param_reader(std::move(params), entities));
    } catch (const param_error& e) {
      return e.key;
    }
    return "";
  };
  EXPECT_EQ(refused("delaunay_corridors", {{"joins", "middles"}}), "joins");
  EXPECT_EQ(refused("delaunay_corridors", {{"door", "gate"}}), "door") << "a door needs joins: doors";
  EXPECT_EQ(refused("delaunay_corridors", {{"joins", "doors"}, {"max_loop", "2"}}), "max_loop");
  EXPECT_EQ(refused("delaunay_corridors", {{"joins", "doors"}, {"door", "lava"}}), "door");
  EXPECT_EQ(refused("astar_corridors", {{"max_loop", "3"}}), "max_loop") << "no loops to check";
  EXPECT_EQ(refused("astar_corridors", {{"joins", "doors"}, {"door", "gate"}}), "");
  EXPECT_EQ(refused("delaunay_corridors", {{"joins", "centres"}, {"max_loop", "5"}}), "");
}

}  // namespace
}  // namespace dw::mapgen
