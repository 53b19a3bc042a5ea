#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <set>
#include <stdexcept>
#include <vector>

#include "mapgen/steps/delaunay.hpp"
#include "mapgen/steps/spanning_tree.hpp"

namespace dw::mapgen {
namespace {

std::int64_t cross(point o, point a, point b) {
  return static_cast<std::int64_t>(a.x - o.x) * (b.y - o.y) - static_cast<std::int64_t>(a.y - o.y) * (b.x - o.x);
}

// Brute force, in the widest integers the compiler has, so the check does not share the code's limits.
bool strictly_in_circle(point a, point b, point c, point p) {
  __extension__ using wide = __int128;
  const wide adx = a.x - p.x, ady = a.y - p.y, bdx = b.x - p.x, bdy = b.y - p.y, cdx = c.x - p.x, cdy = c.y - p.y;
  const wide det = (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) + (bdx * bdx + bdy * bdy) * (cdx * ady - adx * cdy) +
                   (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
  return det > 0;
}

// The distinct points on the convex hull's boundary, corners and points along its edges alike.
std::size_t on_hull(const std::vector<point>& distinct) {
  std::vector<point> pts = distinct;
  std::sort(pts.begin(), pts.end(), [](point a, point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
  std::vector<point> hull;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t base = hull.size();
    for (const point p : pts) {
      while (hull.size() >= base + 2 && cross(hull[hull.size() - 2], hull.back(), p) <= 0) {
        hull.pop_back();
      }
      hull.push_back(p);
    }
    hull.pop_back();
    std::reverse(pts.begin(), pts.end());
  }
  std::size_t count = 0;
  for (const point p : distinct) {
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const point a = hull[i];
      const point b = hull[(i + 1) % hull.size()];
      if (cross(a, b, p) == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
          p.y <= std::max(a.y, b.y)) {
        ++count;
        break;
      }
    }
  }
  return count;
}

bool connected(std::size_t n, const std::vector<edge>& edges) {
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int v) {
    while (parent[static_cast<std::size_t>(v)] != v) {
      v = parent[static_cast<std::size_t>(v)];
    }
    return v;
  };
  std::size_t parts = n;
  for (const edge& e : edges) {
    const int a = root(e.a);
    const int b = root(e.b);
    if (a != b) {
      parent[static_cast<std::size_t>(a)] = b;
      --parts;
    }
  }
  return parts <= 1;
}

std::vector<point> random_points(rng& random, int n, int spread) {
  std::vector<point> pts;
  for (int i = 0; i < n; ++i) {
    pts.push_back({random.between(-spread, spread), random.between(-spread, spread)});
  }
  return pts;
}

void check_triangulation(const std::vector<point>& pts, std::uint64_t seed) {
  const auto tris = delaunay_triangles(pts);
  const auto edges = delaunay(pts);
  std::vector<point> distinct;
  for (const point p : pts) {
    if (std::find(distinct.begin(), distinct.end(), p) == distinct.end()) {
      distinct.push_back(p);
    }
  }
  const std::size_t n = distinct.size();
  ASSERT_TRUE(std::is_sorted(edges.begin(), edges.end())) << "seed " << seed;
  ASSERT_EQ(std::adjacent_find(edges.begin(), edges.end()), edges.end()) << "seed " << seed;
  for (const edge& e : edges) {
    ASSERT_LT(e.a, e.b);
    ASSERT_GE(e.a, 0);
    ASSERT_LT(static_cast<std::size_t>(e.b), pts.size());
  }
  EXPECT_TRUE(connected(pts.size(), edges)) << "seed " << seed;
  if (n >= 3) {
    EXPECT_LE(edges.size(), 3 * pts.size() - 6 + (pts.size() - n)) << "seed " << seed;
  }
  for (const auto& t : tris) {
    const point a = pts[static_cast<std::size_t>(t[0])];
    const point b = pts[static_cast<std::size_t>(t[1])];
    const point c = pts[static_cast<std::size_t>(t[2])];
    ASSERT_GT(cross(a, b, c), 0) << "seed " << seed << ": a flat or clockwise triangle";
    for (const point p : distinct) {
      EXPECT_FALSE(strictly_in_circle(a, b, c, p)) << "seed " << seed << ": a point inside a circumcircle";
    }
  }
  // Any triangulation of n points, h of them on the hull's boundary, has 2n - h - 2 triangles: a missing
  // hull triangle or an overlap changes the count.
  if (!tris.empty()) {
    EXPECT_EQ(tris.size(), 2 * n - on_hull(distinct) - 2) << "seed " << seed;
  }
}

TEST(Delaunay, RandomPointSetsAreDelaunayTriangulations) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    rng random(seed);
    // Small spreads give many duplicates, collinear runs and cocircular quadruples.
    const int spread = seed % 3 == 0 ? 3 : (seed % 3 == 1 ? 12 : 8000);
    check_triangulation(random_points(random, random.between(0, 45), spread), seed);
  }
}

TEST(Delaunay, AGridIsTriangulatedWholly) {
  std::vector<point> grid;
  for (int y = 0; y < 6; ++y) {
    for (int x = 0; x < 7; ++x) {
      grid.push_back({x, y});
    }
  }
  check_triangulation(grid, 0);
  EXPECT_EQ(delaunay_triangles(grid).size(), 2U * 6U * 5U);
}

TEST(Delaunay, FewPoints) {
  EXPECT_TRUE(delaunay({}).empty());
  const std::vector<point> one{{4, 4}};
  EXPECT_TRUE(delaunay(one).empty());
  const std::vector<point> two{{4, 4}, {1, 9}};
  EXPECT_EQ(delaunay(two), (std::vector<edge>{{0, 1}}));
  const std::vector<point> three{{0, 0}, {5, 0}, {0, 5}};
  EXPECT_EQ(delaunay(three), (std::vector<edge>{{0, 1}, {0, 2}, {1, 2}}));
}

TEST(Delaunay, CollinearPointsJoinTheirNeighbours) {
  const std::vector<point> line{{6, 3}, {0, 0}, {4, 2}, {2, 1}, {8, 4}};
  EXPECT_EQ(delaunay(line), (std::vector<edge>{{0, 2}, {0, 4}, {1, 3}, {2, 3}}));
  const std::vector<point> vertical{{3, 9}, {3, 1}, {3, 5}};
  EXPECT_EQ(delaunay(vertical), (std::vector<edge>{{0, 2}, {1, 2}}));
}

TEST(Delaunay, DuplicatesJoinTheirFirstCopy) {
  const std::vector<point> pts{{1, 1}, {5, 5}, {1, 1}, {1, 1}};
  EXPECT_EQ(delaunay(pts), (std::vector<edge>{{0, 1}, {0, 2}, {0, 3}}));
  const std::vector<point> same{{2, 2}, {2, 2}};
  EXPECT_EQ(delaunay(same), (std::vector<edge>{{0, 1}}));
}

TEST(Delaunay, RefusesCoordinatesBeyondTheLimit) {
  const std::vector<point> far{{0, 0}, {delaunay_limit + 1, 0}, {0, 3}};
  EXPECT_THROW((void)delaunay(far), std::invalid_argument);
}

std::int64_t weight(const std::vector<point>& pts, const std::vector<edge>& edges) {
  std::int64_t sum = 0;
  for (const edge& e : edges) {
    sum += manhattan(pts[static_cast<std::size_t>(e.a)], pts[static_cast<std::size_t>(e.b)]);
  }
  return sum;
}

std::int64_t kruskal_weight(const std::vector<point>& pts, std::vector<edge> edges) {
  std::sort(edges.begin(), edges.end(), [&](const edge& l, const edge& r) {
    return manhattan(pts[static_cast<std::size_t>(l.a)], pts[static_cast<std::size_t>(l.b)]) <
           manhattan(pts[static_cast<std::size_t>(r.a)], pts[static_cast<std::size_t>(r.b)]);
  });
  std::vector<int> parent(pts.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int v) {
    while (parent[static_cast<std::size_t>(v)] != v) {
      v = parent[static_cast<std::size_t>(v)];
    }
    return v;
  };
  std::int64_t sum = 0;
  for (const edge& e : edges) {
    if (root(e.a) != root(e.b)) {
      parent[static_cast<std::size_t>(root(e.a))] = root(e.b);
      sum += manhattan(pts[static_cast<std::size_t>(e.a)], pts[static_cast<std::size_t>(e.b)]);
    }
  }
  return sum;
}

TEST(SpanningTree, WithoutLoopsItIsAMinimumSpanningTree) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    rng random(seed);
    const std::vector<point> pts = random_points(random, random.between(1, 40), seed % 2 == 0 ? 6 : 50);
    const std::vector<edge> candidates = delaunay(pts);
    const std::vector<edge> tree = spanning_tree(pts, candidates, random, 0);
    EXPECT_EQ(tree.size(), pts.size() - 1) << "seed " << seed;
    EXPECT_TRUE(connected(pts.size(), tree)) << "seed " << seed;
    EXPECT_EQ(weight(pts, tree), kruskal_weight(pts, candidates)) << "seed " << seed;
    EXPECT_TRUE(std::is_sorted(tree.begin(), tree.end()));
  }
}

TEST(SpanningTree, LoopsAddCandidateEdgesBack) {
  rng random(5);
  const std::vector<point> pts = random_points(random, 30, 40);
  const std::vector<edge> candidates = delaunay(pts);
  EXPECT_EQ(spanning_tree(pts, candidates, random, 1.0), candidates);
  const std::vector<edge> some = spanning_tree(pts, candidates, random, 0.5);
  EXPECT_GT(some.size(), pts.size() - 1);
  EXPECT_LT(some.size(), candidates.size());
  EXPECT_TRUE(std::includes(candidates.begin(), candidates.end(), some.begin(), some.end()));
}

TEST(SpanningTree, DisconnectedCandidatesGiveAForest) {
  const std::vector<point> pts{{0, 0}, {1, 0}, {9, 9}, {9, 8}, {20, 0}};
  const std::vector<edge> candidates{{0, 1}, {2, 3}};
  rng random(1);
  EXPECT_EQ(spanning_tree(pts, candidates, random, 0), candidates);
}

TEST(SpanningTree, SameSeedSameEdges) {
  rng setup(77);
  const std::vector<point> pts = random_points(setup, 40, 30);
  const std::vector<edge> candidates = delaunay(pts);
  rng a(123);
  rng b(123);
  EXPECT_EQ(spanning_tree(pts, candidates, a, 0.3), spanning_tree(pts, candidates, b, 0.3));
}

}  // namespace
}  // namespace dw::mapgen
