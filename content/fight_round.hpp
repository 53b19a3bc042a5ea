#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "content/behaviour.hpp"
#include "content/content_tables.hpp"
#include "content/fight_state.hpp"
#include "content/fighter.hpp"
#include "content/loot.hpp"
#include "content/tape.hpp"

namespace dw::content {

/// What happened to one fighter in a round.
struct fighter_outcome {
  std::uint64_t id = 0;
  bool acted = false;     ///< false when the fighter was already out or the monsters were already dead
  int damage_taken = 0;   ///< after the ward and armour
  int damage_dealt = 0;   ///< to the monster struck (can exceed what it had left)
  int hp_after = 0;       ///< the fighter's hp at the end of the round
  bool out = false;       ///< hp_after is 0: the server moves the fighter to the surface
  std::optional<std::size_t> target;  ///< index of the monster struck
  int blow = 0;           ///< the monsters' blow before the ward and armour (0: they missed)
  int warded = 0;         ///< taken off the blow by the fighter's ward
  int armoured = 0;       ///< taken off the blow by the fighter's armour
  bool struck = false;    ///< the fighter swung at a monster (attack or defend, still standing)
  bool fled = false;      ///< the fighter chose to flee and got away (it took no blow)
  bool flee_failed = false;  ///< the fighter chose to flee and was cut off
  int ward_points = 0;    ///< the fighter's ward after the round
  int ward_rounds = 0;
  int kills = 0;          ///< monsters this fighter's blow killed
  int behaviour_taken = 0;  ///< damage from the monsters' behaviours before the blow (venom, a surprise blow)
  int turned = 0;           ///< of this fighter's blow, taken by the monsters' shell or ward

  bool operator==(const fighter_outcome&) const = default;
};

/// One round of a fight.
struct round_result {
  std::uint32_t round = 0;  ///< this round's number (1 for the first)
  std::vector<fighter_outcome> fighters;     ///< in the order given
  std::vector<std::size_t> monsters_killed;  ///< indices into fight_state::monster_hp
  bool won = false;   ///< every monster is dead: the room is clear
  bool lost = false;  ///< every fighter is out (or fled) and monsters remain
  std::optional<loot> rewards;  ///< set in the round that wins the fight
  std::vector<behaviour_event> events;  ///< what the monsters' behaviours did, in order

  bool operator==(const round_result&) const = default;
};

/// Fights one round. A fight with behaviours first reads one tape value per behaviour (behaviour order)
/// and lets them act (fight_behaviours.hpp); a fight without reads nothing more than this. Then, for
/// each fighter in order, two tape values are read whatever it chose: first the
/// monsters' blow roll, then the fighter's roll. A fleeing fighter's roll is its flee roll (below
/// flee_chance(depth) it gets away before the blow; otherwise it takes the blow and deals nothing). Any
/// other fighter takes the blow (roll × the living group's most damage; × defend_taken when defending),
/// less its ward (which then wears down), less its armour, at least 0; then, if still standing and it
/// attacks or defends, it strikes the first living monster with roll × the weapon's damage (or bare
/// hands; × defend_dealt when defending). A busy fighter does not strike. Fighters already at 0 hp read
/// nothing. The round that kills the last monster also rolls the loot. Calling again after the fight is
/// over changes nothing. Unknown weapon or armour keys count as bare hands / no armour: a reload may
/// have dropped an item a character still carries, and the fight must go on.
round_result fight_round(const content_tables& tables, const tape& room_tape, fight_state& state,
                         std::span<const fighter> fighters);

/// A die roll scaled to a blow: each whole number from 0 to `most` equally likely.
int blow(double roll, std::int64_t most) noexcept;

}  // namespace dw::content
