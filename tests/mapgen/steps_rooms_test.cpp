#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "mapgen/step.hpp"
#include "mapgen/steps/bsp.hpp"
#include "mapgen/steps/room_placement.hpp"

namespace dw::mapgen {
namespace {

const std::vector<std::string> entities{"solid", "empty", "water"};

bool inside(const rect& outer, const rect& inner) {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
         inner.y + inner.h <= outer.y + outer.h;
}

// The number of tiles between two rooms along the axis that separates them most.
int tiles_between(const rect& a, const rect& b) {
  const int dx = std::max(b.x - (a.x + a.w), a.x - (b.x + b.w));
  const int dy = std::max(b.y - (a.y + a.h), a.y - (b.y + b.h));
  return std::max(dx, dy);
}

TEST(RoomPlacement, RoomsStayInsideApartAndWithinTheCount) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    rng setup(seed);
    const rect area{setup.between(-5, 5), setup.between(-5, 5), setup.between(1, 60), setup.between(1, 40)};
    const int count = setup.between(0, 12);
    const extent min{setup.between(1, 5), setup.between(1, 5)};
    const extent max{min.w + setup.between(0, 6), min.h + setup.between(0, 6)};
    const int gap = setup.between(0, 3);
    rng random(seed * 7 + 1);
    const std::vector<rect> rooms = place_rooms(random, area, count, min, max, 30, gap);
    ASSERT_LE(static_cast<int>(rooms.size()), count);
    for (std::size_t i = 0; i < rooms.size(); ++i) {
      EXPECT_TRUE(inside(area, rooms[i])) << "seed " << seed;
      EXPECT_GE(rooms[i].w, min.w);
      EXPECT_GE(rooms[i].h, min.h);
      EXPECT_LE(rooms[i].w, max.w);
      EXPECT_LE(rooms[i].h, max.h);
      for (std::size_t j = i + 1; j < rooms.size(); ++j) {
        EXPECT_FALSE(rooms[i].overlaps(rooms[j])) << "seed " << seed;
        EXPECT_GE(tiles_between(rooms[i], rooms[j]), gap) << "seed " << seed;
      }
    }
  }
}

TEST(RoomPlacement, PlacesEveryRoomWhenSpaceIsAmple) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    rng random(seed);
    EXPECT_EQ(place_rooms(random, {0, 0, 120, 80}, 8, {3, 3}, {7, 5}, 50, 1).size(), 8U) << "seed " << seed;
  }
}

TEST(RoomPlacement, NoRoomWhenTheSmallestDoesNotFit) {
  rng random(3);
  EXPECT_TRUE(place_rooms(random, {0, 0, 4, 10}, 5, {5, 3}, {7, 5}, 50, 1).empty());
  EXPECT_TRUE(place_rooms(random, {0, 0, 0, 0}, 5, {1, 1}, {2, 2}, 50, 0).empty());
}

TEST(RoomPlacement, ClampsTheLargestSizeToTheArea) {
  rng random(9);
  const std::vector<rect> rooms = place_rooms(random, {2, 3, 4, 4}, 1, {2, 2}, {9, 9}, 10, 0);
  ASSERT_EQ(rooms.size(), 1U);
  EXPECT_TRUE(inside({2, 3, 4, 4}, rooms.front()));
}

TEST(Bsp, LeavesPartitionTheAreaExactly) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    rng setup(seed);
    const rect area{setup.between(0, 4), setup.between(0, 4), setup.between(1, 70), setup.between(1, 50)};
    const extent min{setup.between(1, 6), setup.between(1, 6)};
    const extent max{min.w + setup.between(0, 12), min.h + setup.between(0, 12)};
    rng random(seed + 11);
    const std::vector<rect> leaves = bsp_leaves(random, area, min, max);
    std::vector<int> cover(static_cast<std::size_t>(area.area()), 0);
    for (const rect& leaf : leaves) {
      ASSERT_TRUE(inside(area, leaf)) << "seed " << seed;
      for (int y = leaf.y; y < leaf.y + leaf.h; ++y) {
        for (int x = leaf.x; x < leaf.x + leaf.w; ++x) {
          ++cover[static_cast<std::size_t>((y - area.y) * area.w + (x - area.x))];
        }
      }
    }
    EXPECT_TRUE(std::all_of(cover.begin(), cover.end(), [](int c) { return c == 1; })) << "seed " << seed;
  }
}

TEST(Bsp, LeavesRespectMinAndMaxWherePossible) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    rng setup(seed);
    const extent min{setup.between(1, 6), setup.between(1, 6)};
    const extent max{min.w + setup.between(0, 12), min.h + setup.between(0, 12)};
    const rect area{0, 0, setup.between(min.w, 80), setup.between(min.h, 60)};
    rng random(seed ^ 0xbeef);
    for (const rect& leaf : bsp_leaves(random, area, min, max)) {
      EXPECT_GE(leaf.w, min.w) << "seed " << seed;
      EXPECT_GE(leaf.h, min.h) << "seed " << seed;
      // Too wide only when no cut could keep both halves at min.
      if (leaf.w > max.w) {
        EXPECT_LT(leaf.w, 2 * min.w) << "seed " << seed;
      }
      if (leaf.h > max.h) {
        EXPECT_LT(leaf.h, 2 * min.h) << "seed " << seed;
      }
    }
  }
}

TEST(Bsp, ALeafThatFitsIsNotCut) {
  rng random(1);
  const std::vector<rect> leaves = bsp_leaves(random, {3, 4, 10, 8}, {4, 4}, {10, 8});
  ASSERT_EQ(leaves.size(), 1U);
  EXPECT_EQ(leaves.front(), (rect{3, 4, 10, 8}));
}

TEST(RoomSteps, WriteFloorOnlyInsideTheArea) {
  for (const char* name : {"place_rooms", "bsp_rooms"}) {
    const auto made = find_step(name)->make(param_reader({{"floor", "water"}}, entities));
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      tile_map map(40, 30, 0);
      const rect area{5, 4, 30, 20};
      rng random(seed);
      made->run(map, area, random);
      int water = 0;
      for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
          const entity_id e = map.at({x, y});
          water += e == 2 ? 1 : 0;
          EXPECT_TRUE(e == 0 || (e == 2 && area.contains({x, y}))) << name << " seed " << seed;
        }
      }
      EXPECT_GT(water, 0) << name << " seed " << seed;
    }
  }
}

TEST(RoomSteps, BspRoomsKeepTheirMarginFromTheArea) {
  const auto made = find_step("bsp_rooms")->make(param_reader({{"margin", "2"}}, entities));
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    tile_map map(30, 20, 0);
    rng random(seed);
    made->run(map, map.bounds(), random);
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        if (x < 2 || y < 2 || x >= 28 || y >= 18) {
          EXPECT_EQ(map.at({x, y}), 0) << "seed " << seed;
        }
      }
    }
  }
}

}  // namespace
}  // namespace dw::mapgen
