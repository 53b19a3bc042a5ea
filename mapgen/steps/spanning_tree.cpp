#include "mapgen/steps/spanning_tree.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <queue>
#include <tuple>

namespace dw::mapgen {

int manhattan(point a, point b) noexcept { return std::abs(a.x - b.x) + std::abs(a.y - b.y); }

tree_and_loops spanning_tree_parts(std::span<const point> points, std::span<const edge> edges, rng& random,
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

  tree_and_loops out;
  for (std::size_t k = 0; k < normal.size(); ++k) {
    if (in_tree[k]) {
      out.tree.push_back(normal[k]);
    } else if (loop_chance > 0 && random.chance(loop_chance)) {
      out.loops.push_back(normal[k]);
    }
  }
  return out;
}

std::vector<edge> spanning_tree(std::span<const point> points, std::span<const edge> edges, rng& random,
                                double loop_chance) {
  const tree_and_loops parts = spanning_tree_parts(points, edges, random, loop_chance);
  std::vector<edge> out;
  out.reserve(parts.tree.size() + parts.loops.size());
  std::merge(parts.tree.begin(), parts.tree.end(), parts.loops.begin(), parts.loops.end(), std::back_inserter(out));
  return out;
}

std::vector<edge> small_loops(std::size_t points, std::span<const edge> tree, std::span<const edge> loops,
                              int max_points) {
  std::vector<std::vector<int>> next(points);
  for (const edge& e : tree) {
    next[static_cast<std::size_t>(e.a)].push_back(e.b);
    next[static_cast<std::size_t>(e.b)].push_back(e.a);
  }
  std::vector<edge> kept;
  std::vector<int> hops(points);
  std::vector<int> queue;
  for (const edge& loop : loops) {
    // Breadth-first through the tree from one end: the ring is the hops to the other end, plus one.
    std::fill(hops.begin(), hops.end(), -1);
    hops[static_cast<std::size_t>(loop.a)] = 0;
    queue.assign(1, loop.a);
    for (std::size_t head = 0; head < queue.size() && hops[static_cast<std::size_t>(loop.b)] < 0; ++head) {
      const int u = queue[head];
      for (const int v : next[static_cast<std::size_t>(u)]) {
        if (hops[static_cast<std::size_t>(v)] < 0) {
          hops[static_cast<std::size_t>(v)] = hops[static_cast<std::size_t>(u)] + 1;
          queue.push_back(v);
        }
      }
    }
    const int ring = hops[static_cast<std::size_t>(loop.b)] + 1;
    if (ring > 1 && ring <= max_points) {
      kept.push_back(loop);
    }
  }
  return kept;
}

}  // namespace dw::mapgen
