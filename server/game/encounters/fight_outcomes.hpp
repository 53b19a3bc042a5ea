#pragma once

#include <cstdint>
#include <optional>

#include "content/fight_round.hpp"
#include "content/tape.hpp"
#include "server/game/encounters/fight_table.hpp"
#include "server/game/places/place.hpp"
#include "server/game/roster/character.hpp"

namespace dw::game {

/// What a fight leads to beyond its own row and rounds: the warnings after a round (danger), the way a
/// fighter flees and its run (fleeing), a fallen fighter's pack (fallen_pack) and the loot shown as GMCP
/// (item_news). fight_rounds and fights take this rather than the four parts; a test may fake it, and the game's
/// is fight_aftermath (fight_aftermath.hpp).
class fight_outcomes {
 public:
  /// After a round `ch` stood through (the fight goes on): a warning when it is in danger.
  virtual void warn_after_round(character& ch, const content::fighter_outcome& o, room_fight& fight,
                                const content::tape& tape, std::uint32_t round) = 0;
  /// `account` left its fight (fled, fell, or the fight ended): it may be warned again in the next.
  virtual void forget_warnings(std::int64_t account) = 0;
  /// The way `ch` runs in round `round` of the room's tape, or nullopt when no known exit leads out.
  virtual std::optional<exit_dir> way_out(const character& ch, const content::tape& tape,
                                          std::uint32_t round) const = 0;
  /// `ch`, already out of its fight, runs `way`.
  virtual void run(character& ch, exit_dir way) = 0;
  /// `ch` fell in its room: its pack drops there.
  virtual void drop_pack(character& ch) = 0;
  /// `it`, dropped in the room as loot, is announced to those there as GMCP.
  virtual void loot_shown(std::int64_t room_id, const item& it) = 0;

 protected:
  ~fight_outcomes() = default;
};

}  // namespace dw::game
