#include "mapgen/steps/corridors.hpp"

#include <algorithm>
#include <limits>

#include "mapgen/steps/spanning_tree.hpp"

namespace dw::mapgen {

std::vector<edge> nearest_joins(std::span<const point> points) {
  const std::size_t n = points.size();
  std::vector<edge> joins;
  if (n < 2) {
    return joins;
  }
  // Prim's order on the complete graph: for each waiting point, its nearest joined point so far.
  std::vector<bool> joined(n, false);
  std::vector<int> best(n, std::numeric_limits<int>::max());
  std::vector<int> via(n, 0);
  auto join = [&](std::size_t v) {
    joined[v] = true;
    for (std::size_t w = 0; w < n; ++w) {
      const int d = manhattan(points[v], points[w]);
      if (!joined[w] && d < best[w]) {  // strict: an equal distance keeps the earlier (smaller) joined index
        best[w] = d;
        via[w] = static_cast<int>(v);
      }
    }
  };
  join(0);
  for (std::size_t round = 1; round < n; ++round) {
    std::size_t pick = n;
    for (std::size_t w = 0; w < n; ++w) {
      if (!joined[w] && (pick == n || best[w] < best[pick])) {
        pick = w;
      }
    }
    const int a = via[pick];
    const int b = static_cast<int>(pick);
    joins.push_back(a < b ? edge{a, b} : edge{b, a});
    join(pick);
  }
  return joins;
}

void carve(tile_map& map, std::span<const point> path, std::span<const entity_id> keep, entity_id corridor) {
  for (const point p : path) {
    if (std::find(keep.begin(), keep.end(), map.at(p)) == keep.end()) {
      map.set(p, corridor);
    }
  }
}

}  // namespace dw::mapgen
