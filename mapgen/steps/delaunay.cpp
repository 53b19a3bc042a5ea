#include "mapgen/steps/delaunay.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>

namespace dw::mapgen {
namespace {

using triangle = std::array<int, 3>;
constexpr int ghost = -1;  // the vertex at infinity: (u, v, ghost) has the outside of the hull left of u→v

std::int64_t orient(point a, point b, point c) {
  return (static_cast<std::int64_t>(b.x) - a.x) * (static_cast<std::int64_t>(c.y) - a.y) -
         (static_cast<std::int64_t>(b.y) - a.y) * (static_cast<std::int64_t>(c.x) - a.x);
}

// > 0 when p is strictly inside the circle through a, b, c (counter-clockwise). With coordinates within
// ±delaunay_limit each difference is below 2^14, each product below 2^58 and the sum below 2^61.
std::int64_t in_circle(point a, point b, point c, point p) {
  const std::int64_t adx = a.x - p.x;
  const std::int64_t ady = a.y - p.y;
  const std::int64_t bdx = b.x - p.x;
  const std::int64_t bdy = b.y - p.y;
  const std::int64_t cdx = c.x - p.x;
  const std::int64_t cdy = c.y - p.y;
  return (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) + (bdx * bdx + bdy * bdy) * (cdx * ady - adx * cdy) +
         (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
}

bool strictly_between(point a, point b, point p) {
  // p is on the line ab; inside the open segment when it is strictly inside the box of a and b.
  const bool in_x = a.x == b.x ? p.x == a.x : (std::min(a.x, b.x) < p.x && p.x < std::max(a.x, b.x));
  const bool in_y = a.y == b.y ? p.y == a.y : (std::min(a.y, b.y) < p.y && p.y < std::max(a.y, b.y));
  return in_x && in_y;
}

// Rotates a triangle so that a ghost vertex, if any, comes last (rotation keeps the orientation).
triangle with_ghost_last(triangle t) {
  while (t[0] == ghost || t[1] == ghost) {
    t = {t[1], t[2], t[0]};
  }
  return t;
}

// Whether inserting p destroys t: p inside its circumcircle; for a ghost triangle, p beyond its hull edge
// or on that edge's open segment (the rule that keeps the cavity star-shaped around p).
bool conflicts(const triangle& t, std::span<const point> pts, point p) {
  if (t[2] == ghost) {
    const point u = pts[static_cast<std::size_t>(t[0])];
    const point v = pts[static_cast<std::size_t>(t[1])];
    const std::int64_t side = orient(u, v, p);
    return side > 0 || (side == 0 && strictly_between(u, v, p));
  }
  return in_circle(pts[static_cast<std::size_t>(t[0])], pts[static_cast<std::size_t>(t[1])],
                   pts[static_cast<std::size_t>(t[2])], p) > 0;
}

struct prepared {
  std::vector<int> first;     // for each point, the first index at the same place
  std::vector<int> distinct;  // the indices that are their own first, in order
};

prepared deduplicate(std::span<const point> pts) {
  prepared out;
  out.first.resize(pts.size());
  std::vector<int> order(pts.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int i, int j) {
    const point a = pts[static_cast<std::size_t>(i)];
    const point b = pts[static_cast<std::size_t>(j)];
    return a.y != b.y ? a.y < b.y : (a.x != b.x ? a.x < b.x : i < j);
  });
  for (std::size_t k = 0; k < order.size(); ++k) {
    const auto i = static_cast<std::size_t>(order[k]);
    const bool same = k > 0 && pts[static_cast<std::size_t>(order[k - 1])] == pts[i];
    out.first[i] = same ? out.first[static_cast<std::size_t>(order[k - 1])] : order[k];
  }
  for (std::size_t i = 0; i < pts.size(); ++i) {
    if (out.first[i] == static_cast<int>(i)) {
      out.distinct.push_back(static_cast<int>(i));
    }
  }
  return out;
}

void insert(std::vector<triangle>& tris, std::span<const point> pts, int index) {
  const point p = pts[static_cast<std::size_t>(index)];
  std::vector<std::array<int, 2>> rim;
  std::vector<triangle> kept;
  kept.reserve(tris.size() + 4);
  for (const triangle& t : tris) {
    if (conflicts(t, pts, p)) {
      rim.push_back({t[0], t[1]});
      rim.push_back({t[1], t[2]});
      rim.push_back({t[2], t[0]});
    } else {
      kept.push_back(t);
    }
  }
  // An edge shared by two destroyed triangles appears once each way and is inside the cavity; the rest
  // bound it, and each becomes a triangle with p.
  for (const auto& e : rim) {
    const bool inner = std::any_of(rim.begin(), rim.end(), [&](const auto& o) { return o[0] == e[1] && o[1] == e[0]; });
    if (!inner) {
      kept.push_back(with_ghost_last({e[0], e[1], index}));
    }
  }
  tris = std::move(kept);
}

std::vector<triangle> triangulate(std::span<const point> pts, const prepared& prep) {
  const std::vector<int>& ids = prep.distinct;
  if (ids.size() < 3) {
    return {};
  }
  const int a = ids[0];
  const int b = ids[1];
  const auto third = std::find_if(ids.begin() + 2, ids.end(), [&](int c) {
    return orient(pts[static_cast<std::size_t>(a)], pts[static_cast<std::size_t>(b)], pts[static_cast<std::size_t>(c)]) != 0;
  });
  if (third == ids.end()) {
    return {};  // all on one line
  }
  const int c = *third;
  const bool ccw = orient(pts[static_cast<std::size_t>(a)], pts[static_cast<std::size_t>(b)], pts[static_cast<std::size_t>(c)]) > 0;
  const triangle first = ccw ? triangle{a, b, c} : triangle{a, c, b};
  std::vector<triangle> tris{first,
                             {first[1], first[0], ghost},
                             {first[2], first[1], ghost},
                             {first[0], first[2], ghost}};
  for (const int id : ids) {
    if (id != a && id != b && id != c) {
      insert(tris, pts, id);
    }
  }
  std::erase_if(tris, [](const triangle& t) { return t[2] == ghost; });
  return tris;
}

void check_limits(std::span<const point> pts) {
  for (const point& p : pts) {
    if (p.x < -delaunay_limit || p.x > delaunay_limit || p.y < -delaunay_limit || p.y > delaunay_limit) {
      throw std::invalid_argument("delaunay: a coordinate is beyond ±" + std::to_string(delaunay_limit));
    }
  }
}

edge ordered(int i, int j) { return i < j ? edge{i, j} : edge{j, i}; }

}  // namespace

std::vector<std::array<int, 3>> delaunay_triangles(std::span<const point> points) {
  check_limits(points);
  std::vector<triangle> tris = triangulate(points, deduplicate(points));
  std::sort(tris.begin(), tris.end());
  return tris;
}

std::vector<edge> delaunay(std::span<const point> points) {
  check_limits(points);
  const prepared prep = deduplicate(points);
  std::vector<edge> edges;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (prep.first[i] != static_cast<int>(i)) {
      edges.push_back(ordered(prep.first[i], static_cast<int>(i)));
    }
  }
  const std::vector<triangle> tris = triangulate(points, prep);
  if (tris.empty() && prep.distinct.size() >= 2) {
    // Collinear (or just two points): along a line, (x, y) order is the order along it.
    std::vector<int> line = prep.distinct;
    std::sort(line.begin(), line.end(), [&](int i, int j) {
      const point p = points[static_cast<std::size_t>(i)];
      const point q = points[static_cast<std::size_t>(j)];
      return p.x != q.x ? p.x < q.x : p.y < q.y;
    });
    for (std::size_t k = 1; k < line.size(); ++k) {
      edges.push_back(ordered(line[k - 1], line[k]));
    }
  }
  for (const triangle& t : tris) {
    edges.push_back(ordered(t[0], t[1]));
    edges.push_back(ordered(t[1], t[2]));
    edges.push_back(ordered(t[2], t[0]));
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return edges;
}

}  // namespace dw::mapgen
