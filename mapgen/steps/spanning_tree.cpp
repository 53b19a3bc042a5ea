#include "mapgen/steps/spanning_tree.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <queue>
#include <tuple>

namespace dw::mapgen {

int manhattan(point a, point b) noexcept { return std::abs(a.x - b.x) + std::abs(a.y - b.y); }

std::vector<edge> spanning_tree(std::span<const point> points, std::span<const edge> edges, rng& random,
                                double loop_chance) {
  const std::size_t n = points.size();
  std::vector<edge> normal;
  normal.reserve(edges.size());
  for (const edge& e : edges) {
    if (e.a != e.b && e.a >= 0 && e.b >= 0 && static_cast<std::size_t>(e.a) < n && static_cast<std::size_t>(e.b) < n) {
      normal.push_back(e.a < e.b ? e : edge{e.b, e.a});
    }
  }
  std::sort(normal.begin(), normal.end());
  normal.erase(std::unique(normal.begin(), normal.end()), normal.end());

  std::vector<std::vector<std::size_t>> touching(n);  // edge positions by endpoint
  for (std::size_t k = 0; k < normal.size(); ++k) {
    touching[static_cast<std::size_t>(normal[k].a)].push_back(k);
    touching[static_cast<std::size_t>(normal[k].b)].push_back(k);
  }
  auto length = [&](const edge& e) {
    return manhattan(points[static_cast<std::size_t>(e.a)], points[static_cast<std::size_t>(e.b)]);
  };

  // (length, a, b) is unique per edge, so the order Prim takes edges in does not depend on the heap.
  using entry = std::tuple<int, int, int>;
  std::priority_queue<entry, std::vector<entry>, std::greater<>> frontier;
  std::vector<bool> reached(n, false);
  std::vector<bool> in_tree(normal.size(), false);
  auto reach = [&](std::size_t v) {
    reached[v] = true;
    for (const std::size_t k : touching[v]) {
      const edge& e = normal[k];
      if (!reached[static_cast<std::size_t>(e.a)] || !reached[static_cast<std::size_t>(e.b)]) {
        frontier.emplace(length(e), e.a, e.b);
      }
    }
  };
  for (std::size_t root = 0; root < n; ++root) {
    if (reached[root]) {
      continue;
    }
    reach(root);
    while (!frontier.empty()) {
      const auto [len, a, b] = frontier.top();
      frontier.pop();
      const bool ra = reached[static_cast<std::size_t>(a)];
      const bool rb = reached[static_cast<std::size_t>(b)];
      if (ra && rb) {
        continue;
      }
      const auto k = static_cast<std::size_t>(std::lower_bound(normal.begin(), normal.end(), edge{a, b}) - normal.begin());
      in_tree[k] = true;
      reach(static_cast<std::size_t>(ra ? b : a));
    }
  }

  std::vector<edge> out;
  for (std::size_t k = 0; k < normal.size(); ++k) {
    if (in_tree[k] || (loop_chance > 0 && random.chance(loop_chance))) {
      out.push_back(normal[k]);
    }
  }
  return out;
}

}  // namespace dw::mapgen
