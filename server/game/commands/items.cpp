// Looking and things: look, get, drop, wield, wear, remove, inventory, examine (read is in consumables.cpp).
#include <algorithm>

#include "content/plural.hpp"
#include "content/text_helpers.hpp"
#include "server/game/commands/admin_support.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/item_matching.hpp"
#include "server/game/commands/items_set.hpp"
#include "server/game/commands/naming.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/puzzles.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/interior_view.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/room_view.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {
namespace {

/// undo_item_move's undo: item `id` moves from the hands of `account`'s character (if in play) to the floor
/// of `room`, or the other way round when `to_floor` is false.
void move_item_back(const item_parts& p, std::int64_t account, std::int64_t id, std::int64_t room, bool to_floor) {
  character* ch = p.people.find_character(account);
  std::vector<item>& floor = p.contents.floor_of(room);
  std::vector<item>* from = to_floor ? (ch != nullptr ? &ch->inventory : nullptr) : &floor;
  std::vector<item>* to = to_floor ? &floor : (ch != nullptr ? &ch->inventory : nullptr);
  if (from == nullptr || to == nullptr) {
    return;
  }
  auto it = std::find_if(from->begin(), from->end(), [id](const item& i) { return i.id == id; });
  if (it != from->end()) {
    to->push_back(*it);
    from->erase(it);
  }
}

/// If the event cannot be saved, item `id` moves back from `ch`'s hands to the floor of `room` (or the
/// other way round when `to_floor` is false).
void undo_item_move(const item_parts& p, const character& actor, std::int64_t id, std::int64_t room, bool to_floor) {
  undo_with<&move_item_back>(p.changes, p, actor.account_id, id, room, to_floor);
}

/// undo_equipment's undo: the items of `account`'s character (if in play) named in `flags` are equipped or
/// not as the flags say.
void put_back_equipped(const item_parts& p, std::int64_t account,
                       const std::vector<std::pair<std::int64_t, bool>>& flags) {
  if (character* ch = p.people.find_character(account)) {
    for (item& it : ch->inventory) {
      for (const auto& [id, equipped] : flags) {
        if (it.id == id) {
          it.equipped = equipped;
        }
      }
    }
  }
}

/// If the event cannot be saved, the equipped flags of `actor`'s items go back to what they are now.
void undo_equipment(const item_parts& p, const character& actor) {
  std::vector<std::pair<std::int64_t, bool>> flags;
  for (const item& it : actor.inventory) {
    flags.emplace_back(it.id, it.equipped);
  }
  undo_with<&put_back_equipped>(p.changes, p, actor.account_id, std::move(flags));
}

item* match(const room_stock& c, std::vector<item>& items, const std::optional<object_query>& query) {
  return match_item(c, items, query);
}
std::vector<std::int64_t> pick(const room_stock& c, const std::vector<item>& items, const object_query& query) {
  return pick_items(c, items, query);
}
item take_out(std::vector<item>& items, std::int64_t id) { return take_item_out(items, id); }

/// "21 silver and 2 scrolls", "nothing".
std::string pack_contents_text(std::int64_t silver, std::size_t things) {
  std::string out;
  if (silver > 0) {
    out = std::to_string(silver) + " silver";
  }
  if (things > 0) {
    out += (out.empty() ? "" : " and ") + std::to_string(things) + (things == 1 ? " scroll" : " scrolls");
  }
  return out.empty() ? "nothing" : out;
}

/// take_pack's undo: the pack is back on the floor of `room` holding `held`, and the character of `account`
/// (if in play) carries neither its silver nor what it held.
void put_back_pack(const item_parts& p, std::int64_t account, const item& pack, const std::vector<item>& held,
                   std::int64_t room) {
  p.contents.floor_of(room).push_back(pack);
  p.contents.inside(pack.id) = held;
  if (character* ch = p.people.find_character(account)) {
    ch->silver -= pack.amount;
    std::erase_if(ch->inventory, [&held](const item& it) {
      return std::any_of(held.begin(), held.end(), [&it](const item& h) { return h.id == it.id; });
    });
  }
}

/// Taking a fallen pack: its silver and what it holds go to the taker, and the pack is gone. Everything
/// inside is saved as carried before the pack is deleted (its deletion would take them along).
void take_pack(const item_parts& p, command_context& ctx, item pack) {
  const std::int64_t room = ctx.actor.where.room_id;
  std::vector<item> held = p.contents.empty_out(pack.id);
  undo_with<&put_back_pack>(p.changes, p, ctx.actor.account_id, pack, held, room);
  for (item it : held) {
    it.container_id = 0;
    it.equipped = false;
    p.contents.persist_item(it, ctx.actor.account_id, 0);
    p.news.inv_added(ctx.actor, it);
    ctx.actor.inventory.push_back(std::move(it));
  }
  ctx.actor.silver += pack.amount;
  p.rooms.save_character(ctx.actor);
  p.view.send_status(ctx.actor);  // (Char.Status comes again whenever silver changes)
  p.changes.persist(storage::remove_item{pack.id});
  const std::string name = styled(style::item, p.contents.item_name(pack));
  ctx.reply("You take " + name + ": " + pack_contents_text(pack.amount, held.size()) + ".\n");
  ctx.out.send_room(room, styled(style::player, ctx.actor.name) + " takes " + name + ".\n", ctx.actor.account_id);
  p.news.room_removed(room, pack);
}

void get(const item_parts& p, command_context& ctx) {
  const std::int64_t room = ctx.actor.where.room_id;
  std::vector<item>& floor = p.contents.floor_of(room);
  const std::vector<std::int64_t> ids =
      ctx.args.object ? pick(p.contents, floor, *ctx.args.object) : std::vector<std::int64_t>{};
  for (std::int64_t id : ids) {
    item taken = take_out(floor, id);
    if (taken.kind == pack_kind) {
      take_pack(p, ctx, std::move(taken));
      continue;
    }
    taken.equipped = false;
    p.contents.persist_item(taken, ctx.actor.account_id, 0);
    undo_item_move(p, ctx.actor, taken.id, room, true);
    const std::string name = styled(style::item, p.contents.item_name(taken));
    ctx.reply("You pick up " + name + ".\n");
    ctx.out.send_room(room, styled(style::player, ctx.actor.name) + " picks up " + name + ".\n",
                      ctx.actor.account_id);
    p.news.room_removed(room, taken);
    p.news.inv_added(ctx.actor, taken);
    ctx.actor.inventory.push_back(std::move(taken));
  }
  if (ids.empty()) {
    const bool everything = ctx.args.object && ctx.args.object->all && ctx.args.object->words.empty();
    ctx.reply(everything ? "There is nothing here to pick up.\n"
                         : "You see no '" + std::string(ctx.args.raw) + "' here.\n");
  }
}

/// Drops what is named among what `ctx.actor` carries and does not use; what is wielded or worn stays on,
/// and the player is told so (it must be removed first).
void drop(const item_parts& p, command_context& ctx) {
  const pack_pick picked =
      ctx.args.object ? pick_unused_items(p.contents, ctx.actor.inventory, *ctx.args.object) : pack_pick{};
  const std::string kept = in_use_text(p.contents, ctx.actor.inventory, picked.in_use, "drop");
  if (picked.ids.empty()) {
    const bool everything = ctx.args.object && ctx.args.object->all && ctx.args.object->words.empty();
    ctx.reply(!kept.empty() ? kept
              : everything  ? "You carry nothing.\n"
                            : "You carry no '" + std::string(ctx.args.raw) + "'.\n");
    return;
  }
  const std::int64_t room = ctx.actor.where.room_id;
  for (std::int64_t id : picked.ids) {
    item dropped = take_out(ctx.actor.inventory, id);
    p.contents.persist_item(dropped, 0, room);
    undo_item_move(p, ctx.actor, dropped.id, room, false);
    const std::string name = styled(style::item, p.contents.item_name(dropped));
    ctx.reply("You drop " + name + ".\n");
    ctx.out.send_room(room, styled(style::player, ctx.actor.name) + " drops " + name + ".\n", ctx.actor.account_id);
    p.news.inv_removed(ctx.actor, dropped);
    p.news.room_added(room, dropped);
    p.contents.floor_of(room).push_back(std::move(dropped));
  }
  if (!kept.empty()) {
    ctx.reply(kept);
  }
}

void equip(const item_parts& p, command_context& ctx, content::item_kind kind, std::string_view verb) {
  // (of two of a name, the one not yet in use: "wear jerkin" wearing one puts on the other)
  item* it = match_item_preferring(p.contents, ctx.actor.inventory, ctx.args.object,
                                   [kind](const item& i) { return !i.equipped && is_gear(i, kind); });
  if (it == nullptr) {
    ctx.reply("You carry no '" + std::string(ctx.args.raw) + "'.\n");
    return;
  }
  if (!is_gear(*it, kind)) {
    ctx.reply("You cannot " + std::string(verb) + " " + p.contents.item_name(*it) + ".\n");
    return;
  }
  undo_equipment(p, ctx.actor);
  for (item& other : ctx.actor.inventory) {
    if (is_gear(other, kind) && other.equipped && other.id != it->id) {
      other.equipped = false;  // one weapon in hand, one suit of armour on
      p.contents.persist_item(other, ctx.actor.account_id, 0);
      ctx.reply("You put away " + p.contents.item_name(other) + ".\n");
      p.news.inv_updated(ctx.actor, other);
    }
  }
  it->equipped = true;
  p.contents.persist_item(*it, ctx.actor.account_id, 0);
  p.news.inv_updated(ctx.actor, *it);
  const std::string name = p.contents.item_name(*it);
  ctx.reply("You " + std::string(verb) + " " + name + ".\n");
  ctx.out.send_room(ctx.actor.where.room_id, ctx.actor.name + " " + std::string(verb) + "s " + name + ".\n",
                    ctx.actor.account_id);
}

void remove(const item_parts& p, command_context& ctx) {
  item* it = match_item_preferring(p.contents, ctx.actor.inventory, ctx.args.object,
                                   [](const item& i) { return i.equipped; });
  if (it == nullptr || !it->equipped) {
    ctx.reply("You are not using that.\n");
    return;
  }
  undo_equipment(p, ctx.actor);
  it->equipped = false;
  p.contents.persist_item(*it, ctx.actor.account_id, 0);
  p.news.inv_updated(ctx.actor, *it);
  ctx.reply("You stop using " + p.contents.item_name(*it) + ".\n");
}

/// "1 pound", "2.5 pounds".
std::string pounds_text(double pounds) {
  const std::string number = admin_support::number_text(pounds);
  return number + (number == "1" ? " pound" : " pounds");
}

/// "It weighs 2.5 pounds.\n", or "" for a thing whose table gives it no weight.
std::string weighs_text(double pounds) { return pounds > 0.0 ? "It weighs " + pounds_text(pounds) + ".\n" : ""; }

void inventory(const item_parts& p, command_context& ctx) {
  // Things alike (the same name, not in use) are one line: "2 healing draughts", in the order first carried.
  struct line {
    const item* first;
    std::string name;
    int count;
  };
  std::vector<line> lines;
  for (const item& it : ctx.actor.inventory) {
    std::string name = p.contents.item_name(it);
    auto same = it.equipped ? lines.end() : std::find_if(lines.begin(), lines.end(), [&name](const line& l) {
      return !l.first->equipped && l.name == name;
    });
    if (same != lines.end()) {
      ++same->count;
    } else {
      lines.push_back({&it, std::move(name), 1});
    }
  }
  std::string out = "You carry:\n";
  for (const line& l : lines) {
    out += "  ";
    append_styled(out, style::item, content::counted(l.count, l.name));
    if (l.first->equipped) {
      out += is_gear(*l.first, content::item_kind::weapon) ? " (wielded)" : " (worn)";
    }
    out += "\n";
  }
  if (ctx.actor.inventory.empty()) {
    out = "You carry nothing.\n";
  } else {
    double pounds = 0.0;
    for (const item& it : ctx.actor.inventory) {
      pounds += p.contents.pounds_of(it);
    }
    out += "Weight: " + pounds_text(pounds) + " in all.\n";
  }
  out += "Hit points: " + std::to_string(ctx.actor.hp) + "/" + std::to_string(ctx.actor.max_hp) + ".\n";
  ctx.reply(out);
}

std::string describe_item(const room_stock& c, const character& viewer, const item& it) {
  if (it.kind == pack_kind) {
    const std::vector<item>* held = c.inside_of(it.id);
    std::string out = c.item_name(it) + ", dropped where " + it.key + " fell. It holds " +
                      pack_contents_text(it.amount, held != nullptr ? held->size() : 0) +
                      (held != nullptr && !held->empty() ? ":" : ".") + "\n";
    for (const item& inside : held != nullptr ? *held : std::vector<item>{}) {
      out += "  " + c.item_name(inside) + "\n";
    }
    return out;
  }
  if (it.kind == supply_kind) {
    const content::supply_def* def = c.tables().merchant.find_supply(it.key);
    return def == nullptr ? "It has gone off; you cannot tell what it was.\n"
                          : content::capitalise(def->name) + ": " + def->description + "\n" + weighs_text(def->pounds);
  }
  if (const auto kind = gear_kind(it)) {
    const content::item_def* def = c.tables().find_item(it.key);
    if (def == nullptr) {
      return "It is too battered to tell what it was.\n";
    }
    std::string out = def->name + ": " + def->description + "\n";
    out += *kind == content::item_kind::weapon
               ? "It deals up to " + std::to_string(def->damage) + " damage a blow.\n"
               : "It takes " + std::to_string(def->reduction) + " off every blow you take.\n";
    return out + weighs_text(def->pounds);
  }
  const auto a = c.artefact_of(it);
  if (!a) {
    return "You cannot make sense of it.\n";
  }
  std::string out = a->name + ", " + a->short_description + ".\n" + a->appearance + "\n";
  out += weighs_text(a->pounds);
  if (!a->effect.empty()) {
    out += viewer.identified.contains(a->effect) ? "It is " + a->effect_name + ".\n"
                                                 : "You do not know what this scroll does.\n";
  }
  return out + "It would fetch about " + std::to_string(a->price) + " silver.\n";
}

/// What one sees of a character standing in the room.
std::string describe_character(const item_parts& p, const character& viewer, const character& other) {
  if (&other == &viewer) {
    return "You look yourself over: " + std::to_string(other.hp) + " of " + std::to_string(other.max_hp) +
           " hit points.\n";
  }
  const int percent = other.max_hp > 0 ? other.hp * 100 / other.max_hp : 0;
  const char* state = percent >= 100 ? "unhurt"
                      : percent >= 60 ? "a little hurt"
                      : percent >= 25 ? "badly hurt"
                                      : "barely standing";
  std::string out =
      other.name +
      (other.account_role == role::player ? "" : " (" + std::string(role_name(other.account_role)) + ")") +
      " is here, " + state + ".";
  std::size_t wielded = 0;
  for (const item& it : other.inventory) {
    if (it.equipped) {
      out += (wielded++ == 0 ? " Using: " : ", ") + p.contents.item_name(it);
    }
  }
  out += wielded > 0 ? ".\n" : "\n";
  if (p.fights.in_combat(other)) {
    out += other.name + " is fighting.\n";
  }
  return out;
}

void examine(const item_parts& p, command_context& ctx) {
  item* it = match(p.contents, ctx.actor.inventory, ctx.args.object);
  if (it == nullptr) {
    it = match(p.contents, p.contents.floor_of(ctx.actor.where.room_id), ctx.args.object);
  }
  if (it != nullptr) {
    ctx.reply(describe_item(p.contents, ctx.actor, *it));
    return;
  }
  const std::string_view words = ctx.args.object ? ctx.args.object->words : ctx.args.raw;
  if (const room_fight* fight = p.contents.standing_fight(ctx.actor)) {
    const content::fight_state& monsters = fight->monsters;
    const content::content_tables& tables = p.contents.tables();
    if (const content::leader_def* leader = tables.find_leader(monsters.monster_key);
        leader != nullptr && (name_matches(leader->title, words) || name_matches(leader->kind.name, words))) {
      ctx.reply(leader->title + ". " + leader->kind.description + "\nIt leads here, alone.\n");
      return;
    }
    if (const content::monster_def* m = tables.find_monster(monsters.monster_key);
        m != nullptr && (name_matches(m->name, words) || name_matches(m->plural, words))) {
      ctx.reply(m->description + "\n" + std::to_string(monsters.alive()) + " of them, " + monsters.size_key +
                ".\n");
      return;
    }
  }
  // Someone here, by name.
  for (const character* other : p.people.characters_in(ctx.actor.where.room_id)) {
    if (name_matches(other->name, words)) {
      ctx.reply(describe_character(p, ctx.actor, *other));
      return;
    }
  }
  // A rune door and its runes (or the order scratched in a hint room), before the room's plain doorways.
  if (p.puzzles != nullptr) {
    if (auto seen = p.puzzles->look_at(ctx.actor, words)) {
      ctx.reply(*seen);
      return;
    }
  }
  // Something of the room itself: its water, pillars, walls, doors (from its interior).
  if (auto seen = p.insides.look_at_interior(ctx.actor, words)) {
    ctx.reply(*seen);
    return;
  }
  ctx.reply("You see no '" + std::string(ctx.args.raw) + "' here.\n");
}

/// `look` alone shows the room; `look <thing>` and `look at <thing>` examine it.
void look(const item_parts& p, command_context& ctx) {
  if (ctx.args.raw.empty()) {
    p.view.show_room(ctx.actor, true);  // everything, even in brief mode
  } else {
    examine(p, ctx);
  }
}

/// What `look` was given: nothing, or a thing named as `examine` takes it, perhaps after "at".
std::optional<std::string> look_target(std::string_view raw, command_args& out) {
  raw = trim(raw);
  if (raw.size() > 3 && (iequals(raw.substr(0, 3), "at ") || iequals(raw.substr(0, 3), "in "))) {
    raw = trim(raw.substr(3));  // (look in pack: what a container holds is part of examining it)
  }
  return raw.empty() ? arguments::raw(raw, out) : arguments::object("Examine what?")(raw, out);
}

}  // namespace

void register_item_commands(command_registry& r, item_parts p) {
  const role P = role::player;
  r.add(make_command("look", {"l"}, P, "Look around the room.",
                     "look | look <thing or someone>\nDescribes the room you are in, its exits and who is here; "
                     "look at a thing, a monster or a player to examine it.",
                     look_target, [p](command_context& ctx) { look(p, ctx); }));
  r.add(make_command("get", {"take"}, P, "Pick something up: get sword, get all.",
                     "get <item> | get 2.<item> | get all | get all.<item>\nAny word of a name works, and several "
                     "words (get plain iron); 2.tube is the second tube.",
                     arguments::object("Get what?"), [p](command_context& ctx) { get(p, ctx); }));
  r.add(make_command("drop", {}, P, "Put something down.",
                     "drop <item> | drop 2.<item> | drop all | drop all.<item>\nWhat you wield or wear stays on you: "
                     "of two of a name, the one you are not using drops, and 'drop all' leaves what you use and says "
                     "so. Remove a thing first to drop it.",
                     arguments::object("Drop what?"), [p](command_context& ctx) { drop(p, ctx); }));
  r.add(make_command("wield", {}, P, "Hold a weapon (more damage).",
                     "wield <weapon>\nA wielded weapon raises the damage you deal.", arguments::object("Wield what?"),
                     [p](command_context& ctx) { equip(p, ctx, content::item_kind::weapon, "wield"); }));
  r.add(make_command("wear", {}, P, "Put on armour (less damage taken).",
                     "wear <armour>\nWorn armour lowers the damage you take.", arguments::object("Wear what?"),
                     [p](command_context& ctx) { equip(p, ctx, content::item_kind::armour, "wear"); }));
  r.add(make_command("remove", {}, P, "Stop wielding or wearing something.", "remove <item>",
                     arguments::object("You are not using that."), [p](command_context& ctx) { remove(p, ctx); }));
  r.add(make_command("inventory", {"i", "inv"}, P, "What you carry, and your hit points.",
                     "inventory\nThings alike are counted on one line (2 healing draughts); '2.draught' still names "
                     "the second of them.",
                     arguments::raw, [p](command_context& ctx) { inventory(p, ctx); }));
  r.add(make_command("examine", {"x"}, P, "Look closely at an item, a monster or someone here.",
                     "examine <item, monster, player or part of the room>   (or: look <thing>)\nShows what it "
                     "is, and for a scroll its appearance and price. 2.scroll is the second scroll. Parts of the "
                     "room: look water, look pillars, look walls, look door (at a sealed door: its runes).",
                     arguments::object("Examine what?"), [p](command_context& ctx) { examine(p, ctx); }));
}

}  // namespace dw::game
