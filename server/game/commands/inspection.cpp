// @stat: everything known about a player, a room, an item or a branch.
#include "content/tape.hpp"
#include "server/game/commands/admin_support.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/world_admin_set.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "server/game/encounters/wanderers.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {
namespace {
using namespace admin_support;

std::string exits_text(const dungeon::room& r) {
  static constexpr const char* states[] = {"none", "unexplored", "two-way", "one-way", "to the well"};
  std::string out;
  for (dungeon::direction d : dungeon::all_directions) {
    out += "  " + std::string(dungeon::name(d)) + ": " + states[static_cast<int>(r.exit(d))] + "\n";
  }
  return out;
}

std::string stat_room(const world_admin_parts& p, const character& here) {
  if (here.where.branch_id == 0) {
    const std::optional<place> room = p.rooms.at(here.where);
    return "Room " + std::to_string(here.where.room_id) + ": " + (room ? room->name : "?") +
           " (static; no branch, no tape)\n";
  }
  const auto room =
      p.rooms.dungeon().room_at(static_cast<dungeon::branch_id>(here.where.branch_id), {here.where.x, here.where.y});
  if (!room) {
    return "This room no longer exists.\n";
  }
  const std::uint64_t tape_key = p.rooms.dungeon().tape_key(room->branch).value_or(room->branch);
  const std::uint64_t tape = content::tape_seed(static_cast<std::uint64_t>(p.settings.get().dungeon.world_seed),
                                                tape_key, room->pos.x, room->pos.y);
  std::string out = "Room " + std::to_string(room->id) + " of branch " + std::to_string(room->branch) + " at (" +
                    std::to_string(room->pos.x) + "," + std::to_string(room->pos.y) + "), depth " +
                    std::to_string(dungeon::depth_of(room->pos)) + ", " + (room->clear ? "clear" : "NOT clear") +
                    "\nTape seed: " + std::to_string(tape) + " (branch tape key " + std::to_string(tape_key) +
                    ")\nExits:\n" + exits_text(*room);
  if (const auto inside = p.rooms.interior(here.where)) {
    out += "Interior: " + inside->script_name + ", " + std::to_string(inside->map.width()) + "x" +
           std::to_string(inside->map.height()) + ", seed " + std::to_string(inside->seed) + "\n";
  }
  if (const auto* state = p.contents.state_of(here); state != nullptr) {
    out += "Event: " + std::string(content::to_string(state->event)) + "\n";
    if (const room_fight* fight = p.fights.fight_in(here.where.room_id)) {
      out += "Fight: " + fight->monsters.encode() + (fight->active ? " (active)" : "") + "\n";
    }
    if (const content::rune_lock* lock = p.locks.lock_in(here.where.room_id)) {
      std::string order;
      for (const std::string& rune : lock->sequence) {
        order += (order.empty() ? "" : " ") + rune;
      }
      out += "Rune lock: " + order + " (" + (lock->solved ? "solved" : "sealed") + "), hint at (" +
             std::to_string(lock->hint_x) + "," + std::to_string(lock->hint_y) + ")\n";
    }
    if (const content::rune_hint* hint = p.locks.hint_in(here.where.room_id)) {
      out += "Rune hint for the lock at (" + std::to_string(hint->lock_x) + "," + std::to_string(hint->lock_y) +
             ")\n";
    }
  }
  return out;
}

std::optional<std::string> stat_branch(const world_admin_parts& p, std::string_view id_text) {
  const auto id = parse_int(id_text);
  const auto info = id ? p.rooms.dungeon().branch(static_cast<dungeon::branch_id>(*id)) : std::nullopt;
  if (!info) {
    return std::nullopt;
  }
  const std::int64_t now = p.svc.now();
  return branch_name(*info) + " (id " + std::to_string(info->id) + ")\n  sequence " +
         std::to_string(info->sequence) + ", seed " + std::to_string(info->seed) + "\n  created " +
         std::to_string(now - info->created) + " s ago, window " +
         (dungeon::window_open(*info, now) ? std::to_string(info->window_end - now) + " s left"
                                           : std::string("closed")) +
         "\n  rooms " + std::to_string(info->room_count) + ", unexplored exits " + std::to_string(info->unexplored) +
         ", inside " + std::to_string(info->occupants) + ", last occupied " +
         std::to_string(now - info->last_occupied) + " s ago\n" + p.wanderers.describe_branch(info->id);
}

std::optional<std::string> stat_item(const world_admin_parts& p, const character& actor, std::string_view rest) {
  const room_stock& c = p.contents;
  const item* found = nullptr;
  auto search = [&](const std::vector<item>& items) {
    for (const item& it : items) {
      if (!found && (std::to_string(it.id) == rest || c.item_name(it).find(rest) != std::string::npos)) {
        found = &it;
      }
    }
  };
  search(actor.inventory);
  search(p.contents.floor_of(actor.where.room_id));
  if (found == nullptr || rest.empty()) {
    return std::nullopt;
  }
  std::string out = "Item " + std::to_string(found->id) + ": " + c.item_name(*found) + "\n  kind " + found->kind +
                    (found->key.empty() ? "" : ", key " + found->key) + ", seed " + std::to_string(found->seed) +
                    (found->equipped ? ", equipped" : "") + "\n";
  if (const auto kept = c.artefact_of(*found)) {
    // (what the player is shown; the blueprint below is what today's tables would make of the seed)
    out += "  as made: " + kept->short_description + ", price " + std::to_string(kept->price) + ", " +
           number_text(kept->pounds) + " pounds\n";
  }
  if (auto print = c.artefacts().make_blueprint(c.tables(), found->kind, found->seed)) {
    out += "  blueprint (" + print->type + "):\n";
    for (const content::blueprint_part& part : print->parts) {
      out += "    " + part.role + ": seed " + std::to_string(part.seed) + ", picks";
      for (std::uint32_t pick : part.picks) {
        out += ' ';  // appended apart: GCC 12 -O3 misreads " " + std::string as an overlapping copy
        out += std::to_string(pick);
      }
      for (const std::string& word : part.words) {
        out += " '" + word + "'";
      }
      out += "\n";
    }
    if (auto a = c.artefacts().instantiate(c.tables(), *print)) {
      out += "  price " + std::to_string(a->price) + " = base " + number_text(a->base_price);
      for (const content::artefact_attribute& attr : a->attributes) {
        out += " x " + attr.word + " " + number_text(attr.multiplier);
      }
      out += "\n";
    }
  }
  return out;
}

std::optional<std::string> stat_player(const world_admin_parts& p, std::string_view name) {
  const character* ch = p.people.find_character_by_name(name);
  if (ch == nullptr) {
    return std::nullopt;
  }
  std::string out = ch->name + " (account " + std::to_string(ch->account_id) + ", " +
                    std::string(role_name(ch->account_role)) + ")\n  at " + p.rooms.where_text(ch->where) +
                    ", room " + std::to_string(ch->where.room_id) + "\n  hp " + std::to_string(ch->hp) + "/" +
                    std::to_string(ch->max_hp) + (p.fights.in_combat(*ch) ? ", fighting" : "") + "\n";
  if (const connection* c = p.people.find_connection(ch->connection)) {
    const client_abilities& info = c->port->client();
    out += "  connection " + std::to_string(c->id) + " from " + std::string(c->port->address()) +
           (info.tls ? " over TLS" : "") + ", client " +
           (info.client_name.empty() ? "?" : info.client_name) + ", " + std::to_string(info.width) + "x" +
           std::to_string(info.height) + ", GMCP " + (info.gmcp ? "on" : "off") + "\n";
  }
  out += "  carries " + std::to_string(ch->inventory.size()) + " items\n";
  return out;
}

void stat(const world_admin_parts& p, command_context& ctx) {
  const auto [what, rest] = first_word(ctx.args.raw);
  std::optional<std::string> out;
  std::string_view usage = "Usage: @stat <player | room | item <id|name> | branch <id>> (players must be online)\n";
  if (iequals(what, "room") || what.empty()) {
    out = stat_room(p, ctx.actor);
  } else if (iequals(what, "branch")) {
    out = stat_branch(p, rest);
    usage = "Usage: @stat branch <id> (see @branches)\n";
  } else if (iequals(what, "item")) {
    out = stat_item(p, ctx.actor, rest);
    usage = "Usage: @stat item <id | name> (an item you carry or that lies here)\n";
  } else {
    out = stat_player(p, iequals(what, "player") ? rest : ctx.args.raw);
  }
  if (!out) {
    ctx.failed(usage);
    return;
  }
  ctx.reply(*out);
  if (ctx.audit) {
    ctx.audit->succeeded("shown");
  }
}

}  // namespace

void register_stat_command(command_registry& r, world_admin_parts p) {
  r.add(make_command("stat", {}, role::admin, "Everything known about a player, room, item or branch.",
                     "@stat <player> | @stat room | @stat item <id|name> | @stat branch <id>", arguments::raw,
                     [p](command_context& ctx) { stat(p, ctx); }));
}

}  // namespace dw::game
