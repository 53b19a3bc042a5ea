#pragma once

// The item set (items.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class place_directory;
class room_view;
class interior_view;
class roster;
class room_stock;
class fights;
class change_sink;
class item_news;
class puzzles;

/// look, get, drop, wield, wear, remove, inventory, examine. Of places it takes only the classes its commands
/// call (issue 29), not the places holder.
struct item_parts {
  place_directory& rooms;  ///< saving one who took silver from a pack
  room_view& view;         ///< look without a thing; Char.Status when silver is taken
  interior_view& insides;  ///< look at a part of the room (water, pillars, walls, doors)
  roster& people;
  room_stock& contents;
  const game::fights& fights;
  change_sink& changes;
  item_news& news;  ///< GMCP Char.Items as things move
  /// look door, look runes at a rune door (and the scratched order in its hint room)
  game::puzzles* puzzles = nullptr;
};
void register_item_commands(command_registry& r, item_parts parts);

}  // namespace dw::game
