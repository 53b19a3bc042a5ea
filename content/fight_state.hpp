#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "content/behaviour.hpp"
#include "content/room_roll.hpp"

namespace dw::content {

/// A fight in progress: a small value the server persists between rounds (encode/decode). Everything
/// the next round needs is here or on the room's tape, so a fight resumes exactly after a restart.
struct fight_state {
  std::string monster_key;
  std::string size_key;
  int depth = 0;
  int hp_each = 1;      ///< each monster's starting hit points
  int damage_each = 1;  ///< most damage each living monster adds to a blow
  std::vector<int> monster_hp;  ///< hit points left, one per monster; 0 = dead, fled_hp = fled (cowardly)
  std::uint64_t tape_position = room_tape_values;  ///< next tape value the fight reads
  std::uint32_t round = 0;                         ///< rounds fought so far

  // The monsters' behaviours, copied from the monster when the fight starts so a content reload does not
  // change a fight in progress, and what they have done so far.
  behaviour_set behaviours;
  int kin_called = 0;   ///< pack: monsters called into the fight so far
  int ward_points = 0;  ///< wards: damage the monsters' ward still absorbs, while ward_rounds > 0
  int ward_rounds = 0;  ///< wards: rounds the ward still lasts
  struct poison {
    std::uint64_t fighter = 0;  ///< fighter id
    int rounds = 0;             ///< rounds it still burns
    bool operator==(const poison&) const = default;
  };
  std::vector<poison> poisons;  ///< venomous: the fighters poisoned, in the order bitten

  /// A monster that fled (cowardly): not standing, not killed.
  static constexpr int fled_hp = -1;
  /// Bounds decode enforces (the text comes from the database): monsters, poisoned fighters, and the
  /// rounds a ward or poison can last (fights.toml allows no more).
  static constexpr std::size_t most_monsters = 100;
  static constexpr std::size_t most_poisons = 100;
  static constexpr int most_lasting = 1000;

  /// Monsters still standing.
  int alive() const noexcept;
  /// Monsters killed (not those that fled).
  int slain() const noexcept;
  /// True once every monster is dead or gone.
  bool won() const noexcept { return alive() == 0; }

  /// Compact text. A fight without behaviours (and so with nothing they did) is written as before:
  /// "f1 <monster> <size> <depth> <hp_each> <damage_each> <position> <round> <hp,hp,...>"; one with
  /// behaviours as "f2 <the same> <behaviours> <kin_called> <ward_points> <ward_rounds> <poisons>", where
  /// behaviours is "armoured,pack" (or "-"), poisons "<fighter>:<rounds>,..." (or "-"), and a fled monster's
  /// hit points are -1.
  std::string encode() const;
  /// The state encode() wrote (f1 or f2; f1 is a fight without behaviours, as it always was), or nullopt
  /// for anything malformed or out of range.
  static std::optional<fight_state> decode(std::string_view text);

  bool operator==(const fight_state&) const = default;
};

/// The fight for a room's monsters, starting where the room's rolls ended; nullopt without monsters.
std::optional<fight_state> start_fight(const room_contents& room);

}  // namespace dw::content
