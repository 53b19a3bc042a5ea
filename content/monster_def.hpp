#pragma once

#include <string>
#include <vector>

#include "content/behaviour.hpp"

namespace dw::content {

/// A kind of monster from monsters.toml, before depth scaling.
struct monster_def {
  std::string key;          ///< stable identifier, [a-z0-9_]
  std::string name;         ///< "cave rat"
  std::string plural;       ///< "cave rats"
  std::string description;  ///< one sentence shown on look
  int hp = 1;               ///< hit points of one ordinary monster at depth 0
  int damage = 1;           ///< most damage one ordinary monster deals in a round at depth 0
  int min_depth = 0;        ///< not met above this depth
  int weight = 1;           ///< relative chance among the monsters met at a depth
  std::vector<std::string> drops;  ///< weapon/armour keys a won fight may drop
  behaviour_set behaviours;        ///< what it does in a fight besides trading blows (fights.toml [behaviours])

  bool operator==(const monster_def&) const = default;
};

/// How big the monsters of an encounter are, which also decides how many come (monsters.toml [[sizes]]).
struct size_class {
  std::string key;        ///< "small"
  std::string adjective;  ///< word put before the monster's name; may be empty
  int weight = 1;         ///< relative chance
  int min_count = 1;      ///< fewest monsters at depth 0
  int max_count = 1;      ///< most monsters at depth 0
  double hp = 1.0;        ///< hit point multiplier
  double damage = 1.0;    ///< damage multiplier

  bool operator==(const size_class&) const = default;
};

}  // namespace dw::content
