#include "mapgen/explorer_run.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace dw::mapgen::detail {

namespace {

point random_tile(rng& random, rect r) {
  return {r.x + static_cast<int>(random.below(static_cast<std::uint64_t>(r.w))),
          r.y + static_cast<int>(random.below(static_cast<std::uint64_t>(r.h)))};
}

// Heuristics sort by their values; a distance to nothing sorts as -1, as in Marahel.
double sort_key(double v) { return std::isnan(v) ? -1.0 : v; }

using heuristic_keys = std::array<double, max_rule_parts>;

// <0, 0 or >0 as a sorts before, with or after b (first heuristic first).
int compare_keys(const heuristic_keys& a, const heuristic_keys& b, std::size_t count) {
  for (std::size_t k = 0; k < count; ++k) {
    if (a[k] != b[k]) {
      return a[k] < b[k] ? -1 : 1;
    }
  }
  return 0;
}

// The visiting order of a wide explorer: every tile once, at random or by the heuristics (worked out
// at the start of the pass; ties at random).
void order_tiles(const explorer& x, rect region, explorer_env& env, rng& random, rule_runner& runner) {
  const auto area = static_cast<std::uint32_t>(region.area());
  std::vector<std::uint32_t>& order = env.space.order;
  order.resize(area);
  std::iota(order.begin(), order.end(), 0U);
  if (x.kind == explorer_kind::shuffled) {
    for (std::uint32_t i = area; i > 1; --i) {
      std::swap(order[i - 1], order[random.below(i)]);
    }
    return;
  }
  const std::size_t h = x.heuristics.size();
  std::vector<double>& keys = env.space.keys;
  std::vector<std::uint64_t>& ties = env.space.ties;
  keys.resize(static_cast<std::size_t>(area) * h);
  ties.resize(area);
  const progress start{};
  for (std::uint32_t i = 0; i < area; ++i) {
    const point p = tile_at(region, i);
    for (std::size_t k = 0; k < h; ++k) {
      keys[i * h + k] = sort_key(runner.evaluate(x.heuristics[k], p, start));
    }
    ties[i] = random.next();
  }
  // A total order (index last), so every standard library sorts the same way.
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    for (std::size_t k = 0; k < h; ++k) {
      if (keys[a * h + k] != keys[b * h + k]) {
        return keys[a * h + k] < keys[b * h + k];
      }
    }
    if (ties[a] != ties[b]) {
      return ties[a] < ties[b];
    }
    return a < b;
  });
}

// turtle_heur: the neighbour (by `directions`, inside the region) with the best heuristics; ties at
// random; stays put when no neighbour is inside.
point greedy_step(const explorer& x, point p, rect region, explorer_env& env, rng& random, rule_runner& runner,
                  const progress& at) {
  const std::size_t h = x.heuristics.size();
  heuristic_keys best{};
  heuristic_keys keys{};
  point chosen = p;
  std::uint64_t ties = 0;
  for (const point& o : env.s.neighbourhoods[x.directions]) {
    const point q{p.x + o.x, p.y + o.y};
    if (!region.contains(q)) {
      continue;
    }
    for (std::size_t k = 0; k < h; ++k) {
      keys[k] = sort_key(runner.evaluate(x.heuristics[k], q, at));
    }
    const int order = ties == 0 ? -1 : compare_keys(keys, best, h);
    if (order < 0) {
      best = keys;
      chosen = q;
      ties = 1;
    } else if (order == 0 && random.below(++ties) == 0) {
      chosen = q;
    }
  }
  return chosen;
}

void run_pass(const explorer& x, rect region, double repeat_share, explorer_env& env, rng& random) {
  if (x.kind == explorer_kind::connect) {
    run_connect_pass(x, region, repeat_share, env, random);
    return;
  }
  const int area = region.area();
  if (area <= 0 || !env.budget.spend(static_cast<std::uint64_t>(area))) {
    return;
  }
  env.b.begin_pass(region, x.buffer);
  rule_runner runner(env.s, env.b, random, env.noise, env.budget);
  const bool wide = x.kind == explorer_kind::ordered || x.kind == explorer_kind::shuffled;
  if (wide) {
    if (!env.budget.spend(static_cast<std::uint64_t>(area) * x.tile_cost)) {
      env.b.end_pass();
      return;
    }
    order_tiles(x, region, env, random, runner);
  }
  const std::vector<point>& moves = env.s.neighbourhoods[x.directions];
  point p{region.x, region.y};
  point heading{0, 0};
  if (x.kind == explorer_kind::drunk || x.kind == explorer_kind::greedy) {
    p = random_tile(random, region);  // turtles start anywhere in the region (as in Marahel)
  }
  if (x.kind == explorer_kind::drunk) {
    heading = moves[random.below(moves.size())];
  }
  const int tile_limit = x.tiles > 0 ? x.tiles : area;
  const int change_limit = x.changes > 0 ? x.changes : area;
  progress at{0, tile_limit, 0, change_limit, repeat_share};
  int visited = 0;
  int changes = 0;
  // narrow_horz and narrow_vert: the next tile in reading order (by rows or by columns), wrapping
  // round when the tile budget is larger than the region; kept as a column and a row rather than
  // divided out of `visited` at every tile.
  int across = 0;
  int down = 0;
  const auto advance = [](int& fast, int& slow, int fast_size, int slow_size) {
    if (++fast == fast_size) {
      fast = 0;
      if (++slow == slow_size) {
        slow = 0;
      }
    }
  };
  while (visited < tile_limit && changes < change_limit) {
    if ((wide && visited >= area) || !env.budget.spend(x.tile_cost)) {
      break;
    }
    switch (x.kind) {
      case explorer_kind::horizontal:
        p = {region.x + across, region.y + down};
        advance(across, down, region.w, region.h);
        break;
      case explorer_kind::vertical:
        p = {region.x + across, region.y + down};
        advance(down, across, region.h, region.w);
        break;
      case explorer_kind::scatter:
        p = random_tile(random, region);
        break;
      case explorer_kind::ordered:
      case explorer_kind::shuffled:
        p = tile_at(region, env.space.order[static_cast<std::uint32_t>(visited)]);  // (visited < area here)
        break;
      default:
        break;  // turtles are where their last step took them
    }
    at.tiles = visited;
    at.changes = changes;
    if (runner.apply(x, p, at)) {
      ++changes;
    }
    ++visited;
    if (x.kind == explorer_kind::drunk) {
      // Straight on, turning at random or at the region's edge; a heading that leaves the region is
      // not taken (the turtle waits a step and draws again).
      if (random.chance(x.change) || !region.contains({p.x + heading.x, p.y + heading.y})) {
        heading = moves[random.below(moves.size())];
      }
      if (const point next{p.x + heading.x, p.y + heading.y}; region.contains(next)) {
        p = next;
      }
    } else if (x.kind == explorer_kind::greedy) {
      p = greedy_step(x, p, region, env, random, runner, at);
    }
  }
  env.b.end_pass();
}

}  // namespace

void run_explorer(const explorer& x, std::span<const rect> regions, explorer_env& env, rng& random) {
  const rect map = env.b.map().bounds();
  std::vector<rect> chosen;
  for (int item : x.regions) {
    if (item == whole_map) {
      chosen.push_back(map);
    } else if (item == every_region) {
      chosen.insert(chosen.end(), regions.begin(), regions.end());
    } else if (static_cast<std::size_t>(item) < regions.size()) {
      chosen.push_back(regions[static_cast<std::size_t>(item)]);  // a region the divider could not make is skipped
    }
  }
  if (x.kind == explorer_kind::step) {
    for (const rect& r : chosen) {
      if (!env.budget.spend(static_cast<std::uint64_t>(r.area()) + 1)) {
        return;
      }
      x.named->run(env.b.map(), r, random);
      env.b.recount();
    }
    return;
  }
  // Marahel's order: each repeat goes over every chosen region before the next repeat starts.
  for (int repeat = 0; repeat < x.repeats && !env.budget.exhausted(); ++repeat) {
    for (const rect& r : chosen) {
      run_pass(x, r, static_cast<double>(repeat) / x.repeats, env, random);
    }
  }
}

}  // namespace dw::mapgen::detail
