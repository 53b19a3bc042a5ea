#pragma once

// Internal to commands/: the merchant's wares as `list` and `buy` (merchant.cpp) see them (her supplies, and
// her weapons and armour in tiers that open by the buyer's deepest depth or level), and `compare`
// (gear_trade.cpp). The tiers are content's (merchant.toml [[tiers]], content/economy_tables.hpp).
#include <optional>
#include <string>

#include "content/content_tables.hpp"
#include "server/game/commands/economy_set.hpp"
#include "server/game/commands/naming.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/game/roster/character.hpp"

namespace dw::game {

/// Whether `ch` stands at the merchant's stall (the village square).
inline bool at_stall(const character& ch) {
  return ch.where.room_id == village_square_id && ch.where.branch_id == 0;
}

/// Something the merchant offers: one of her supplies, or a weapon or armour from her tiers.
struct ware {
  const content::supply_def* supply = nullptr;
  const content::item_def* gear = nullptr;

  const std::string& name() const { return supply != nullptr ? supply->name : gear->name; }
  int price() const { return supply != nullptr ? supply->price : gear->price; }
};

/// The ware `query` names: her supplies first, then her gear tier by tier ("2.coat" is the second coat
/// she offers); nullopt when none, or for "all".
std::optional<ware> find_ware(const content::content_tables& tables, const object_query& query);

/// "The merchant keeps the short sword for those who have been to depth 8 or reached level 3." when
/// `buyer` may not buy `gear` yet, else "".
std::string locked_reason(const economy_parts& p, const character& buyer, const content::item_def& gear);

/// The part of `list` that shows her weapons and armour, each with its price and, for what `buyer` may
/// not buy yet, what opens it. "" when she sells none.
std::string gear_list_text(const economy_parts& p, const character& buyer);

/// compare <item>: a weapon or armour carried, on the floor or (at the merchant) for sale, against what
/// the player wields or wears now.
void register_compare_command(command_registry& r, economy_parts p);

}  // namespace dw::game
