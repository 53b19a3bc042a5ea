#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mapgen/step.hpp"
#include "mapgen/tile_map.hpp"

// A script as the loader leaves it: every name resolved to an index, every rule, estimator and entity
// list turned into plain structs, every number checked against its bound. Generation reads only this.
// Internal to mapgen (the loader, the rule runtime, the explorers and the generator share it).
namespace dw::mapgen::detail {

/// What a rule reads outside the explorer's region (Marahel's reserved `out`); never stored in a map.
inline constexpr entity_id out_value = -2;

/// Tile values as rules see them (out, unknown, then the entities) map to table slots value + 2.
constexpr std::size_t slot(entity_id value) noexcept { return static_cast<std::size_t>(value + 2); }

// Load-time limits: each bounds a loop of generation, so a hostile script stays cheap to run.
inline constexpr int max_side = 200;
inline constexpr int max_entities = 250;
inline constexpr int max_neighbourhoods = 64;
inline constexpr int max_neighbourhood_side = 21;
inline constexpr int max_explorers = 64;
inline constexpr int max_rules = 64;           // per explorer
inline constexpr int max_rule_parts = 16;      // conditions, executers or heuristics in one rule or list
inline constexpr int max_list_items = 32;      // names in one entity list
inline constexpr int max_weight = 1000;        // of one entity in a list
inline constexpr int max_repeats = 1000;
inline constexpr int max_tiles = 1'000'000;    // `tiles` and `changes`
inline constexpr int max_regions = 64;
inline constexpr int max_trials = 1000;
inline constexpr int max_rule_length = 1000;   // characters of one rule or heuristics string
inline constexpr int generation_attempts = 10; // tries to meet the entities' `min` counts (as Marahel)
inline constexpr int max_noise_scale = 64;     // noise<N>
/// Work units (tiles visited, neighbourhood cells read, search steps) one generate() call may spend;
/// past it the remaining explorers stop early. Counted, not timed, so the map stays deterministic.
inline constexpr std::uint64_t work_budget = std::uint64_t{1} << 26U;

enum class estimator_kind : std::uint8_t {
  number,         // a constant
  random,         // uniform in [0, 1)
  noise,          // gradient noise in [-1, 1] at the tile, features `number` times the usual width
  percent,        // share of the pass's tile budget used
  cpercent,       // share of the pass's change budget used
  rpercent,       // share of the repeats done
  count,          // tiles of one entity in the region
  neighbourhood,  // weighted matches of an entity set in a neighbourhood
  centre,         // the same, for a neighbourhood of the centre tile alone (`self`): one read, no loop
  distance,       // Manhattan distance to the nearest tile of an entity set in the region (or, for out, outside it)
};

struct estimator {
  estimator_kind kind = estimator_kind::number;
  double number = 0;           ///< number; noise: its scale
  std::uint16_t hood = 0;      ///< neighbourhood, centre: index into script::neighbourhoods
  std::uint16_t set = 0;       ///< neighbourhood, centre, distance: index into script::sets
  entity_id entity = unknown;  ///< count
};

enum class comparison : std::uint8_t { greater, less, greater_equal, less_equal, equal, not_equal };

/// "left op right" as a rule tests it; a NaN on either side (a distance to nothing) passes, as in Marahel.
inline bool compare(comparison op, double left, double right) noexcept {
  if (left != left || right != right) {
    return true;
  }
  switch (op) {
    case comparison::greater:
      return left > right;
    case comparison::less:
      return left < right;
    case comparison::greater_equal:
      return left >= right;
    case comparison::less_equal:
      return left <= right;
    case comparison::equal:
      return left == right;
    case comparison::not_equal:
      return left != right;
  }
  return false;
}

/// "left op right"; a lone estimator is stored as "left > 0", a lone neighbourhood(entities) as
/// "left > cells - 1" (Marahel's reading: every checked cell matches).
struct condition {
  estimator left;
  comparison op = comparison::greater;
  estimator right;
  /// When `left` is a neighbourhood sum that another rule of the same explorer reads too: the memo slot
  /// it shares with them while one tile's rules are tried (see share_reads); -1 otherwise.
  std::int8_t memo = -1;
};

/// Memo slots one explorer's rules may share (rule_runner keeps their validity in one 32-bit mask).
inline constexpr int max_memo_slots = 32;

/// One entity drawn by weight (`solid:2|empty:1`), written on every cell of a neighbourhood.
struct executer {
  std::uint16_t hood = 0;
  std::uint16_t choice = 0;  ///< index into script::choices
};

struct choice_list {
  std::vector<std::pair<entity_id, std::uint32_t>> cumulative;  ///< entity, running weight total
  std::uint32_t total = 0;
};

/// Ranges into script::conditions and script::executers.
struct rule {
  std::uint32_t first_condition = 0;
  std::uint32_t condition_count = 0;
  std::uint32_t first_executer = 0;
  std::uint32_t executer_count = 0;
};

enum class explorer_kind : std::uint8_t {
  horizontal,  // narrow_horz: row by row
  vertical,    // narrow_vert: column by column
  scatter,     // narrow_rand: random tiles, revisits allowed
  drunk,       // turtle_drunk: straight lines with a chance to turn
  greedy,      // turtle_heur: the best neighbour by the heuristics
  connect,     // turtle_connect: walks between the separate areas of an entity set
  ordered,     // wide_heur: every tile once, in heuristic order
  shuffled,    // wide_rand: every tile once, in random order
  step,        // a named step (step.hpp)
};

/// Where an explorer runs: the whole map, every region, or region i.
inline constexpr int whole_map = -2;
inline constexpr int every_region = -1;

struct explorer {
  explorer_kind kind = explorer_kind::horizontal;
  std::vector<int> regions;        ///< whole_map, every_region or a region index, in the order written
  bool buffer = false;             ///< replace: buffer (read the pass's start, write a copy)
  entity_id out = out_value;       ///< what tiles outside the region read as (applied at load to the sets its rules read)
  int repeats = 1;
  int tiles = 0;                   ///< tile budget of one pass; 0 = the region's area
  int changes = 0;                 ///< rule firings allowed in one pass; 0 = the region's area
  std::uint16_t directions = 0;    ///< turtles: neighbourhood of moves
  std::uint16_t connectivity = 0;  ///< connect: neighbourhood that joins tiles into one area (`directions` unless `neighborhood`)
  std::uint16_t connect_set = 0;   ///< connect: the entities to join
  double change = 0.1;             ///< drunk: chance to turn at each step
  std::vector<estimator> heuristics;
  std::uint32_t first_rule = 0;
  std::uint32_t rule_count = 0;
  /// Per slot(value): bit r set when rule r's first condition can hold on a tile holding value. Most
  /// rules open with a test of the tile alone (`self(empty)`), decided here once at load: apply() then
  /// tries only the rules whose test passes. A rule opening otherwise has its bit set for every value.
  std::vector<std::uint64_t> rules_at;
  std::uint64_t first_decided = 0;  ///< bit r: rules_at decides rule r's first condition (not evaluated again)
  std::uint64_t tile_cost = 1;     ///< work units of one visit (rules' neighbourhood cells, at most)
  std::unique_ptr<step> named;     ///< kind == step
};

enum class divider_kind : std::uint8_t { none, equal, bsp, sampling };

struct divider {
  divider_kind kind = divider_kind::none;
  int number = 0;
  std::pair<int, int> min{1, 1};  ///< equal: divisions across and down; otherwise region sizes
  std::pair<int, int> max{1, 1};
  int trials = 100;               ///< sampling: placements tried per region
};

/// A loaded script.
struct script {
  std::vector<std::string> entities;
  std::vector<int> min_count;  ///< per entity; -1 = no minimum
  std::vector<int> max_count;  ///< per entity; -1 = no maximum
  std::pair<int, int> min_size{1, 1};
  std::pair<int, int> max_size{1, 1};
  divider regions;
  std::vector<std::vector<point>> neighbourhoods;  ///< offsets of the cells each one checks or writes
  std::vector<std::vector<std::int32_t>> sets;     ///< entity sets: weight per slot(value)
  std::vector<choice_list> choices;
  std::vector<condition> conditions;
  std::vector<executer> executers;
  std::vector<rule> rules;
  std::vector<explorer> explorers;
  /// What the loader accepted but says was ignored ("<file>: <json path>: <message>"), in script order.
  std::vector<std::string> warnings;
};

}  // namespace dw::mapgen::detail
