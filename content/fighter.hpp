#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dw::content {

/// What a fighter does in its next round. Every choice reads the same two tape values as an attack, so
/// the same choices always give the same fight.
enum class fight_choice : std::uint8_t {
  attack,  ///< strike the first living monster (the default)
  defend,  ///< take less and deal less (fights.toml [defend])
  flee,    ///< the fighter's roll is the flee roll ([flee]); a failed flee takes the blow and deals nothing
  busy,    ///< spent the turn on something else (quaffed, read...): takes the blow, deals nothing
};

/// A character taking part in a fight, as the server describes it for one round.
struct fighter {
  std::uint64_t id = 0;
  int hp = 0;  ///< at 0 the fighter is out (the server moves them to the surface)
  int max_hp = 0;
  std::optional<std::string> weapon_key;  ///< bare hands when empty
  std::optional<std::string> armour_key;  ///< no reduction when empty
  fight_choice choice = fight_choice::attack;
  int ward_points = 0;  ///< damage a ward still absorbs (before armour), while ward_rounds > 0
  int ward_rounds = 0;  ///< rounds the ward still lasts
  double hit = 0.0;      ///< from the fighter's level (levels.toml): lifts each blow's roll
  int extra_damage = 0;  ///< from the fighter's level: added to the most a blow can deal

  bool operator==(const fighter&) const = default;
};

}  // namespace dw::content
