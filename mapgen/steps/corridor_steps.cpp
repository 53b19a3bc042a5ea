#include <algorithm>
#include <array>
#include <iterator>
#include <string>

#include "mapgen/steps/astar.hpp"
#include "mapgen/steps/corridors.hpp"
#include "mapgen/steps/delaunay.hpp"
#include "mapgen/steps/door_joins.hpp"
#include "mapgen/steps/factories.hpp"
#include "mapgen/steps/floor_areas.hpp"
#include "mapgen/steps/spanning_tree.hpp"

// The two corridor steps: find the separate floor areas, choose which pairs to join, and dig each join
// with A*. `joins` says how: `centres` (the default) from a tile near one area's centre to one near the
// other's, floor cheap to cross and anything else costing `dig`, so corridors reuse rooms they pass;
// `doors`, seed 003's way (door_joins.hpp), from a door on one to a door on the other, around the rooms.
namespace dw::mapgen {
namespace {

enum class join_style { centres, doors };

struct corridor_params {
  entity_id floor;
  entity_id corridor;
  int dig;
  join_style style;
  entity_id door;

  explicit corridor_params(const param_reader& params)
      : floor(params.entity("floor", "empty")),
        corridor(params.find("corridor") == nullptr ? floor : params.entity("corridor", "empty")),
        dig(params.integer("dig", 3, 1, 1'000'000)),
        style(read_style(params)),
        door(params.find("door") == nullptr ? corridor : params.entity("door", "empty")) {
    if (style == join_style::centres && params.find("door") != nullptr) {
      throw param_error("door", "is only for joins: doors");
    }
  }

  static join_style read_style(const param_reader& params) {
    const std::string* text = params.find("joins");
    if (text == nullptr || *text == "centres") {
      return join_style::centres;
    }
    if (*text == "doors") {
      return join_style::doors;
    }
    throw param_error("joins", "must be centres or doors, not \"" + *text + "\"");
  }
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

// The floor areas to join and, for each, the tile nearest its centre.
struct floor_rooms {
  std::vector<std::vector<point>> tiles;
  std::vector<point> centres;
};

floor_rooms find_rooms(const tile_map& map, rect area, entity_id floor) {
  const std::array<entity_id, 1> wanted{floor};
  floor_rooms rooms;
  rooms.tiles = connected_areas(map, area, wanted);
  for (const auto& tiles : rooms.tiles) {
    rooms.centres.push_back(representative(tiles));
  }
  return rooms;
}

// Digs the joins the way the parameters say.
void dig(tile_map& map, rect area, const corridor_params& p, const floor_rooms& rooms, std::span<const edge> joins,
         rng& random) {
  if (p.style == join_style::centres) {
    dig_joins(map, area, p, rooms.centres, joins);
    return;
  }
  door_joins doors(map, area, rooms.tiles);
  (void)doors.join(map, joins, rooms.centres, {p.floor, p.corridor, p.door}, p.dig, random);
}

class delaunay_corridors_step final : public step {
 public:
  explicit delaunay_corridors_step(const param_reader& params)
      : params_(params),
        loops_(params.real("loops", 0.15, 0, 1)),
        // Seed 003 checks for big loops after adding loops: with doors, rings of at most 4 rooms by default.
        max_loop_(params.integer("max_loop", params_.style == join_style::doors ? 4 : 0, 0, 1'000'000)) {
    if (max_loop_ > 0 && max_loop_ < 3) {
      throw param_error("max_loop", "must be 0 (no limit) or at least 3 (a ring of three rooms)");
    }
  }

  void run(tile_map& map, rect area, rng& random) const override {
    area = clip(area, map);
    const floor_rooms rooms = find_rooms(map, area, params_.floor);
    if (rooms.centres.size() < 2) {
      return;
    }
    tree_and_loops parts = spanning_tree_parts(rooms.centres, delaunay(rooms.centres), random, loops_);
    if (max_loop_ > 0) {
      parts.loops = small_loops(rooms.centres.size(), parts.tree, parts.loops, max_loop_);
    }
    std::vector<edge> joins;
    std::merge(parts.tree.begin(), parts.tree.end(), parts.loops.begin(), parts.loops.end(), std::back_inserter(joins));
    dig(map, area, params_, rooms, joins, random);
  }

 private:
  corridor_params params_;
  double loops_;
  int max_loop_;
};

class astar_corridors_step final : public step {
 public:
  explicit astar_corridors_step(const param_reader& params) : params_(params) {}

  void run(tile_map& map, rect area, rng& random) const override {
    area = clip(area, map);
    const floor_rooms rooms = find_rooms(map, area, params_.floor);
    dig(map, area, params_, rooms, nearest_joins(rooms.centres), random);
  }

 private:
  corridor_params params_;
};

}  // namespace

std::unique_ptr<step> make_delaunay_corridors_step(const param_reader& params) {
  params.only({"floor", "corridor", "loops", "dig", "joins", "door", "max_loop"});
  return std::make_unique<delaunay_corridors_step>(params);
}

std::unique_ptr<step> make_astar_corridors_step(const param_reader& params) {
  params.only({"floor", "corridor", "dig", "joins", "door"});
  return std::make_unique<astar_corridors_step>(params);
}

}  // namespace dw::mapgen
