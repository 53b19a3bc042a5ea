#include "mapgen/steps/drunkard.hpp"

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "mapgen/steps/astar.hpp"
#include "mapgen/steps/factories.hpp"

namespace dw::mapgen {
namespace {

class drunkard_step final : public step {
 public:
  explicit drunkard_step(const param_reader& params) {
    options_.floor = params.entity("floor", "empty");
    options_.share = params.real("share", 0.4, 0, 1);
    options_.walkers = params.integer("walkers", 1, 1, 1'000);
    options_.border = params.integer("border", 1, 0, 1'000);
    options_.max_steps = params.integer("steps", -1, 1, 2'000'000'000);
    if (const std::string* start = params.find("start"); start != nullptr) {
      if (*start == "random") {
        options_.random_start = true;
      } else if (*start != "centre" && *start != "center") {
        throw param_error("start", "must be \"centre\" or \"random\", not \"" + *start + "\"");
      }
    }
  }

  void run(tile_map& map, rect area, rng& random) const override { (void)drunkard_walk(map, area, options_, random); }

 private:
  drunkard_options options_;
};

}  // namespace

std::int64_t drunkard_walk(tile_map& map, rect area, const drunkard_options& options, rng& random) {
  area = clip(area, map);
  std::int64_t floor = 0;
  for (int y = area.y; y < area.y + area.h; ++y) {
    for (int x = area.x; x < area.x + area.w; ++x) {
      floor += map.at({x, y}) == options.floor ? 1 : 0;
    }
  }
  const rect inner{area.x + options.border, area.y + options.border, area.w - 2 * options.border,
                   area.h - 2 * options.border};
  if (inner.w <= 0 || inner.h <= 0) {
    return floor;
  }
  const auto target = static_cast<std::int64_t>(std::ceil(options.share * static_cast<double>(area.area())));
  const std::int64_t limit = options.max_steps >= 0 ? options.max_steps : 20 * static_cast<std::int64_t>(area.area());
  auto dig = [&](point p) {
    if (map.at(p) != options.floor && floor < target) {
      map.set(p, options.floor);
      ++floor;
    }
  };

  std::vector<point> walkers;
  for (int i = 0; i < options.walkers; ++i) {
    const point start = options.random_start
                            ? point{random.between(inner.x, inner.x + inner.w - 1), random.between(inner.y, inner.y + inner.h - 1)}
                            : point{inner.x + (inner.w - 1) / 2, inner.y + (inner.h - 1) / 2};
    walkers.push_back(start);
    dig(start);
  }
  if (inner.w == 1 && inner.h == 1) {
    return floor;  // nowhere to walk
  }
  constexpr std::array<point, 4> steps{{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
  std::int64_t taken = 0;
  while (floor < target && taken < limit) {
    for (point& walker : walkers) {
      // Only the directions that stay inside, so a walker at the edge does not stall.
      std::array<point, 4> open{};
      std::size_t n = 0;
      for (const point d : steps) {
        const point next{walker.x + d.x, walker.y + d.y};
        if (inner.contains(next)) {
          open[n++] = next;
        }
      }
      walker = open[random.below(n)];
      dig(walker);
      if (++taken >= limit || floor >= target) {
        break;
      }
    }
  }
  return floor;
}

std::unique_ptr<step> make_drunkard_step(const param_reader& params) {
  params.only({"floor", "share", "walkers", "start", "border", "steps"});
  return std::make_unique<drunkard_step>(params);
}

}  // namespace dw::mapgen
