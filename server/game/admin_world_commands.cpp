// The administrators' commands that move characters, inspect things and change the world.
#include <spdlog/spdlog.h>
#include <memory>

#include "content/tape.hpp"
#include "server/game/admin_support.hpp"
#include "server/game/map_view.hpp"
#include "server/game/names.hpp"

namespace dw::game {
namespace {
using namespace admin_support;

/// "a player", "a builder", "an admin".
std::string with_article(std::string_view word) {
  const bool vowel = !word.empty() && std::string_view("aeiou").find(word.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(word);
}

/// "<branch> <x>,<y>" as written by an administrator.
struct branch_position {
  std::int64_t branch = 0;
  std::int64_t x = 0;
  std::int64_t y = 0;
};

std::optional<branch_position> parse_branch_position(std::string_view text) {
  const auto [first, rest] = first_word(text);
  const std::size_t comma = rest.find(',');
  if (rest.empty() || comma == std::string_view::npos) {
    return std::nullopt;
  }
  const auto branch = parse_int(first);
  const auto x = parse_int(trim(rest.substr(0, comma)));
  const auto y = parse_int(trim(rest.substr(comma + 1)));
  if (!branch || !x || !y) {
    return std::nullopt;
  }
  return branch_position{*branch, *x, *y};
}

/// A destination: a player's name, a room id, or "<branch> <x>,<y>".
std::optional<store::location> destination(command_context& ctx, std::string_view text, std::string& why) {
  text = trim(text);
  if (const character* ch = ctx.world.find_character_by_name(text)) {
    return ch->where;
  }
  if (const std::optional<branch_position> at = parse_branch_position(text)) {
    const auto room = ctx.world.dungeon().room_at(static_cast<dungeon::branch_id>(at->branch),
                                                  {static_cast<std::int32_t>(at->x), static_cast<std::int32_t>(at->y)});
    if (!room) {
      why = "Branch " + std::to_string(at->branch) + " has no room at " + std::to_string(at->x) + "," +
            std::to_string(at->y) + ".";
      return std::nullopt;
    }
    store::location loc;
    loc.room_id = static_cast<std::int64_t>(room->id);
    loc.branch_id = static_cast<std::int64_t>(room->branch);
    loc.x = room->pos.x;
    loc.y = room->pos.y;
    return loc;
  }
  if (const auto id = parse_int(text)) {
    if (ctx.world.rooms().find(*id) != nullptr) {
      store::location loc;
      loc.room_id = *id;
      return loc;
    }
    // A dungeon room in memory; otherwise its branch is looked up and read first (on a worker), and
    // the command runs again.
    std::optional<store::location> found;
    for (const dungeon::branch_info& b : ctx.world.dungeon().branches()) {
      ctx.world.dungeon().for_each_resident_room(b.id, [&](const dungeon::room& r) {
        if (static_cast<std::int64_t>(r.id) == *id) {
          found = store::location{static_cast<std::int64_t>(r.id), static_cast<std::int64_t>(r.branch), r.pos.x,
                                  r.pos.y};
        }
      });
    }
    if (found) {
      return found;
    }
    if (*id > 0 && !ctx.world.room_known_missing(*id)) {
      throw storage::load_needed(0, *id);
    }
    why = "There is no room " + std::to_string(*id) + ".";
    return std::nullopt;
  }
  why = '\'' + std::string(text) + "' is neither a player, a room id, nor '<branch> <x>,<y>'.";
  return std::nullopt;
}

void teleport(command_context& ctx, character& who, const store::location& to) {
  ctx.world.play().leave_room(who);
  ctx.world.move_character(who, to, who.name + " vanishes in a swirl of dust.\n",
                           who.name + " appears in a swirl of dust.\n");
}

void go_to(command_context& ctx) {
  std::string why;
  if (auto to = destination(ctx, ctx.args, why)) {
    teleport(ctx, ctx.actor, *to);
  } else {
    ctx.world.send(ctx.conn, (ctx.args.empty() ? "Usage: @goto <player | room id | branch x,y>" : why) + "\n");
  }
}

void summon(command_context& ctx) {
  character* target = ctx.args.empty() ? nullptr : ctx.world.find_character_by_name(ctx.args);
  if (target == nullptr) {
    ctx.world.send(ctx.conn, "Nobody called '" + std::string(ctx.args) + "' is playing.\n");
    return;
  }
  if (target == &ctx.actor) {
    ctx.world.send(ctx.conn, "You are already where you are.\n");
    return;
  }
  if (target->where.room_id == ctx.actor.where.room_id && target->where.branch_id == ctx.actor.where.branch_id) {
    ctx.world.send(ctx.conn, target->name + " is already here.\n");
    return;
  }
  if (connection* c = ctx.world.find_connection(target->connection)) {
    ctx.world.send(*c, ctx.actor.name + " summons you.\n");
  }
  teleport(ctx, *target, ctx.actor.where);
  ctx.world.send(ctx.conn, "You summon " + target->name + ".\n");
}

void tel(command_context& ctx) {
  const auto [name, rest] = first_word(ctx.args);
  character* target = name.empty() ? nullptr : ctx.world.find_character_by_name(name);
  if (target == nullptr) {
    ctx.world.send(ctx.conn, "Usage: @tel <player> <player | room id | branch x,y>\n");
    return;
  }
  std::string why;
  if (auto to = destination(ctx, rest, why)) {
    teleport(ctx, *target, *to);
    ctx.world.send(ctx.conn, "You send " + target->name + " away.\n");
  } else {
    ctx.world.send(ctx.conn, why + "\n");
  }
}

std::string exits_text(const dungeon::room& r) {
  static constexpr const char* states[] = {"none", "unexplored", "two-way", "one-way", "to the well"};
  std::string out;
  for (dungeon::direction d : dungeon::all_directions) {
    out += "  " + std::string(dungeon::name(d)) + ": " + states[static_cast<int>(r.exit(d))] + "\n";
  }
  return out;
}

void stat(command_context& ctx) {
  const auto [what, rest] = first_word(ctx.args);
  world& w = ctx.world;
  if (iequals(what, "room") || what.empty()) {
    const character& here = ctx.actor;
    if (here.where.branch_id == 0) {
      const static_room* room = w.rooms().find(here.where.room_id);
      w.send(ctx.conn, "Room " + std::to_string(here.where.room_id) + ": " + (room ? room->name : "?") +
                           " (static; no branch, no tape)\n");
      return;
    }
    const auto room =
        w.dungeon().room_at(static_cast<dungeon::branch_id>(here.where.branch_id), {here.where.x, here.where.y});
    if (!room) {
      return;
    }
    const std::uint64_t tape = content::tape_seed(static_cast<std::uint64_t>(w.settings().dungeon.world_seed),
                                                  room->branch, room->pos.x, room->pos.y);
    std::string out = "Room " + std::to_string(room->id) + " of branch " + std::to_string(room->branch) + " at (" +
                      std::to_string(room->pos.x) + "," + std::to_string(room->pos.y) + "), depth " +
                      std::to_string(dungeon::depth_of(room->pos)) + ", " + (room->clear ? "clear" : "NOT clear") +
                      "\nTape seed: " + std::to_string(tape) + "\nExits:\n" + exits_text(*room);
    if (const auto* state = w.play().state_of(here); state != nullptr) {
      out += "Event: " + std::string(content::to_string(state->event)) + "\n";
      if (state->fight) {
        out += "Fight: " + state->fight->encode() + (state->active ? " (active)" : "") + "\n";
      }
    }
    w.send(ctx.conn, out);
    return;
  }
  if (iequals(what, "branch")) {
    const auto id = parse_int(rest);
    const auto info = id ? w.dungeon().branch(static_cast<dungeon::branch_id>(*id)) : std::nullopt;
    if (!info) {
      w.send(ctx.conn, "Usage: @stat branch <id> (see @branches)\n");
      return;
    }
    const std::int64_t now = w.svc().now();
    w.send(ctx.conn, branch_name(*info) + " (id " + std::to_string(info->id) + ")\n  sequence " +
                         std::to_string(info->sequence) + ", seed " + std::to_string(info->seed) + "\n  created " +
                         std::to_string(now - info->created) + " s ago, window " +
                         (dungeon::window_open(*info, now) ? std::to_string(info->window_end - now) + " s left"
                                                           : std::string("closed")) +
                         "\n  rooms " + std::to_string(info->room_count) + ", unexplored exits " +
                         std::to_string(info->unexplored) + ", inside " + std::to_string(info->occupants) +
                         ", last occupied " + std::to_string(now - info->last_occupied) + " s ago\n");
    return;
  }
  if (iequals(what, "item")) {
    content_play& p = w.play();
    const item* found = nullptr;
    auto search = [&](const std::vector<item>& items) {
      for (const item& it : items) {
        if (!found && (std::to_string(it.id) == rest || p.item_name(it).find(rest) != std::string::npos)) {
          found = &it;
        }
      }
    };
    search(ctx.actor.inventory);
    search(p.floor_of(ctx.actor.where.room_id));
    if (found == nullptr || rest.empty()) {
      w.send(ctx.conn, "Usage: @stat item <id | name> (an item you carry or that lies here)\n");
      return;
    }
    std::string out = "Item " + std::to_string(found->id) + ": " + p.item_name(*found) + "\n  kind " + found->kind +
                      (found->key.empty() ? "" : ", key " + found->key) + ", seed " + std::to_string(found->seed) +
                      (found->equipped ? ", equipped" : "") + "\n";
    if (auto print = p.artefacts().make_blueprint(w.content(), found->kind, found->seed)) {
      out += "  blueprint (" + print->type + "):\n";
      for (const content::blueprint_part& part : print->parts) {
        out += "    " + part.role + ": seed " + std::to_string(part.seed) + ", picks";
        for (std::uint32_t pick : part.picks) {
          out += " " + std::to_string(pick);
        }
        for (const std::string& word : part.words) {
          out += " '" + word + "'";
        }
        out += "\n";
      }
      if (auto a = p.artefacts().instantiate(w.content(), *print)) {
        out += "  price " + std::to_string(a->price) + " = base " + number_text(a->base_price);
        for (const content::artefact_attribute& attr : a->attributes) {
          out += " x " + attr.word + " " + number_text(attr.multiplier);
        }
        out += "\n";
      }
    }
    w.send(ctx.conn, out);
    return;
  }
  // A player.
  std::string_view name = iequals(what, "player") ? rest : std::string_view(ctx.args);
  const character* ch = w.find_character_by_name(name);
  if (ch == nullptr) {
    w.send(ctx.conn, "Usage: @stat <player | room | item <id|name> | branch <id>> (players must be online)\n");
    return;
  }
  std::string out = ch->name + " (account " + std::to_string(ch->account_id) + ", " +
                    std::string(role_name(ch->account_role)) + ")\n  at " + where_text(w, *ch) + ", room " +
                    std::to_string(ch->where.room_id) + "\n  hp " + std::to_string(ch->hp) + "/" +
                    std::to_string(ch->max_hp) + (w.in_combat(*ch) ? ", fighting" : "") + "\n";
  if (const connection* c = w.find_connection(ch->connection)) {
    const telnet::client_info& info = c->port->client();
    out += "  connection " + std::to_string(c->id) + " from " + std::string(c->port->address()) + ", client " +
           (info.client_name.empty() ? "?" : info.client_name) + ", " + std::to_string(info.width) + "x" +
           std::to_string(info.height) + ", GMCP " + (info.gmcp ? "on" : "off") + "\n";
  }
  out += "  carries " + std::to_string(ch->inventory.size()) + " items\n";
  w.send(ctx.conn, out);
}

void promote(command_context& ctx, std::string_view name, role to) {
  const std::uint64_t actor_conn = ctx.conn.id;
  world& w = ctx.world;
  // The answer depends on what the database says (does the account exist, is it the last admin), so
  // the change is saved on its own and answered from its outcome.
  auto outcome = std::make_shared<storage::role_outcome>();
  w.commit_now(storage::set_role{std::string(name), to, outcome}, actor_conn,
               [&w, outcome, actor_conn, to, asked = std::string(name)](const commit_result& result) {
                 if (!result.ok) {
                   w.send(actor_conn, "The world could not record that; nothing changed. Try again in a moment.\n");
                 } else if (outcome->name.empty()) {
                   w.send(actor_conn, "There is no account called " + asked + ".\n");
                 } else if (outcome->last_admin) {
                   w.send(actor_conn, outcome->name + " is the last administrator and stays one.\n");
                 } else if (!outcome->changed) {
                   w.send(actor_conn, outcome->name + " is already " + with_article(role_name(to)) + ".\n");
                 } else {
                   if (character* ch = w.find_character_by_name(outcome->name)) {
                     ch->account_role = to;
                     w.send(ch->connection, "You are now " + with_article(role_name(to)) + ".\n");
                   }
                   w.send(actor_conn, outcome->name + " is now " + with_article(role_name(to)) + ".\n");
                 }
               });
}

void unlock_command(command_context& ctx) {
  if (ctx.args.empty() || !is_name_shaped(ctx.args)) {
    ctx.world.send(ctx.conn, "Usage: @unlock <name>\n");
    return;
  }
  auto found = std::make_shared<std::optional<std::string>>();
  const std::string n(ctx.args);
  world& w = ctx.world;
  const std::uint64_t actor_conn = ctx.conn.id;
  w.commit_now(storage::unlock_account{n, found}, actor_conn, [&w, found, n, actor_conn](const commit_result& result) {
    if (!result.ok) {
      w.send(actor_conn, "The world could not record that; nothing changed. Try again in a moment.\n");
    } else if (!*found) {
      w.send(actor_conn, "There is no account called " + n + ".\n");
    } else {
      spdlog::info("the lock-out of {} was lifted", **found);
      w.send(actor_conn, **found + " may log in again (the count of failed logins toward a lock starts afresh).\n");
    }
  });
}

void promote_command(command_context& ctx) {
  const auto [name, r] = first_word(ctx.args);
  const auto to = store::parse_role(lower_copy(r));
  if (name.empty() || !to) {
    ctx.world.send(ctx.conn, "Usage: @promote <name> <player | builder | admin>\n");
    return;
  }
  promote(ctx, name, *to);
}

void demote_command(command_context& ctx) {
  if (ctx.args.empty()) {
    ctx.world.send(ctx.conn, "Usage: @demote <name>\n");
    return;
  }
  promote(ctx, ctx.args, role::player);
}

void config_command(command_context& ctx) {
  world& w = ctx.world;
  const auto [key, value] = first_word(ctx.args);
  if (key.empty()) {
    std::string out = "Settings (live ones can be changed with @config <key> <value>):\n";
    for (const config::setting_def& d : config::setting_defs()) {
      out += "  " + d.full_name() + " = " + config::to_display(d.get(w.settings())) + (d.live ? "" : "  (file only)") +
             "\n";
    }
    w.send(ctx.conn, out);
    return;
  }
  const config::setting_def* def = config::find_setting(key);
  if (def == nullptr) {
    w.send(ctx.conn, "There is no single setting called '" + std::string(key) + "'. Type @config for the list.\n");
    return;
  }
  if (value.empty()) {
    w.send(ctx.conn, def->full_name() + " = " + config::to_display(def->get(w.settings())) + "\n  " +
                         std::string(def->help) + "\n");
    return;
  }
  if (!def->live) {
    w.send(ctx.conn, def->full_name() + " can only be changed in the config file (it takes effect at start-up).\n");
    return;
  }
  const config::settings before = w.settings();
  config::settings changed = w.settings();
  try {
    config::apply_setting_text(changed, *def, value);
  } catch (const config::config_error& e) {
    w.send(ctx.conn, std::string(e.what()) + "\n");
    return;
  }
  if (auto why = w.apply_settings(changed)) {
    w.send(ctx.conn, def->full_name() + ": " + *why + "\n");
    return;
  }
  const std::string name = def->full_name();
  const std::string text = config::to_display(def->get(changed));
  w.persist(storage::set_setting{"config." + name, text});
  w.on_rollback([&w, before] { w.apply_settings(before); });
  w.send(ctx.conn, name + " = " + text + " (saved; it survives restarts).\n");
}

void branch_map(command_context& ctx) {
  const auto id = parse_int(ctx.args);
  const auto info = id ? ctx.world.dungeon().branch(static_cast<dungeon::branch_id>(*id)) : std::nullopt;
  if (!info) {
    ctx.world.send(ctx.conn, "Usage: @branch <id> (see @branches)\n");
    return;
  }
  ctx.world.send(ctx.conn, render_branch_map(ctx.world, info->id));
}

void collapse_command(command_context& ctx) {
  const auto id = parse_int(ctx.args);
  if (!id || !ctx.world.dungeon().branch(static_cast<dungeon::branch_id>(*id))) {
    ctx.world.send(ctx.conn, "Usage: @collapse <id> (see @branches)\n");
    return;
  }
  const int evacuated = collapse_branch(ctx.world, static_cast<dungeon::branch_id>(*id), true);
  ctx.world.send(ctx.conn, "Branch " + std::to_string(*id) + " collapsed (" + std::to_string(evacuated) +
                               " characters evacuated to the well).\n");
}

void clear_command(command_context& ctx) {
  if (!ctx.world.play().clear_room(ctx.actor)) {
    ctx.world.send(ctx.conn, "Only dungeon rooms can be cleared.\n");
    return;
  }
  ctx.world.send(ctx.conn, "You clear the room with a word.\n");
}

}  // namespace

void register_world_admin_commands(command_registry& r) {
  r.add(make_command("goto", {}, role::admin, "Go to a player or a room.", "@goto <player | room id | branch x,y>",
                     go_to));
  r.add(make_command("summon", {}, role::admin, "Bring a player to you.", "@summon <player>", summon));
  r.add(make_command("tel", {}, role::admin, "Send a player somewhere.",
                     "@tel <player> <player | room id | branch x,y>", tel));
  r.add(make_command("stat", {}, role::admin, "Everything known about a player, room, item or branch.",
                     "@stat <player> | @stat room | @stat item <id|name> | @stat branch <id>", stat));
  r.add(make_command("promote", {}, role::admin, "Give an account a role.",
                     "@promote <name> <player | builder | admin>", promote_command));
  r.add(make_command("unlock", {}, role::admin, "Lift an account's lock-out after failed logins.",
                     "@unlock <name>\nAn account is locked after accounts.lockout_after_failures wrong passwords in a "
                     "row, for accounts.lockout_minutes; this lifts the lock now. The owner is still told about the "
                     "failed attempts at the next login.",
                     unlock_command));
  r.add(make_command("demote", {}, role::admin, "Make an account a plain player.",
                     "@demote <name>\nThe last administrator cannot be demoted.", demote_command));
  r.add(make_command("config", {}, role::admin, "Show or change settings.",
                     "@config [key [value]]\nKeys as in config/deepwell.toml (dungeon.max_unexplored_exits, or just "
                     "max_unexplored_exits when unambiguous). Changes are validated, saved and survive restarts.",
                     config_command));
  r.add(make_command("branch", {}, role::admin, "The whole map of a branch.", "@branch <id>", branch_map));
  r.add(make_command("collapse", {}, role::admin, "Collapse a branch now (characters inside go to the well first).",
                     "@collapse <id>", collapse_command));
  r.add(make_command("clear", {}, role::admin, "Clear the room you are in.", "@clear", clear_command));
}

}  // namespace dw::game
