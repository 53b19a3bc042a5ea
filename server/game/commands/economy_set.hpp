#pragma once

// The economy's set: economy.cpp registers merchant.cpp, consumables.cpp, score.cpp, giving.cpp and
// gear_trade.cpp (what they share is economy_support.hpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class ground;
class map_view;
class hall_of_fame;
class roster;
class room_stock;
class rune_locks;
class fights;
class change_sink;
class item_news;
class deeds;
class progression;
class bounties;

/// list, buy, sell, value, identify (the merchant in the village square), quaff, apply, read, score,
/// deepest (economy.cpp registers merchant.cpp, consumables.cpp and score.cpp; give and compare too).
/// Of places it takes only what it uses (issue 29): the `ground` port (places implement it), the maps and the hall
/// of fame, so that a test builds the set alone over a fake ground.
struct economy_parts {
  ground& where;             ///< saving characters, Char.Status, a return scroll's move, the rooms a map scroll finds
  map_view& maps;            ///< the map a scroll of seeing draws
  const hall_of_fame& fame;  ///< the board by the well (`deepest`)
  roster& people;
  room_stock& contents;
  const rune_locks& locks;  ///< the sealed doors a scroll of seeing shows
  game::fights& fights;  ///< using something mid-fight costs the next round
  change_sink& changes;
  item_news& news;
  deeds& told;                  ///< a scroll sold
  const progression& levels;    ///< level and experience in `score`
  const game::bounties* board = nullptr;  ///< bounties held and completed in `score`
};
void register_economy_commands(command_registry& r, economy_parts parts);
/// give (giving.cpp): an item or silver to someone in the same room.
void register_give_command(command_registry& r, economy_parts parts);

}  // namespace dw::game
