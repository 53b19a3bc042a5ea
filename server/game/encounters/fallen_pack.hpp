#pragma once

#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// What a knocked-out character leaves where it fell: its unsold scrolls and half its silver, in a fallen pack
/// anyone may take. Holds no state of its own: the pack is an item of the room's floor (room_stock). World
/// thread only.
class fallen_pack {
 public:
  fallen_pack(roster& people, output& out, change_sink& changes, ground& where, room_stock& contents, item_news& news)
      : people_(people), out_(out), changes_(changes), ground_(where), contents_(contents), news_(news) {}

  /// `ch` fell in its room: the pack drops there, saved with what it holds, and `ch` is saved without them
  /// (all taken back if the event cannot be saved). Nothing in the fixed rooms, nor when there is nothing to
  /// leave.
  void drop(character& ch);

 private:
  roster& people_;
  output& out_;
  change_sink& changes_;
  ground& ground_;
  room_stock& contents_;
  item_news& news_;
};

}  // namespace dw::game
