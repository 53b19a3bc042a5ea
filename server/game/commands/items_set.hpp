#pragma once

// The item set (items.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class places;
class roster;
class room_stock;
class fights;
class change_sink;
class item_news;
class puzzles;

/// look, get, drop, wield, wear, remove, inventory, examine.
struct item_parts {
  places& where;  ///< for look without a thing
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
