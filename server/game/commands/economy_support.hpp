#pragma once

// Internal to commands/: what the economy's commands share (economy.cpp). The merchant's trade is
// merchant.cpp (her weapons and armour gear_trade.cpp), using up what one carries consumables.cpp, and one's
// standing score.cpp; give is giving.cpp. Each registers its own commands; register_economy_commands
// (economy_set.hpp) registers them all, in this order.
#include <cstdint>
#include <string>
#include <utility>

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/economy_set.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// The character's progress as it is now (silver, scrolls sold, hit points, scrolls identified), restored if the
/// event cannot be saved.
void undo_progress(const economy_parts& p, const character& ch);

/// Takes the item `id` out of `ch`'s pack for good (sold, drunk, read to dust): removed from storage,
/// and back in the pack if the event cannot be saved.
void use_up(const economy_parts& p, character& ch, std::int64_t id);

/// Status and vitals after silver or hit points changed.
void tell_status(const economy_parts& p, command_context& ctx);

/// "12 silver".
std::string price_text(std::int64_t silver);

/// "You carry no '<what was typed>'."
void say_not_carried(command_context& ctx);

/// The one carried item the command names, or nullptr after saying that there is none.
item* carried(const economy_parts& p, command_context& ctx);

/// list, buy, sell, value, identify (merchant.cpp).
void register_merchant_commands(command_registry& r, const economy_parts& p);
/// quaff, apply, read (consumables.cpp).
void register_consumable_commands(command_registry& r, const economy_parts& p);
/// score, deepest (score.cpp).
void register_score_commands(command_registry& r, const economy_parts& p);

}  // namespace dw::game
