// Commands for fights, items and scrolls.
#include <spdlog/spdlog.h>
#include <algorithm>
#include <charconv>

#include "content/content_loader.hpp"
#include "content/monster_group.hpp"
#include "server/game/command_parser.hpp"
#include "server/game/commands.hpp"
#include "server/game/content_play.hpp"
#include "server/game/naming.hpp"
#include "server/game/world.hpp"
#include "server/store/items.hpp"

namespace dw::game {
namespace {

content_play& play(command_context& ctx) { return ctx.world.play(); }

/// If the event cannot be saved, item `id` moves back from `ch`'s hands to the floor of `room` (or the
/// other way round when `to_floor` is false).
void undo_item_move(command_context& ctx, std::int64_t id, std::int64_t room, bool to_floor) {
  world& w = ctx.world;
  w.on_rollback([&w, account = ctx.actor.account_id, id, room, to_floor] {
    character* ch = w.find_character(account);
    std::vector<item>& floor = w.play().floor_of(room);
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
  });
}

/// If the event cannot be saved, the equipped flags of `ch`'s items go back to what they are now.
void undo_equipment(command_context& ctx) {
  std::vector<std::pair<std::int64_t, bool>> flags;
  for (const item& it : ctx.actor.inventory) {
    flags.emplace_back(it.id, it.equipped);
  }
  world& w = ctx.world;
  w.on_rollback([&w, account = ctx.actor.account_id, flags = std::move(flags)] {
    if (character* ch = w.find_character(account)) {
      for (item& it : ch->inventory) {
        for (const auto& [id, equipped] : flags) {
          if (it.id == id) {
            it.equipped = equipped;
          }
        }
      }
    }
  });
}

/// The item `text` names among `items` ("sword", "plain iron", "2.tube"); nullptr when none, or when
/// `text` asks for all of them (callers that take "all" use pick() instead).
item* match(content_play& p, std::vector<item>& items, std::string_view text) {
  const auto query = parse_object_query(text);
  if (!query || query->all) {
    return nullptr;
  }
  item* found = nullptr;
  select_objects(items, *query, [&p](const item& it) { return p.item_name(it); },
                 [&](std::size_t i) { found = &items[i]; });
  return found;
}

/// The ids of the items `query` selects among `items`, in order.
std::vector<std::int64_t> pick(content_play& p, const std::vector<item>& items, const object_query& query) {
  std::vector<std::int64_t> ids;
  select_objects(items, query, [&p](const item& it) { return p.item_name(it); },
                 [&](std::size_t i) { ids.push_back(items[i].id); });
  return ids;
}

/// Removes the item `id` from `items` and returns it.
item take_out(std::vector<item>& items, std::int64_t id) {
  auto it = std::find_if(items.begin(), items.end(), [id](const item& i) { return i.id == id; });
  item out = std::move(*it);
  items.erase(it);
  return out;
}

void fight_command(command_context& ctx) { play(ctx).join_fight(ctx.actor, ctx.conn); }

void flee_command(command_context& ctx) { play(ctx).flee(ctx.actor, ctx.conn); }

void get(command_context& ctx) {
  const auto query = parse_object_query(ctx.args);
  if (!query) {
    ctx.world.send(ctx.conn, ctx.args.empty() ? "Get what?\n" : "You see no '" + std::string(ctx.args) + "' here.\n");
    return;
  }
  content_play& p = play(ctx);
  std::vector<item>& floor = p.floor_of(ctx.actor.where.room_id);
  const std::vector<std::int64_t> ids = pick(p, floor, *query);
  for (std::int64_t id : ids) {
    item taken = take_out(floor, id);
    taken.equipped = false;
    p.persist_item(taken, ctx.actor.account_id, 0);
    undo_item_move(ctx, taken.id, ctx.actor.where.room_id, true);
    const std::string name = p.item_name(taken);
    ctx.world.send(ctx.conn, "You pick up " + name + ".\n");
    ctx.world.send_room(ctx.actor.where.room_id, ctx.actor.name + " picks up " + name + ".\n", ctx.actor.account_id);
    ctx.actor.inventory.push_back(std::move(taken));
  }
  if (ids.empty()) {
    ctx.world.send(ctx.conn, query->all && query->words.empty() ? "There is nothing here to pick up.\n"
                                                                : "You see no '" + std::string(ctx.args) + "' here.\n");
  }
}

void drop(command_context& ctx) {
  const auto query = parse_object_query(ctx.args);
  if (!query) {
    ctx.world.send(ctx.conn, ctx.args.empty() ? "Drop what?\n" : "You carry no '" + std::string(ctx.args) + "'.\n");
    return;
  }
  content_play& p = play(ctx);
  const std::vector<std::int64_t> ids = pick(p, ctx.actor.inventory, *query);
  if (ids.empty()) {
    ctx.world.send(ctx.conn, query->all && query->words.empty() ? "You carry nothing.\n"
                                                                : "You carry no '" + std::string(ctx.args) + "'.\n");
    return;
  }
  undo_equipment(ctx);
  for (std::int64_t id : ids) {
    item dropped = take_out(ctx.actor.inventory, id);
    dropped.equipped = false;
    p.persist_item(dropped, 0, ctx.actor.where.room_id);
    undo_item_move(ctx, dropped.id, ctx.actor.where.room_id, false);
    const std::string name = p.item_name(dropped);
    ctx.world.send(ctx.conn, "You drop " + name + ".\n");
    ctx.world.send_room(ctx.actor.where.room_id, ctx.actor.name + " drops " + name + ".\n", ctx.actor.account_id);
    p.floor_of(ctx.actor.where.room_id).push_back(std::move(dropped));
  }
}

void equip(command_context& ctx, std::string_view kind, std::string_view verb) {
  content_play& p = play(ctx);
  item* it = ctx.args.empty() ? nullptr : match(p, ctx.actor.inventory, ctx.args);
  if (it == nullptr) {
    ctx.world.send(ctx.conn, ctx.args.empty() ? std::string(verb) + " what?\n"
                                              : "You carry no '" + std::string(ctx.args) + "'.\n");
    return;
  }
  if (it->kind != kind) {
    ctx.world.send(ctx.conn, "You cannot " + std::string(verb) + " " + p.item_name(*it) + ".\n");
    return;
  }
  undo_equipment(ctx);
  for (item& other : ctx.actor.inventory) {
    if (other.kind == kind && other.equipped && other.id != it->id) {
      other.equipped = false;  // one weapon in hand, one suit of armour on
      p.persist_item(other, ctx.actor.account_id, 0);
      ctx.world.send(ctx.conn, "You put away " + p.item_name(other) + ".\n");
    }
  }
  it->equipped = true;
  p.persist_item(*it, ctx.actor.account_id, 0);
  ctx.world.send(ctx.conn, "You " + std::string(verb) + " " + p.item_name(*it) + ".\n");
  ctx.world.send_room(ctx.actor.where.room_id,
                      ctx.actor.name + " " + std::string(verb) + "s " + p.item_name(*it) + ".\n", ctx.actor.account_id);
}

void remove(command_context& ctx) {
  content_play& p = play(ctx);
  item* it = ctx.args.empty() ? nullptr : match(p, ctx.actor.inventory, ctx.args);
  if (it == nullptr || !it->equipped) {
    ctx.world.send(ctx.conn, "You are not using that.\n");
    return;
  }
  undo_equipment(ctx);
  it->equipped = false;
  p.persist_item(*it, ctx.actor.account_id, 0);
  ctx.world.send(ctx.conn, "You stop using " + p.item_name(*it) + ".\n");
}

void inventory(command_context& ctx) {
  content_play& p = play(ctx);
  std::string out = "You carry:\n";
  for (const item& it : ctx.actor.inventory) {
    out += "  " + p.item_name(it);
    if (it.equipped) {
      out += it.kind == "weapon" ? " (wielded)" : " (worn)";
    }
    out += "\n";
  }
  if (ctx.actor.inventory.empty()) {
    out = "You carry nothing.\n";
  }
  out += "Hit points: " + std::to_string(ctx.actor.hp) + "/" + std::to_string(ctx.actor.max_hp) + ".\n";
  ctx.world.send(ctx.conn, out);
}

std::string describe_item(content_play& p, const item& it) {
  const content::content_tables& tables = p.owner().content();
  if (it.kind == "weapon" || it.kind == "armour") {
    const content::item_def* def = tables.find_item(it.key);
    if (def == nullptr) {
      return "It is too battered to tell what it was.\n";
    }
    std::string out = def->name + ": " + def->description + "\n";
    out += it.kind == "weapon" ? "It deals up to " + std::to_string(def->damage) + " damage a blow.\n"
                               : "It takes " + std::to_string(def->reduction) + " off every blow you take.\n";
    return out;
  }
  const auto a = p.artefacts().generate(tables, it.kind, it.seed);
  if (!a) {
    return "You cannot make sense of it.\n";
  }
  return a->name + ", " + a->short_description + ".\n" + a->appearance + "\nIt would fetch about " +
         std::to_string(a->price) + " silver.\n";
}

/// What one sees of a character standing in the room.
std::string describe_character(command_context& ctx, const character& other) {
  if (&other == &ctx.actor) {
    return "You look yourself over: " + std::to_string(other.hp) + " of " + std::to_string(other.max_hp) +
           " hit points.\n";
  }
  const int percent = other.max_hp > 0 ? other.hp * 100 / other.max_hp : 0;
  const char* state = percent >= 100 ? "unhurt" : percent >= 60 ? "a little hurt" : percent >= 25 ? "badly hurt"
                                                                                                   : "barely standing";
  std::string out = other.name + (other.account_role == role::player ? "" : " (" +
                                  std::string(role_name(other.account_role)) + ")") +
                    " is here, " + state + ".";
  std::size_t wielded = 0;
  for (const item& it : other.inventory) {
    if (it.equipped) {
      out += (wielded++ == 0 ? " Using: " : ", ") + play(ctx).item_name(it);
    }
  }
  out += wielded > 0 ? ".\n" : "\n";
  if (ctx.world.in_combat(other)) {
    out += other.name + " is fighting.\n";
  }
  return out;
}

}  // namespace

void examine_command(command_context& ctx) {
  content_play& p = play(ctx);
  if (ctx.args.empty()) {
    ctx.world.send(ctx.conn, "Examine what?\n");
    return;
  }
  item* it = match(p, ctx.actor.inventory, ctx.args);
  if (it == nullptr) {
    it = match(p, p.floor_of(ctx.actor.where.room_id), ctx.args);
  }
  if (it != nullptr) {
    ctx.world.send(ctx.conn, describe_item(p, *it));
    return;
  }
  const auto query = parse_object_query(ctx.args);
  const std::string_view words = query ? query->words : ctx.args;
  if (content_play::room_state* state = p.state_of(ctx.actor);
      state != nullptr && state->fight && !state->fight->won()) {
    if (const content::monster_def* m = ctx.world.content().find_monster(state->fight->monster_key);
        m != nullptr && (name_matches(m->name, words) || name_matches(m->plural, words))) {
      ctx.world.send(ctx.conn, m->description + "\n" + std::to_string(state->fight->alive()) + " of them, " +
                                   state->fight->size_key + ".\n");
      return;
    }
  }
  // Someone here, by name.
  for (const character* other : ctx.world.characters_in(ctx.actor.where.room_id)) {
    if (name_matches(other->name, words)) {
      ctx.world.send(ctx.conn, describe_character(ctx, *other));
      return;
    }
  }
  ctx.world.send(ctx.conn, "You see no '" + std::string(ctx.args) + "' here.\n");
}

namespace {

void read(command_context& ctx) {
  content_play& p = play(ctx);
  item* it = ctx.args.empty() ? nullptr : match(p, ctx.actor.inventory, ctx.args);
  if (it == nullptr && !ctx.args.empty()) {
    it = match(p, p.floor_of(ctx.actor.where.room_id), ctx.args);
  }
  if (it == nullptr) {
    ctx.world.send(ctx.conn, ctx.args.empty() ? "Read what?\n" : "You see no '" + std::string(ctx.args) + "'.\n");
    return;
  }
  const auto a = p.artefacts().generate(ctx.world.content(), it->kind, it->seed);
  if (!a || a->text.empty()) {
    ctx.world.send(ctx.conn, "There is nothing written on " + p.item_name(*it) + ".\n");
    return;
  }
  ctx.world.send(ctx.conn, "You unroll " + a->name + " and read:\n" + a->text + "\n");
}

void spawn(command_context& ctx) {
  const parsed_command what = parse_command(ctx.args);
  if (!iequals(what.verb, "scroll")) {
    ctx.world.send(ctx.conn, "Usage: @spawn scroll [seed]\n");
    return;
  }
  std::optional<std::uint64_t> seed;
  if (!what.args.empty()) {
    std::uint64_t n = 0;
    const auto* end = what.args.data() + what.args.size();
    if (std::from_chars(what.args.data(), end, n).ptr != end) {
      ctx.world.send(ctx.conn, "A seed is a whole number from 0 to 18446744073709551615.\n");
      return;
    }
    seed = n;
  }
  spdlog::info("{} spawned a scroll", ctx.actor.name);
  play(ctx).spawn_scroll(ctx.actor, ctx.conn, seed);
}

void reload(command_context& ctx) {
  if (!iequals(ctx.args, "content")) {
    ctx.world.send(ctx.conn, "Usage: @reload content\n");
    return;
  }
  auto loaded = content::load_content(ctx.world.settings().content.dir);
  if (auto* error = std::get_if<content::content_error>(&loaded)) {
    spdlog::warn("{}: content reload refused: {}", ctx.actor.name, error->to_string());
    ctx.world.send(ctx.conn,
                   "The new content is invalid, so the old tables stay in use:\n  " + error->to_string() + "\n");
    return;
  }
  ctx.world.set_content(
      std::make_shared<const content::content_tables>(std::move(std::get<content::content_tables>(loaded))));
  spdlog::info("{} reloaded the content tables", ctx.actor.name);
  ctx.world.send(ctx.conn, "Content reloaded.\n");
}

}  // namespace

void content_play::register_commands(command_registry& r) {
  const role P = role::player;
  r.add(make_command(
      "fight", {"attack", "kill"}, P, "Attack the monsters here, or hurry the next round.",
      "fight   (also: attack, kill)\nStarts or joins the fight in the room. Rounds follow on their own every "
      "few seconds; typing fight again strikes at once. A room is cleared when its monsters fall.",
      fight_command));
  r.add(make_command("flee", {}, P, "Run from a fight through an exit you know.",
                     "flee\nLeaves the fight through an exit into a room that already exists. The monsters stay.",
                     flee_command));
  r.add(make_command("get", {"take"}, P, "Pick something up: get sword, get all.",
                     "get <item> | get 2.<item> | get all | get all.<item>\nAny word of a name works, and several "
                     "words (get plain iron); 2.tube is the second tube.",
                     get));
  r.add(make_command("drop", {}, P, "Put something down.", "drop <item> | drop 2.<item> | drop all | drop all.<item>",
                     drop));
  r.add(make_command("wield", {}, P, "Hold a weapon (more damage).",
                     "wield <weapon>\nA wielded weapon raises the damage "
                     "you deal.",
                     [](command_context& ctx) { equip(ctx, "weapon", "wield"); }));
  r.add(make_command("wear", {}, P, "Put on armour (less damage taken).",
                     "wear <armour>\nWorn armour lowers the damage "
                     "you take.",
                     [](command_context& ctx) { equip(ctx, "armour", "wear"); }));
  r.add(make_command("remove", {}, P, "Stop wielding or wearing something.", "remove <item>", remove));
  r.add(make_command("inventory", {"i", "inv"}, P, "What you carry, and your hit points.", "inventory   (also: i)",
                     inventory));
  r.add(make_command("examine", {"x"}, P, "Look closely at an item, a monster or someone here.",
                     "examine <item, monster or player>   (also: x, look <thing>)\nShows what it is, and for a "
                     "scroll its appearance and price. 2.scroll is the second scroll.",
                     examine_command));
  r.add(make_command("read", {}, P, "Read a scroll.", "read <scroll>", read));
  r.add(make_command("spawn", {}, role::admin, "Make a scroll in this room.",
                     "@spawn scroll [seed]\nThe same seed always makes the same scroll.", spawn));
  r.add(make_command("reload", {}, role::admin, "Reload the content tables.",
                     "@reload content\nReads content/*.toml again; if anything is invalid, the old tables stay and you "
                     "are told why.",
                     reload));
}

}  // namespace dw::game
