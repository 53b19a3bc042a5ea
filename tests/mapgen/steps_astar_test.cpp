#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <queue>
#include <vector>

#include "mapgen/step.hpp"
#include "mapgen/steps/astar.hpp"
#include "mapgen/steps/floor_areas.hpp"

namespace dw::mapgen {
namespace {

constexpr std::int64_t none = std::numeric_limits<std::int64_t>::max();

// Plain Dijkstra from `from`, every tile of `area` that the cost allows: the reference A* must match.
std::int64_t dijkstra(const tile_map& map, rect area, point from, point to, const step_cost& cost) {
  std::vector<std::int64_t> dist(static_cast<std::size_t>(area.area()), none);
  auto slot = [&](point p) { return static_cast<std::size_t>((p.y - area.y) * area.w + (p.x - area.x)); };
  using entry = std::pair<std::int64_t, int>;
  std::priority_queue<entry, std::vector<entry>, std::greater<>> queue;
  dist[slot(from)] = 0;
  queue.emplace(0, static_cast<int>(slot(from)));
  while (!queue.empty()) {
    const auto [d, i] = queue.top();
    queue.pop();
    if (d != dist[static_cast<std::size_t>(i)]) {
      continue;
    }
    const point here{area.x + i % area.w, area.y + i / area.w};
    for (const point step : std::array<point, 4>{{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}}) {
      const point next{here.x + step.x, here.y + step.y};
      if (!area.contains(next) || cost(map.at(next)) < 0) {
        continue;
      }
      const std::int64_t nd = d + cost(map.at(next));
      if (nd < dist[slot(next)]) {
        dist[slot(next)] = nd;
        queue.emplace(nd, static_cast<int>(slot(next)));
      }
    }
  }
  return dist[slot(to)];
}

tile_map random_map(rng& random, int w, int h) {
  tile_map map(w, h, 0);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      map.set({x, y}, static_cast<entity_id>(random.below(4)));
    }
  }
  return map;
}

TEST(Astar, FindsTheCheapestPathLikeDijkstra) {
  path_finder finder;  // one finder for all: its reused buffers must not leak between searches
  step_cost cost(1);
  cost.set(0, 1).set(1, 3).set(2, -1).set(3, 7);
  int found = 0;
  int missing = 0;
  for (std::uint64_t seed = 0; seed < 1500; ++seed) {
    rng random(seed);
    const tile_map map = random_map(random, random.between(1, 24), random.between(1, 16));
    const int ax = random.between(0, map.width() - 1);
    const int ay = random.between(0, map.height() - 1);
    const rect area{ax, ay, random.between(1, map.width() - ax), random.between(1, map.height() - ay)};
    const point from{random.between(area.x, area.x + area.w - 1), random.between(area.y, area.y + area.h - 1)};
    const point to{random.between(area.x, area.x + area.w - 1), random.between(area.y, area.y + area.h - 1)};
    const std::vector<point> path = finder.find(map, area, from, to, cost);
    const std::int64_t best = dijkstra(map, area, from, to, cost);
    if (best == none) {
      EXPECT_TRUE(path.empty()) << "seed " << seed;
      ++missing;
      continue;
    }
    ++found;
    ASSERT_FALSE(path.empty()) << "seed " << seed;
    EXPECT_EQ(path.front(), from);
    EXPECT_EQ(path.back(), to);
    std::int64_t total = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
      ASSERT_TRUE(area.contains(path[i])) << "seed " << seed;
      ASSERT_EQ(std::abs(path[i].x - path[i - 1].x) + std::abs(path[i].y - path[i - 1].y), 1) << "seed " << seed;
      ASSERT_GE(cost(map.at(path[i])), 0) << "seed " << seed;
      total += cost(map.at(path[i]));
    }
    EXPECT_EQ(total, best) << "seed " << seed;
  }
  // Both outcomes must have been exercised for the comparison to mean something.
  EXPECT_GT(found, 500);
  EXPECT_GT(missing, 50);
}

TEST(Astar, OpenGroundGivesAShortestManhattanPath) {
  const tile_map map(30, 20, 0);
  const std::vector<point> path = astar(map, map.bounds(), {2, 3}, {25, 17}, step_cost(1));
  EXPECT_EQ(path.size(), 23U + 14U + 1U);
}

TEST(Astar, EdgeCases) {
  tile_map map(5, 5, 0);
  map.set({4, 4}, 2);
  step_cost cost(1);
  cost.set(2, -1);
  EXPECT_EQ(astar(map, map.bounds(), {1, 1}, {1, 1}, cost), (std::vector<point>{point{1, 1}}));
  EXPECT_TRUE(astar(map, map.bounds(), {1, 1}, {4, 4}, cost).empty());         // impassable goal
  EXPECT_TRUE(astar(map, {0, 0, 3, 3}, {1, 1}, {3, 3}, cost).empty());         // goal outside the area
  EXPECT_EQ(astar(map, map.bounds(), {4, 4}, {4, 3}, cost).size(), 2U);        // leaving a wall is allowed
  EXPECT_TRUE(astar(map, {-3, -3, 20, 20}, {0, 0}, {4, 0}, cost).size() == 5U);  // the area is clipped
}

TEST(Astar, SameInputSamePath) {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    rng random(seed);
    const tile_map map = random_map(random, 20, 12);
    step_cost cost(1);
    cost.set(1, 2).set(2, -1);
    path_finder one;
    path_finder other;
    (void)other.find(map, {0, 0, 7, 7}, {0, 0}, {6, 6}, cost);  // a different history must not matter
    EXPECT_EQ(one.find(map, map.bounds(), {0, 0}, {19, 11}, cost), other.find(map, map.bounds(), {0, 0}, {19, 11}, cost));
  }
}

TEST(StepCost, TableAndFallback) {
  step_cost cost(5);
  cost.set(2, 1).set(unknown, -1);
  EXPECT_EQ(cost(0), 5);
  EXPECT_EQ(cost(2), 1);
  EXPECT_EQ(cost(9), 5);
  EXPECT_EQ(cost(unknown), -1);
  EXPECT_EQ(cost.cheapest(), 1);
}

// Corridor steps: every floor area inside the area ends up joined, nothing outside it changes.
void check_corridors(const char* name, std::vector<std::pair<std::string, std::string>> params) {
  const std::vector<std::string> entities{"solid", "empty", "water", "hall"};
  const auto made = find_step(name)->make(param_reader(params, entities));
  const auto rooms = find_step("place_rooms")->make(param_reader({{"rooms", "9"}}, entities));
  const bool own_corridor = !params.empty() && params.front().first == "corridor";
  for (std::uint64_t seed = 0; seed < 120; ++seed) {
    tile_map map(44, 30, 0);
    const rect area{3, 2, 38, 26};
    rng random(seed);
    rooms->run(map, area, random);
    if (seed % 3 == 0) {
      map.set({4, 3}, 2);  // something neither floor nor wall, to dig through
    }
    const tile_map before = map;
    made->run(map, area, random);
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const point p{x, y};
        if (!area.contains(p) || before.at(p) == 1) {
          ASSERT_EQ(map.at(p), before.at(p)) << name << " seed " << seed;
        } else if (map.at(p) != before.at(p)) {
          ASSERT_EQ(map.at(p), own_corridor ? 3 : 1) << name << " seed " << seed;
        }
      }
    }
    const std::array<entity_id, 2> open{1, 3};
    EXPECT_EQ(connected_areas(map, map.bounds(), open).size(), 1U) << name << " seed " << seed;
  }
}

TEST(CorridorSteps, DelaunayCorridorsJoinEveryArea) {
  check_corridors("delaunay_corridors", {});
  check_corridors("delaunay_corridors", {{"corridor", "hall"}, {"loops", "0.5"}, {"dig", "1"}});
}

TEST(CorridorSteps, AstarCorridorsJoinEveryArea) {
  check_corridors("astar_corridors", {});
  check_corridors("astar_corridors", {{"corridor", "hall"}, {"dig", "10"}});
}

TEST(CorridorSteps, OneAreaOrNoneIsLeftAlone) {
  const std::vector<std::string> entities{"solid", "empty"};
  for (const char* name : {"delaunay_corridors", "astar_corridors"}) {
    const auto made = find_step(name)->make(param_reader({}, entities));
    tile_map map(10, 10, 0);
    rng random(1);
    made->run(map, map.bounds(), random);
    EXPECT_EQ(map, tile_map(10, 10, 0));
    map.set({3, 3}, 1);
    const tile_map one = map;
    made->run(map, map.bounds(), random);
    EXPECT_EQ(map, one);
  }
}

TEST(FloorAreas, RepresentativeIsTheTileNearestTheCentroid) {
  // An L: its centroid (0.6, 0.6) is nearest (1, 0) and (0, 1) alike; the smaller y wins.
  const std::vector<point> l_shape{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {0, 2}};
  EXPECT_EQ(representative(l_shape), (point{1, 0}));
  // A ring: the centroid is the hole in the middle; the nearest tiles are the four sides' middles.
  const std::vector<point> ring{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
  EXPECT_EQ(representative(ring), (point{1, 0}));
  const std::vector<point> bar{{5, 5}, {6, 5}, {7, 5}};
  EXPECT_EQ(representative(bar), (point{6, 5}));
}

}  // namespace
}  // namespace dw::mapgen
