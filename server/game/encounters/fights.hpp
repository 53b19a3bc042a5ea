#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/game/content_source.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_contents.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/places.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

/// Fights: joining, rounds on a timer, fleeing, knock-outs, and winning (the room is cleared, the loot
/// drops). Every number comes from the content layer and the room's tape. World thread only.
class fights {
 public:
  fights(const live_settings& settings, const content_source& content, roster& people, output& out,
         change_sink& changes, event_runner& events, services& svc, places& where, room_contents& contents,
         item_news& news);

  bool in_combat(const character& ch) const;
  /// A character is leaving its room (walking, fleeing, quitting, dying): it leaves the fight there.
  void leave_room(const character& ch);
  void join(character& ch, connection& conn);
  /// After a hot reboot: `ch` was fighting here, and the fight goes on (rounds start again on the timer).
  void resume(character& ch, connection& conn);
  void flee(character& ch, connection& conn);
  /// The monsters in `room_id` attack `target` (an aggressive monster as someone walks in, a wanderer
  /// arriving): `target` joins the fight there and rounds start on the timer. False when nothing there
  /// can fight.
  bool ambush(std::int64_t room_id, character& target);
  /// `ch` spent its turn on something else (quaffed, applied, read a scroll): in the next round it
  /// takes the monsters' blow as usual but does not strike.
  void spend_turn(const character& ch);
  /// Clears the room `ch` is in at once (administration); false outside the dungeon.
  bool clear_room(character& ch);

 private:
  void schedule_round(std::int64_t room_id, std::uint64_t generation);
  void fight_round(std::int64_t room_id);
  void win(std::int64_t room_id, room_contents::room_state& state, const character& any_fighter,
           const std::vector<std::uint64_t>& scroll_seeds, const std::optional<std::string>& item_key);
  void knock_out(character& ch);

  const live_settings& settings_;
  const content_source& content_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  event_runner& events_;
  services& services_;
  places& places_;
  room_contents& contents_;
  item_news& news_;
};

}  // namespace dw::game
