// The economy's commands: the merchant in the village square (list, buy, sell, value, identify: merchant.cpp;
// her weapons and armour and compare: gear_trade.cpp), using what one carries (quaff, apply, read:
// consumables.cpp), one's standing (score, deepest: score.cpp) and give (giving.cpp). This file holds what
// they share (economy_support.hpp) and registers the set. Every number comes from the content tables
// (merchant.toml, scroll_effects.toml, weapons.toml, armour.toml).
#include "server/game/commands/economy_support.hpp"
#include "server/game/commands/gear_trade.hpp"
#include "server/game/commands/item_matching.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/places/ground.hpp"

namespace dw::game {

/// The character's progress as it is now, restored if the event cannot be saved.
void undo_progress(const economy_parts& p, const character& ch) {
  keep(p.changes, p.people, ch, &character::silver, &character::scrolls_sold, &character::hp, &character::identified);
}

/// Takes the item `id` out of `ch`'s pack for good (sold, drunk, read to dust): removed from storage,
/// and back in the pack if the event cannot be saved.
void use_up(const economy_parts& p, character& ch, std::int64_t id) {
  item gone = take_item_out(ch.inventory, id);
  p.changes.persist(storage::remove_item{gone.id});
  p.news.inv_removed(ch, gone);
  keep_lost_items(p.changes, p.people, ch, {gone});
}

/// Status and vitals after silver or hit points changed.
void tell_status(const economy_parts& p, command_context& ctx) {
  p.where.send_status(ctx.actor);
  ctx.out.send_vitals(ctx.actor);
}

std::string price_text(std::int64_t silver) { return std::to_string(silver) + " silver"; }

void say_not_carried(command_context& ctx) { ctx.reply("You carry no '" + std::string(ctx.args.raw) + "'.\n"); }

/// The one carried item the command names, or nullptr after saying that there is none.
item* carried(const economy_parts& p, command_context& ctx) {
  item* it = match_item(p.contents, ctx.actor.inventory, ctx.args.object);
  if (it == nullptr) {
    say_not_carried(ctx);
  }
  return it;
}

void register_economy_commands(command_registry& r, economy_parts p) {
  register_merchant_commands(r, p);
  register_consumable_commands(r, p);
  register_score_commands(r, p);
  register_give_command(r, p);
  register_compare_command(r, p);
}

}  // namespace dw::game
