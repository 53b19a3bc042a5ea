#include "content/room_interior.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <queue>
#include <set>

#include "content_test_support.hpp"
#include "dungeon/random.hpp"
#include "mapgen/features.hpp"
#include "mapgen/script.hpp"

namespace dw::content {
namespace {

using testing::content_copy;
using testing::real_tables;

const content_tables& tables() {
  static const content_tables loaded = real_tables();
  return loaded;
}

/// Every walkable tile of the room reached from `from` (4-neighbour).
std::set<std::pair<int, int>> reachable(const room_interior& room, mapgen::point from) {
  const mapgen::legend legend = mapgen::make_legend(room.entities);
  std::set<std::pair<int, int>> seen{{from.x, from.y}};
  std::queue<mapgen::point> todo;
  todo.push(from);
  while (!todo.empty()) {
    const mapgen::point p = todo.front();
    todo.pop();
    for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
      const mapgen::point q{p.x + dx, p.y + dy};
      if (room.map.inside(q) && legend.walkable(room.map.at(q)) && seen.insert({q.x, q.y}).second) {
        todo.push(q);
      }
    }
  }
  return seen;
}

TEST(RoomInterior, EveryBandBuildsInteriorsFromItsScripts) {
  ASSERT_FALSE(tables().rooms.empty());
  EXPECT_GE(tables().interiors.scripts.size(), 6U);
  for (const room_band& band : tables().rooms) {
    EXPECT_FALSE(band.interiors.empty()) << band.name;
    EXPECT_FALSE(band.material.empty()) << band.name;
    const auto room = make_interior(tables(), band.min_depth, 42, side_north | side_west);
    ASSERT_TRUE(room.has_value()) << band.name;
    EXPECT_LE(room->map.width(), 21);
    EXPECT_LE(room->map.height(), 11);
    EXPECT_FALSE(room->name.empty());
    EXPECT_FALSE(room->description.empty());
    EXPECT_EQ(room->name.find('{'), std::string::npos) << room->name;
    EXPECT_EQ(room->description.find('{'), std::string::npos) << room->description;
  }
}

TEST(RoomInterior, ADoorOnEachSideWithAnExitAndEveryDoorReachesEveryOther) {
  for (const room_band& band : tables().rooms) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      for (unsigned sides = 0; sides < 16; ++sides) {
        const auto room = make_interior(tables(), band.min_depth, seed * 7919 + sides, sides);
        ASSERT_TRUE(room.has_value());
        const int w = room->map.width();
        const int h = room->map.height();
        std::vector<mapgen::point> doors;
        for (unsigned s = 0; s < 4; ++s) {
          const auto& door = room->doors[s];
          ASSERT_EQ(door.has_value(), (sides & (1U << s)) != 0) << band.name << " seed " << seed << " sides " << sides;
          if (!door) {
            continue;
          }
          const bool on_side = (s == 0 && door->y == 0) || (s == 1 && door->x == w - 1) ||
                               (s == 2 && door->y == h - 1) || (s == 3 && door->x == 0);
          EXPECT_TRUE(on_side) << "side " << s << " door at " << door->x << "," << door->y;
          EXPECT_EQ(room->tile_name(*door), "door");
          doors.push_back(*door);
        }
        if (doors.empty()) {
          continue;
        }
        const auto from_first = reachable(*room, doors.front());
        for (const mapgen::point d : doors) {
          EXPECT_TRUE(from_first.count({d.x, d.y})) << band.name << " seed " << seed << " sides " << sides;
        }
        // The monsters and what lies on the floor stand on walkable tiles the doors reach.
        ASSERT_FALSE(room->spots.empty());
        for (std::size_t i = 0; i < std::min<std::size_t>(4, room->spots.size()); ++i) {
          EXPECT_TRUE(from_first.count({room->spots[i].x, room->spots[i].y}));
        }
      }
    }
  }
}

TEST(RoomInterior, TheSameSeedGivesTheSameInteriorAndANewDoorKeepsTheWords) {
  const auto a = make_interior(tables(), 20, 123456789, side_east);
  const auto b = make_interior(tables(), 20, 123456789, side_east);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->map, b->map);
  EXPECT_EQ(a->name, b->name);
  EXPECT_EQ(a->description, b->description);
  const auto c = make_interior(tables(), 20, 123456789, side_east | side_south);
  ASSERT_TRUE(c);
  EXPECT_EQ(a->name, c->name);
  EXPECT_EQ(a->description, c->description);
  EXPECT_EQ(a->features, c->features);
}

TEST(RoomInterior, RoomsOfOneBranchReadDifferently) {
  // 200 rooms of one branch, as the server makes them: a walk from the well eastwards, each room's seed
  // from the branch seed and its place. The goal: at least 60% of the room screens (name and
  // description) differ from every other.
  const std::uint64_t branch_seed = dungeon::branch_seed(2024, 1);
  dungeon::splitmix64 walk(99);
  std::set<std::pair<int, int>> visited;
  std::vector<std::pair<int, int>> rooms;
  int x = 1;
  int y = 0;
  while (rooms.size() < 200) {
    if (visited.insert({x, y}).second) {
      rooms.emplace_back(x, y);
    }
    switch (dungeon::bounded(walk, 4)) {
      case 0: ++x; break;
      case 1: x = std::max(1, x - 1); break;
      case 2: ++y; break;
      default: --y; break;
    }
  }
  std::map<std::string, int> screens;
  for (const auto& [rx, ry] : rooms) {
    const dungeon::coord pos{rx, ry};
    const std::uint64_t seed = dungeon::room_seed(branch_seed, pos);
    const auto room = make_interior(tables(), static_cast<int>(dungeon::depth_of(pos)), seed, side_west | side_east);
    ASSERT_TRUE(room);
    ++screens[room->name + "\n" + room->description];
  }
  int unique = 0;
  for (const auto& [text, count] : screens) {
    unique += count == 1 ? 1 : 0;
  }
  EXPECT_GE(unique, 120) << "only " << unique << " of 200 room screens differ from every other";
}

TEST(RoomInterior, LookSeesWhatTheRoomHolds) {
  int seen_water = 0;
  int refused = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto room = make_interior(tables(), 0, seed, side_north);
    ASSERT_TRUE(room);
    const bool has_water = room->features.water > 0;
    const auto text = look_at_tiles(tables(), *room, "water");
    EXPECT_EQ(text.has_value(), has_water);
    seen_water += text ? 1 : 0;
    refused += text ? 0 : 1;
    const auto walls = look_at_tiles(tables(), *room, "WALLS");
    ASSERT_TRUE(walls.has_value());
    EXPECT_NE(walls->find(std::to_string(room->map.width())), std::string::npos) << *walls;
    EXPECT_FALSE(look_at_tiles(tables(), *room, "dragon").has_value());
  }
  EXPECT_GT(seen_water, 0) << "no room near the well had water";
}

TEST(RoomInteriorTables, MistakesAreRefusedNamingFileAndKey) {
  {
    content_copy copy("interior_unknown_script");
    copy.replace("rooms.toml", "\"flooded_tunnels:3\"", "\"floded_tunnels:3\"");
    const content_error e = copy.load_error();
    EXPECT_NE(e.file.find("rooms.toml"), std::string::npos);
    EXPECT_EQ(e.key, "bands[0].interiors[0]");
    EXPECT_NE(e.reason.find("floded_tunnels"), std::string::npos) << e.reason;
  }
  {
    content_copy copy("interior_bad_weight");
    copy.replace("rooms.toml", "\"flooded_tunnels:3\"", "\"flooded_tunnels:x\"");
    EXPECT_EQ(copy.load_error().key, "bands[0].interiors[0]");
  }
  {
    content_copy copy("interior_bad_condition");
    copy.replace("interiors.toml", "when = \"water >= 0.35\"", "when = \"wetness >= 0.35\"");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "shapes[0].when");
    EXPECT_NE(e.reason.find("wetness"), std::string::npos);
    EXPECT_GT(e.line, 0U);
  }
  {
    content_copy copy("interior_bad_placeholder");
    copy.replace("interiors.toml", "Flooded {place}", "Flooded {stuff}");
    const content_error e = copy.load_error();
    EXPECT_EQ(e.key, "shapes[0].names[0]");
    EXPECT_NE(e.reason.find("{stuff}"), std::string::npos);
  }
  {
    content_copy copy("interior_last_shape_conditional");
    copy.replace("interiors.toml", "names = [\"{material} {place}\"", "when = \"open > 0\"\nnames = [\"{material} {place}\"");
    EXPECT_NE(copy.load_error().reason.find("last shape"), std::string::npos);
  }
  {
    content_copy copy("interior_broken_script");
    copy.write("interiors/flooded_tunnels.json", "{\"metadata\": {\"min\": \"9x9\", \"max\": \"5x5\"}}");
    const content_error e = copy.load_error();
    EXPECT_NE(e.file.find("interiors/flooded_tunnels.json"), std::string::npos) << e.to_string();
  }
}

}  // namespace
}  // namespace dw::content
