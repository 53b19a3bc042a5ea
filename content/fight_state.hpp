#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
  std::vector<int> monster_hp;  ///< hit points left, one per monster; 0 = dead
  std::uint64_t tape_position = room_tape_values;  ///< next tape value the fight reads
  std::uint32_t round = 0;                         ///< rounds fought so far

  /// Monsters still standing.
  int alive() const noexcept;
  /// True once every monster is dead.
  bool won() const noexcept { return alive() == 0; }

  /// Compact text: "f1 <monster> <size> <depth> <hp_each> <damage_each> <position> <round> <hp,hp,...>".
  std::string encode() const;
  /// The state encode() wrote, or nullopt for anything malformed or out of range.
  static std::optional<fight_state> decode(std::string_view text);

  bool operator==(const fight_state&) const = default;
};

/// The fight for a room's monsters, starting where the room's rolls ended; nullopt without monsters.
std::optional<fight_state> start_fight(const room_contents& room);

}  // namespace dw::content
