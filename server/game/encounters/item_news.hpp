#pragma once

#include <cstdint>
#include <string_view>

#include "server/game/encounters/room_stock.hpp"
#include "server/game/output/gmcp.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// GMCP Char.Items, in the IRE format Mudlet's scripts read: a List of what someone carries ("inv") or
/// what lies in their room ("room"), then Add / Remove / Update as items move. An item is
/// {"id": "12", "name": "a short sword", "attrib": "l"}; attrib letters: w wearable, W worn, l wielded,
/// t takeable (on the floor). Only clients that enabled Char.Items (or Char) are sent anything, and
/// nothing is built for the others. World thread only.
class item_news final : public gmcp_requests {
 public:
  item_news(roster& people, output& out, room_stock& contents)
      : people_(people), out_(out), contents_(contents) {}

  /// Char.Items.List for `location` "inv" or "room" (the floor of `ch`'s room); anything else is ignored.
  void send_list(const character& ch, std::string_view location);
  /// A GMCP message from `conn`: a client asking for its items again (IRE's Char.Items.Inv or
  /// Char.Items.Room) gets a fresh List if it is playing. True if the package was one of those two.
  bool answer_request(const connection& conn, std::string_view package) override;
  /// `it` is now carried by `ch` (Add), no longer (Remove), or changed (Update: wielded, worn...).
  void inv_added(const character& ch, const item& it) { to_carrier(ch, "Char.Items.Add", it); }
  void inv_removed(const character& ch, const item& it) { to_carrier(ch, "Char.Items.Remove", it); }
  void inv_updated(const character& ch, const item& it) { to_carrier(ch, "Char.Items.Update", it); }
  /// `it` now lies in (Add) or has left (Remove) room `room_id`: everyone there is told.
  void room_added(std::int64_t room_id, const item& it) { to_room(room_id, "Char.Items.Add", it); }
  void room_removed(std::int64_t room_id, const item& it) { to_room(room_id, "Char.Items.Remove", it); }

 private:
  void to_carrier(const character& ch, std::string_view package, const item& it);
  void to_room(std::int64_t room_id, std::string_view package, const item& it);

  roster& people_;
  output& out_;
  room_stock& contents_;
};

}  // namespace dw::game
