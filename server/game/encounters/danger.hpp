#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "content/fight_round.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/encounters/fleeing.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/character.hpp"

namespace dw::game {

namespace pref {
/// Wimpy: a number of hit points; a fight round that leaves the character at or below it makes it flee.
/// Default (absent): off.
inline constexpr std::string_view wimpy = "wimpy";
}  // namespace pref

/// `ch`'s wimpy (pref::wimpy), or nullopt when it is off or what is stored is not a number above 0.
std::optional<int> wimpy_of(const character& ch);

/// Reading danger in a fight, after each round a fighter stands through: a failed flight goes on, the
/// warning once a fight at a third of one's hit points, and wimpy turning the next choice to flee. It keeps
/// who has been warned in which fight. World thread only.
class danger {
 public:
  danger(output& out, change_sink& changes, const fleeing& ways) : out_(out), changes_(changes), ways_(ways) {}

  /// After a round `ch` stood through (the fight goes on), in the room's fight `fight` whose tape is `tape`.
  void after_round(character& ch, const content::fighter_outcome& o, room_fight& fight, const content::tape& tape,
                   std::uint32_t round);
  /// `account` has left its fight, or the fight ended: a later fight warns it afresh.
  void forget(std::int64_t account) { warned_.erase(account); }

 private:
  output& out_;
  change_sink& changes_;
  const fleeing& ways_;
  /// Who has been warned of their hit points in the fight they are in: account -> that fight's room. Gone
  /// when they leave the fight or it ends, so each fight warns once.
  std::unordered_map<std::int64_t, std::int64_t> warned_;
};

}  // namespace dw::game
