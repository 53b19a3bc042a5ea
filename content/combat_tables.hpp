#pragma once

#include <cstdint>

#include "content/behaviour.hpp"
#include "content/consider_rules.hpp"

namespace dw::content {

/// fights.toml [defend], [health], [consider], [flee], [aggression], [silver]: the choices a fighter
/// makes in a round, how a monster's health and a fight's odds are said in words, and what a win pays.
struct combat_tables {
  double defend_taken = 0.5;  ///< a defending fighter takes the blow × this (rounded down)
  double defend_dealt = 0.5;  ///< ... and deals its blow × this (rounded down)

  // Share of hit points left at or above which a monster is "unhurt", "scratched", "wounded",
  // "badly wounded"; below the last it is "near death". Descending.
  double unhurt = 1.0;
  double scratched = 0.75;
  double wounded = 0.4;
  double badly_wounded = 0.15;

  consider_rules consider;  ///< how a fight's odds are worked out and said

  // flee succeeds when the fighter's roll is below max(flee_min, flee_chance - flee_per_depth × depth)
  double flee_chance = 0.8;
  double flee_per_depth = 0.05;
  double flee_min = 0.3;

  // From aggression_from_depth on, a room's monsters attack whoever walks in when the room's aggression
  // roll is below min(aggression_max, aggression_chance + aggression_per_depth × (depth - from_depth)).
  int aggression_from_depth = 4;
  double aggression_chance = 0.25;
  double aggression_per_depth = 0.05;
  double aggression_max = 0.75;

  behaviour_rules behaviours;  ///< fights.toml [behaviours.<key>], indexed by behaviour

  int silver_per_monster = 3;  ///< silver a won fight gives per monster × the depth's reward multiplier

  bool operator==(const combat_tables&) const = default;
};

}  // namespace dw::content
