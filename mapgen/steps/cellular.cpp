#include "mapgen/steps/cellular.hpp"

#include <optional>
#include <vector>

#include "mapgen/steps/astar.hpp"
#include "mapgen/steps/factories.hpp"

namespace dw::mapgen {
namespace {

class cellular_step final : public step {
 public:
  explicit cellular_step(const param_reader& params)
      : rule_{params.entity("wall", "solid"), params.entity("floor", "empty"), params.integer("birth", 5, 0, 9),
              params.integer("survive", 4, 0, 9)},
        passes_(params.integer("passes", 4, 0, 1'000)) {
    if (params.find("fill") != nullptr) {
      fill_ = params.real("fill", 0.45, 0, 1);
    }
  }

  void run(tile_map& map, rect area, rng& random) const override {
    area = clip(area, map);
    if (fill_) {
      scatter_walls(map, area, rule_, *fill_, random);
    }
    cellular_passes(map, area, rule_, passes_);
  }

 private:
  cellular_rule rule_;
  int passes_;
  std::optional<double> fill_;  // absent: smooth what earlier explorers wrote
};

}  // namespace

void scatter_walls(tile_map& map, rect area, const cellular_rule& rule, double fill, rng& random) {
  area = clip(area, map);
  for (int y = area.y; y < area.y + area.h; ++y) {
    for (int x = area.x; x < area.x + area.w; ++x) {
      map.set({x, y}, random.chance(fill) ? rule.wall : rule.floor);
    }
  }
}

void cellular_passes(tile_map& map, rect area, const cellular_rule& rule, int passes) {
  area = clip(area, map);
  if (area.w == 0 || area.h == 0) {
    return;
  }
  // The previous pass as wall flags with a ring of walls around it: the outside counts as wall and the
  // neighbour count needs no bounds checks.
  const int stride = area.w + 2;
  std::vector<unsigned char> walls(static_cast<std::size_t>(stride) * static_cast<std::size_t>(area.h + 2), 1);
  auto flag = [&](int x, int y) -> unsigned char& {
    return walls[static_cast<std::size_t>(y + 1) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(x + 1)];
  };
  for (int pass = 0; pass < passes; ++pass) {
    for (int y = 0; y < area.h; ++y) {
      for (int x = 0; x < area.w; ++x) {
        flag(x, y) = map.at({area.x + x, area.y + y}) == rule.wall ? 1 : 0;
      }
    }
    for (int y = 0; y < area.h; ++y) {
      for (int x = 0; x < area.w; ++x) {
        const int around = flag(x - 1, y - 1) + flag(x, y - 1) + flag(x + 1, y - 1) + flag(x - 1, y) + flag(x + 1, y) +
                           flag(x - 1, y + 1) + flag(x, y + 1) + flag(x + 1, y + 1);
        const point p{area.x + x, area.y + y};
        const entity_id now = map.at(p);
        if (now == rule.floor && around >= rule.birth) {
          map.set(p, rule.wall);
        } else if (now == rule.wall && around < rule.survive) {
          map.set(p, rule.floor);
        }
      }
    }
  }
}

std::unique_ptr<step> make_cellular_step(const param_reader& params) {
  params.only({"wall", "floor", "fill", "passes", "birth", "survive"});
  return std::make_unique<cellular_step>(params);
}

}  // namespace dw::mapgen
