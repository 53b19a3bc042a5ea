// Using up what one carries: quaff and apply (the merchant's supplies, which heal) and read (a scroll takes
// its effect and crumbles; scroll_effects.toml). Mid-fight each costs the next round.

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <utility>

#include "content/scroll.hpp"
#include "server/game/commands/economy_support.hpp"
#include "server/game/commands/item_matching.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/places/map_view.hpp"
#include "server/log/log.hpp"

namespace dw::game {
namespace {

/// quaff and apply: a supply used this way heals and is gone. Mid-fight it costs the next round.
void use_supply(const economy_parts& p, command_context& ctx, content::supply_use how) {
  item* it = carried(p, ctx);
  if (it == nullptr) {
    return;
  }
  const content::supply_def* def =
      it->kind == supply_kind ? p.contents.tables().merchant.find_supply(it->key) : nullptr;
  const std::string name = p.contents.item_name(*it);
  if (def == nullptr || def->use != how) {
    ctx.reply(how == content::supply_use::quaff ? "You cannot drink " + name + ".\n"
                                                : "You cannot apply " + name + ".\n");
    return;
  }
  undo_progress(p, ctx.actor);
  use_up(p, ctx.actor, it->id);
  ctx.actor.hp = std::min(ctx.actor.max_hp, ctx.actor.hp + def->heal);
  p.where.save_character(ctx.actor);
  const bool fighting = p.fights.in_combat(ctx.actor);
  if (fighting) {
    p.fights.spend_turn(ctx.actor);
  }
  ctx.reply((how == content::supply_use::quaff ? "You drink " : "You bind your wounds with ") + name +
            ". You feel better (" + std::to_string(ctx.actor.hp) + "/" + std::to_string(ctx.actor.max_hp) + " hp)." +
            (fighting ? " It costs you your next blow." : "") + "\n");
  ctx.out.send_room(ctx.actor.where.room_id,
                    styled(style::player, ctx.actor.name) +
                        (how == content::supply_use::quaff ? " drinks " : " applies ") + name + ".\n",
                    ctx.actor.account_id);
  ctx.out.send_vitals(ctx.actor);
}

/// "3 rooms east and 1 north of you", "right here".
std::string offset_text(dungeon::coord from, dungeon::coord to) {
  const int dx = to.x - from.x;
  const int dy = to.y - from.y;  // (north is +y)
  if (dx == 0 && dy == 0) {
    return "right where you stand";
  }
  const auto part = [](int n, const char* plus, const char* minus) {
    return std::to_string(std::abs(n)) + " " + (n > 0 ? plus : minus);
  };
  std::string out;
  if (dx != 0) {
    out = part(dx, "east", "west");
  }
  if (dy != 0) {
    out += (out.empty() ? "" : " and ") + part(dy, "north", "south");
  }
  return out + (std::abs(dx) + std::abs(dy) == 1 ? " room" : " rooms") + " from you";
}

/// The dungeon room of `branch` at `at`, or nullopt where there is none yet (read from the dungeon model, as
/// places' own lookup does).
std::optional<std::int64_t> room_id_at(const economy_parts& p, std::int64_t branch, dungeon::coord at) {
  const auto room = p.where.dungeon().room_at(static_cast<dungeon::branch_id>(branch), at);
  if (!room) {
    return std::nullopt;
  }
  return static_cast<std::int64_t>(room->id);
}

/// A scroll of seeing: the map, and what `map` cannot show: the sealed door nearest to the reader that is still
/// shut, and where the order that opens it is written, even where no one has been yet.
std::string seeing_text(const economy_parts& p, const character& ch) {
  const dungeon::coord me{ch.where.x, ch.where.y};
  std::optional<std::pair<dungeon::coord, dungeon::coord>> nearest;
  int best = 0;
  for (const auto& [lock, hint] : p.locks.locks_and_hints(static_cast<std::uint64_t>(ch.where.branch_id))) {
    const std::optional<std::int64_t> room = room_id_at(p, ch.where.branch_id, lock);
    const content::rune_lock* door = room ? p.locks.lock_in(*room) : nullptr;
    if (door == nullptr || door->solved) {
      continue;
    }
    const int d = std::abs(lock.x - me.x) + std::abs(lock.y - me.y);
    // (ties go to the lower coordinate, so the same branch always shows the same door)
    if (!nearest || d < best ||
        (d == best && std::pair{lock.x, lock.y} < std::pair{nearest->first.x, nearest->first.y})) {
      nearest = std::pair{lock, hint};
      best = d;
    }
  }
  if (!nearest) {
    return "The ink crawls into a map of the ways around you:\n" + p.maps.map_for(ch) +
           "No sealed door in this branch stands shut that the ink knows of: it has nothing more to show.\n";
  }
  const auto [lock, hint] = *nearest;
  const bool hint_found = room_id_at(p, ch.where.branch_id, hint).has_value();
  // (appended piece by piece: GCC 12 at -O3 sees `"(" + std::string` inlined here as an overlapping memcpy,
  // a false -Wrestrict that stops the Release build)
  const auto at = [](dungeon::coord c) {
    std::string out(1, '(');
    out += std::to_string(c.x);
    out += ',';
    out += std::to_string(c.y);
    out += ')';
    return out;
  };
  return "The ink crawls into a map of the ways around you, and two marks burn into it:\n" +
         p.maps.map_for(ch, {{lock, 'R'}, {hint, 'H'}}) + "R: the nearest sealed door, at " + at(lock) + ", " +
         offset_text(me, lock) + ".\nH: where the order that opens it is written, at " + at(hint) + ", " +
         offset_text(me, hint) + (hint_found ? "" : "; no one has been there yet") + ".\n";
}

/// What the scroll does to its reader (a return scroll moves it, out of any fight).
void scroll_effect(const economy_parts& p, command_context& ctx, const content::scroll_effect& e) {
  character& ch = ctx.actor;
  if (e.key == "ward") {
    p.fights.read_ward(ch, e.amount, e.rounds);
    ctx.reply("A shimmering ward settles around you: it will absorb up to " + std::to_string(e.amount) +
              " damage for " + std::to_string(e.rounds) + " rounds.\n");
  } else if (e.key == "heal") {
    ch.hp = std::min(ch.max_hp, ch.hp + e.amount);
    ctx.reply("Warmth runs through you (" + std::to_string(ch.hp) + "/" + std::to_string(ch.max_hp) + " hp).\n");
    ctx.out.send_vitals(ch);
  } else if (e.key == "map") {
    if (ch.where.branch_id == 0) {
      ctx.reply("Lines of ink crawl over the page, but up here they show only the village you can see anyway.\n");
    } else {
      ctx.reply(seeing_text(p, ch));
    }
  } else if (e.key == "return") {
    ctx.reply(
        "The words pull at you; the walls blur, and you are standing in black water at the foot of the "
        "ladder.\n");
    location to;
    to.room_id = start_room_id;
    p.where.move_character(ch, to, styled(style::player, ch.name) + " fades away like a breath on a mirror.\n",
                           styled(style::player, ch.name) + " appears out of thin air.\n");
  }
}

void read(const economy_parts& p, command_context& ctx) {
  item* it = match_item(p.contents, ctx.actor.inventory, ctx.args.object);
  if (it == nullptr) {
    if (match_item(p.contents, p.contents.floor_of(ctx.actor.where.room_id), ctx.args.object) != nullptr) {
      ctx.reply("Pick it up first.\n");
    } else {
      say_not_carried(ctx);
    }
    return;
  }
  const auto a = p.contents.artefact_of(*it);
  if (!a || a->text.empty()) {
    ctx.reply("There is nothing written on " + p.contents.item_name(*it) + ".\n");
    return;
  }
  // What it does is the effect it was made with (by key), as today's tables say that effect works.
  const auto& effects = p.contents.tables().scroll_effects;
  const auto known = std::find_if(effects.begin(), effects.end(),
                                  [&a](const content::scroll_effect& e) { return e.key == a->effect; });
  const content::scroll_effect* effect = known == effects.end() ? nullptr : &*known;
  if (effect == nullptr && !a->effect.empty()) {
    log::warn("scroll {}: its effect '{}' is no longer in scroll_effects.toml; it does nothing", it->id, a->effect);
  }
  ctx.reply("You unroll " + a->name + " and read:\n" + a->text + "\n");
  undo_progress(p, ctx.actor);
  use_up(p, ctx.actor, it->id);
  const bool fighting = p.fights.in_combat(ctx.actor);
  if (effect != nullptr) {
    if (ctx.actor.identified.insert(effect->key).second) {
      ctx.reply("It was " + effect->name + ": now you will know one when you see it.\n");
    }
    if (fighting && effect->key != "return") {
      p.fights.spend_turn(ctx.actor);  // (return takes the reader out of the fight)
    }
    scroll_effect(p, ctx, *effect);
  }
  p.where.save_character(ctx.actor);
  log::info("{} read a scroll ({})", ctx.actor.name, effect != nullptr ? effect->key : "no effect");
  ctx.reply("The scroll crumbles to dust.\n");
}

}  // namespace

void register_consumable_commands(command_registry& r, const economy_parts& p) {
  const role P = role::player;
  r.add(make_command("quaff", {"drink"}, P, "Drink a draught.",
                     "quaff <draught>\nHeals at once; in a fight it costs you your next blow.",
                     arguments::object("Quaff what?"),
                     [p](command_context& ctx) { use_supply(p, ctx, content::supply_use::quaff); }));
  r.add(make_command("apply", {}, P, "Bind a wound with a bandage.",
                     "apply <bandage>\nHeals at once; in a fight it costs you your next blow.",
                     arguments::object("Apply what?"),
                     [p](command_context& ctx) { use_supply(p, ctx, content::supply_use::apply); }));
  r.add(make_command("read", {}, P, "Read a scroll: it takes effect and crumbles.",
                     "read <scroll>\nThe scroll does what it does (a ward, a map, a way home, healing) and crumbles "
                     "to dust; from then on you know that kind of scroll. In a fight it costs your next blow.",
                     arguments::object("Read what?"), [p](command_context& ctx) { read(p, ctx); }));
}

}  // namespace dw::game
