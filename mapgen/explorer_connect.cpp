// turtle_connect: joins the separate areas of an entity set. The areas are found once per pass (tiles
// of the set joined by the explorer's `directions`, as Marahel groups them, or by `neighborhood` when
// the script gives it); starting from one area picked at random, the turtle walks a shortest path
// (moves from `directions`) from everything joined so far to the nearest tile of an area not yet
// joined, running the rules on every tile of the walk. When the rules turn walked tiles into the set
// (the usual "self(solid) -> self(empty)"), the set ends the pass as one connected area.
//
// Why this ends: the inside of each walk is tiles that were neither in the set nor joined, and they are
// joined afterwards, so all walks together visit at most the region's area plus two ends per area. So
// the tiles walked need no bound of their own (Marahel's connector has none: its `percent` is the share
// of its waypoints reached); a pass stops early only at its change budget, the region's area by default
// as for every explorer (a rule that fires on tiles already in the set can use it up), or at `tiles`
// when the script gives it.
#include <algorithm>
#include <array>
#include <limits>

#include "mapgen/explorer_run.hpp"

namespace dw::mapgen::detail {

namespace {

constexpr std::int32_t none = -1;
constexpr std::int32_t source = -2;

// The offsets of a neighbourhood without its centre, and with each one's opposite: joining is symmetric.
std::vector<point> links_of(const std::vector<point>& hood) {
  std::vector<point> links;
  for (const point& o : hood) {
    for (const point& d : {o, point{-o.x, -o.y}}) {
      if ((d.x != 0 || d.y != 0) && std::find(links.begin(), links.end(), d) == links.end()) {
        links.push_back(d);
      }
    }
  }
  return links;
}

// Labels each tile of the set with its area (breadth-first over `links`); returns the number of areas.
std::int32_t label_areas(rect region, const std::vector<std::int32_t>& set, const std::vector<point>& links,
                         explorer_env& env) {
  std::vector<std::int32_t>& labels = env.space.labels;
  std::vector<std::uint32_t>& queue = env.space.queue;
  const auto area = static_cast<std::uint32_t>(region.area());
  labels.assign(area, none);
  std::int32_t count = 0;
  for (std::uint32_t start = 0; start < area; ++start) {
    if (labels[start] != none || set[slot(env.b.read(tile_at(region, start)))] <= 0) {
      continue;
    }
    labels[start] = count;
    queue.assign(1, start);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const point u = tile_at(region, queue[head]);
      for (const point& d : links) {
        const point q{u.x + d.x, u.y + d.y};
        if (!region.contains(q)) {
          continue;
        }
        const std::uint32_t v = index_in(region, q);
        if (labels[v] == none && set[slot(env.b.read(q))] > 0) {
          labels[v] = count;
          queue.push_back(v);
        }
      }
    }
    ++count;
  }
  return count;
}

// Breadth-first from every joined tile; fills env.space.path with the walk (joined end first) to the
// nearest tile of an area not yet joined. False when none can be reached.
bool find_walk(rect region, const std::array<point, max_neighbourhood_side * max_neighbourhood_side>& moves,
               std::size_t move_count, explorer_env& env) {
  scratch& space = env.space;
  const auto area = static_cast<std::uint32_t>(region.area());
  space.parent.assign(area, none);
  space.queue.clear();
  for (std::uint32_t i = 0; i < area; ++i) {
    if (space.joined[i] != 0) {
      space.parent[i] = source;
      space.queue.push_back(i);
    }
  }
  for (std::size_t head = 0; head < space.queue.size(); ++head) {
    const std::uint32_t u = space.queue[head];
    const point up = tile_at(region, u);
    for (std::size_t m = 0; m < move_count; ++m) {
      const point q{up.x + moves[m].x, up.y + moves[m].y};
      if (!region.contains(q)) {
        continue;
      }
      const std::uint32_t v = index_in(region, q);
      if (space.parent[v] != none) {
        continue;
      }
      space.parent[v] = static_cast<std::int32_t>(u);
      if (space.labels[v] != none && space.joined[v] == 0) {
        space.path.clear();
        for (std::int32_t t = static_cast<std::int32_t>(v); t != source; t = space.parent[static_cast<std::size_t>(t)]) {
          space.path.push_back(static_cast<std::uint32_t>(t));
        }
        std::reverse(space.path.begin(), space.path.end());
        return true;
      }
      space.queue.push_back(v);
    }
  }
  return false;
}

}  // namespace

void run_connect_pass(const explorer& x, rect region, double repeat_share, explorer_env& env, rng& random) {
  const int area = region.area();
  const std::vector<point> links = links_of(env.s.neighbourhoods[x.connectivity]);
  if (area <= 0 || !env.budget.spend(static_cast<std::uint64_t>(area) * (links.size() + 1))) {
    return;
  }
  env.b.begin_pass(region, x.buffer);
  const std::int32_t areas = label_areas(region, env.s.sets[x.connect_set], links, env);
  if (areas <= 1) {
    env.b.end_pass();
    return;
  }
  std::array<point, max_neighbourhood_side * max_neighbourhood_side> moves{};
  std::size_t move_count = 0;
  for (const point& o : env.s.neighbourhoods[x.directions]) {
    if (o.x != 0 || o.y != 0) {
      moves[move_count++] = o;
    }
  }
  scratch& space = env.space;
  const std::int32_t first = static_cast<std::int32_t>(random.below(static_cast<std::uint64_t>(areas)));
  space.joined.assign(static_cast<std::size_t>(area), 0);
  for (std::size_t i = 0; i < space.joined.size(); ++i) {
    space.joined[i] = space.labels[i] == first ? 1 : 0;
  }
  rule_runner runner(env.s, env.b, random, env.noise, env.budget);
  const int tile_limit = x.tiles > 0 ? x.tiles : std::numeric_limits<int>::max();
  const int change_limit = x.changes > 0 ? x.changes : area;
  progress at{0, areas - 1, 0, change_limit, repeat_share};
  int visited = 0;
  int changes = 0;
  for (std::int32_t done = 0; done < areas - 1; ++done) {
    // The moves in a fresh random order for each walk, so that equally short walks vary.
    for (std::size_t i = move_count; i > 1; --i) {
      std::swap(moves[i - 1], moves[random.below(i)]);
    }
    if (!env.budget.spend(static_cast<std::uint64_t>(area) * (move_count + 1)) || !find_walk(region, moves, move_count, env)) {
      break;
    }
    for (std::uint32_t t : space.path) {
      if (visited >= tile_limit || changes >= change_limit || !env.budget.spend(x.tile_cost)) {
        env.b.end_pass();
        return;
      }
      at.tiles = done;  // (a walk's share of the walks, not of the tile budget)
      at.changes = changes;
      if (runner.apply(x, tile_at(region, t), at)) {
        ++changes;
      }
      ++visited;
      space.joined[t] = 1;
    }
    const std::int32_t reached = space.labels[space.path.back()];
    for (std::size_t i = 0; i < space.joined.size(); ++i) {
      if (space.labels[i] == reached) {
        space.joined[i] = 1;
      }
    }
  }
  env.b.end_pass();
}

}  // namespace dw::mapgen::detail
