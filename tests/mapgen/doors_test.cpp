#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "mapgen/doors.hpp"
#include "mapgen/step.hpp"
#include "mapgen/steps/floor_areas.hpp"

namespace dw::mapgen {
namespace {

constexpr entity_id wall = 0;
constexpr entity_id open = 1;
constexpr entity_id water = 2;
constexpr entity_id door = 3;
const std::vector<std::string> entities{"solid", "empty", "water", "door"};

// A room the way the game might make one: a few steps chosen by the seed, some water splashed about.
tile_map random_room(rng& random) {
  const int w = random.between(3, 21);
  const int h = random.between(3, 11);
  tile_map map(w, h, wall);
  const auto step = [&](const char* name, std::vector<std::pair<std::string, std::string>> given, rect area) {
    find_step(name)->make(param_reader(std::move(given), entities))->run(map, area, random);
  };
  switch (random.below(6)) {
    case 0: step("drunkard", {{"share", "0.3"}}, map.bounds()); break;
    case 1: step("cellular", {{"fill", "0.45"}}, map.bounds()); break;
    case 2: step("place_rooms", {{"min", "1x1"}, {"max", "4x3"}, {"gap", "0"}}, map.bounds()); break;
    case 3: step("bsp_rooms", {{"min", "3x3"}, {"max", "6x5"}, {"margin", "0"}}, map.bounds()); break;
    case 4: step("drunkard", {{"border", "0"}, {"walkers", "3"}, {"start", "random"}}, map.bounds()); break;
    default: break;  // solid rock
  }
  const int splashes = static_cast<int>(random.below(4));
  for (int i = 0; i < splashes; ++i) {
    map.set({random.between(0, w - 1), random.between(0, h - 1)}, water);
  }
  return map;
}

bool corner(const tile_map& map, point p) {
  return (p.x == 0 || p.x == map.width() - 1) && (p.y == 0 || p.y == map.height() - 1);
}

bool on_side(const tile_map& map, side s, point p) {
  switch (s) {
    case side::north: return p.y == 0;
    case side::east: return p.x == map.width() - 1;
    case side::south: return p.y == map.height() - 1;
    case side::west: return p.x == 0;
  }
  return false;
}

TEST(Doors, EveryDoorOnItsSideAndEverythingJoined) {
  constexpr std::array<side, 4> all{side::north, side::east, side::south, side::west};
  for (std::uint64_t seed = 0; seed < 250; ++seed) {
    rng setup(seed);
    const tile_map room = random_room(setup);
    const std::vector<entity_id> walkable = seed % 2 == 0 ? std::vector<entity_id>{open}
                                                          : std::vector<entity_id>{open, water};
    for (unsigned sides = 0; sides < 16; ++sides) {
      tile_map map = room;
      rng random(seed * 16 + sides);
      const door_plan plan = place_doors(map, sides, walkable, open, door, random);
      int doors = 0;
      for (const side s : all) {
        const auto& at = plan.at(s);
        ASSERT_EQ(at.has_value(), (sides & side_bit(s)) != 0) << "seed " << seed << " sides " << sides;
        if (at) {
          ++doors;
          EXPECT_TRUE(on_side(map, s, *at)) << "seed " << seed << " sides " << sides;
          EXPECT_FALSE(corner(map, *at)) << "seed " << seed << " sides " << sides;
          EXPECT_EQ(map.at(*at), door);
        }
      }
      EXPECT_EQ(std::count(map.tiles().begin(), map.tiles().end(), door), doors);
      std::vector<entity_id> joined = walkable;
      joined.push_back(door);
      EXPECT_LE(connected_areas(map, map.bounds(), joined).size(), 1U) << "seed " << seed << " sides " << sides;
      // The border only changes where a door went, or next to a walkable corner that was shut in.
      for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
          const point p{x, y};
          const bool border = x == 0 || y == 0 || x == map.width() - 1 || y == map.height() - 1;
          if (!border || map.at(p) == room.at(p) || map.at(p) == door) {
            continue;
          }
          const bool beside_corner = (x == 1 || x == map.width() - 2) && corner(map, {x == 1 ? 0 : x + 1, y});
          EXPECT_TRUE(beside_corner) << "seed " << seed << " sides " << sides << " dug the border at " << x << "," << y;
        }
      }
    }
  }
}

TEST(Doors, PreferTheMiddleTileThatOpensOntoFloor) {
  tile_map map(9, 5, wall);
  map.set({2, 1}, open);
  map.set({6, 1}, water);
  rng random(4);
  const std::array<entity_id, 2> walkable{open, water};
  const door_plan plan = place_doors(map, side_bit(side::north), walkable, open, door, random);
  // (2, 1) and (6, 1) are both 2 from the middle column 4: either may win, nothing else.
  ASSERT_TRUE(plan.at(side::north).has_value());
  const point at = *plan.at(side::north);
  EXPECT_TRUE(at == (point{2, 0}) || at == (point{6, 0}));
  EXPECT_FALSE(plan.at(side::south).has_value());
}

TEST(Doors, WithoutFloorADoorGoesNearTheMiddle) {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    tile_map map(21, 11, wall);
    rng random(seed);
    const std::array<entity_id, 1> walkable{open};
    const door_plan plan = place_doors(map, 0xF, walkable, open, door, random);
    EXPECT_GE(plan.at(side::north)->x, 5);
    EXPECT_LE(plan.at(side::north)->x, 15);
    EXPECT_GE(plan.at(side::west)->y, 3);
    EXPECT_LE(plan.at(side::west)->y, 7);
    const std::array<entity_id, 2> joined{open, door};
    EXPECT_EQ(connected_areas(map, map.bounds(), joined).size(), 1U);
  }
}

TEST(Doors, TheSmallestRoomWorks) {
  tile_map map(3, 3, wall);
  rng random(1);
  const std::array<entity_id, 1> walkable{open};
  const door_plan plan = place_doors(map, 0xF, walkable, open, door, random);
  EXPECT_EQ(*plan.at(side::north), (point{1, 0}));
  EXPECT_EQ(*plan.at(side::east), (point{2, 1}));
  EXPECT_EQ(*plan.at(side::south), (point{1, 2}));
  EXPECT_EQ(*plan.at(side::west), (point{0, 1}));
  EXPECT_EQ(map.at({1, 1}), open);
  EXPECT_EQ(map.at({0, 0}), wall);
}

TEST(Doors, TooNarrowForADoor) {
  tile_map map(2, 6, wall);
  rng random(1);
  const std::array<entity_id, 1> walkable{open};
  EXPECT_THROW((void)place_doors(map, side_bit(side::east), walkable, open, door, random), std::invalid_argument);
  EXPECT_NO_THROW((void)place_doors(map, 0, walkable, open, door, random));
}

TEST(Doors, SameSeedSameDoors) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    rng setup(seed);
    const tile_map room = random_room(setup);
    tile_map a = room;
    tile_map b = room;
    rng ra(seed);
    rng rb(seed);
    const std::array<entity_id, 1> walkable{open};
    EXPECT_EQ(place_doors(a, 0xF, walkable, open, door, ra).doors, place_doors(b, 0xF, walkable, open, door, rb).doors);
    EXPECT_EQ(a, b);
  }
}

}  // namespace
}  // namespace dw::mapgen
