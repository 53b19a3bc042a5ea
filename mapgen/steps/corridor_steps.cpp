#include <array>

#include "mapgen/steps/astar.hpp"
#include "mapgen/steps/corridors.hpp"
#include "mapgen/steps/delaunay.hpp"
#include "mapgen/steps/factories.hpp"
#include "mapgen/steps/floor_areas.hpp"
#include "mapgen/steps/spanning_tree.hpp"

// The two corridor steps: find the separate floor areas, choose which pairs to join, and dig each join
// with A* (floor is cheap to cross, anything else costs `dig`, so corridors reuse rooms they pass).
namespace dw::mapgen {
namespace {

struct corridor_params {
  entity_id floor;
  entity_id corridor;
  int dig;

  explicit corridor_params(const param_reader& params)
      : floor(params.entity("floor", "empty")),
        corridor(params.find("corridor") == nullptr ? floor : params.entity("corridor", "empty")),
        dig(params.integer("dig", 3, 1, 1'000'000)) {}
};

// Digs each join in order; a later join may run along an earlier corridor at floor cost.
void dig_joins(tile_map& map, rect area, const corridor_params& p, std::span<const point> reps,
               std::span<const edge> joins) {
  step_cost cost(p.dig);
  cost.set(p.floor, 1).set(p.corridor, 1);
  const std::array<entity_id, 2> keep{p.floor, p.corridor};
  path_finder finder;
  for (const edge& e : joins) {
    const std::vector<point> path =
        finder.find(map, area, reps[static_cast<std::size_t>(e.a)], reps[static_cast<std::size_t>(e.b)], cost);
    carve(map, path, keep, p.corridor);
  }
}

std::vector<point> representatives(const tile_map& map, rect area, entity_id floor) {
  const std::array<entity_id, 1> wanted{floor};
  std::vector<point> reps;
  for (const auto& tiles : connected_areas(map, area, wanted)) {
    reps.push_back(representative(tiles));
  }
  return reps;
}

class delaunay_corridors_step final : public step {
 public:
  explicit delaunay_corridors_step(const param_reader& params)
      : params_(params), loops_(params.real("loops", 0.15, 0, 1)) {}

  void run(tile_map& map, rect area, rng& random) const override {
    area = clip(area, map);
    const std::vector<point> reps = representatives(map, area, params_.floor);
    if (reps.size() < 2) {
      return;
    }
    const std::vector<edge> joins = spanning_tree(reps, delaunay(reps), random, loops_);
    dig_joins(map, area, params_, reps, joins);
  }

 private:
  corridor_params params_;
  double loops_;
};

class astar_corridors_step final : public step {
 public:
  explicit astar_corridors_step(const param_reader& params) : params_(params) {}

  void run(tile_map& map, rect area, rng& /*random*/) const override {
    area = clip(area, map);
    const std::vector<point> reps = representatives(map, area, params_.floor);
    dig_joins(map, area, params_, reps, nearest_joins(reps));
  }

 private:
  corridor_params params_;
};

}  // namespace

std::unique_ptr<step> make_delaunay_corridors_step(const param_reader& params) {
  params.only({"floor", "corridor", "loops", "dig"});
  return std::make_unique<delaunay_corridors_step>(params);
}

std::unique_ptr<step> make_astar_corridors_step(const param_reader& params) {
  params.only({"floor", "corridor", "dig"});
  return std::make_unique<astar_corridors_step>(params);
}

}  // namespace dw::mapgen
