// World administration: goto, summon, tel, stat, promote, demote, unlock, config, branch, collapse,
// clear, spawn, reload. Each reports its result to the audit trail through its context.
#include <charconv>
#include <memory>

#include "content/content_loader.hpp"
#include "content/tape.hpp"
#include "server/game/commands/admin_support.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/world_admin_set.hpp"
#include "server/game/content_source.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/places/collapse.hpp"
#include "server/game/places/map_view.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/room_view.hpp"
#include "server/game/places/walking.hpp"
#include "server/game/roster/names.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/log/log.hpp"

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

constexpr std::string_view not_saved = "The world could not record that; nothing changed. Try again in a moment.\n";

/// A destination: a player's name, a room id, or "<branch> <x>,<y>"; or, when it lies in a branch not read
/// yet, what to read first (`why` is then empty: the caller asks for the load and returns).
lookup<location> destination(const world_admin_parts& p, std::string_view text, std::string& why) {
  text = trim(text);
  if (const character* ch = p.people.find_character_by_name(text)) {
    // (a player's branch is in memory but after a collapse taken back: then it is read first, as for a room)
    if (auto need = p.rooms.needs_load(ch->where.branch_id)) {
      return {std::nullopt, need};
    }
    return {ch->where, std::nullopt};
  }
  if (const std::optional<branch_position> at = parse_branch_position(text)) {
    lookup<location> room =
        p.rooms.find_room(at->branch, {static_cast<std::int32_t>(at->x), static_cast<std::int32_t>(at->y)});
    if (!room.found && !room.load) {
      why = "Branch " + std::to_string(at->branch) + " has no room at " + std::to_string(at->x) + "," +
            std::to_string(at->y) + ".";
    }
    return room;
  }
  if (const auto id = parse_int(text)) {
    lookup<location> room = p.rooms.find_room(*id);
    if (!room.found && !room.load) {
      why = "There is no room " + std::to_string(*id) + ".";
    }
    return room;
  }
  why = '\'' + std::string(text) + "' is neither a player, a room id, nor '<branch> <x>,<y>'.";
  return {};
}

void teleport(const world_admin_parts& p, character& who, const location& to) {
  p.moves.move_character(who, to, who.name + " vanishes in a swirl of dust.\n",
                         who.name + " appears in a swirl of dust.\n");
}

void go_to(const world_admin_parts& p, command_context& ctx) {
  std::string why;
  const lookup<location> to = destination(p, ctx.args.raw, why);
  if (to.load) {
    p.events.defer_until_loaded(*to.load);  // (the line runs again once the room's branch is read)
  } else if (to.found) {
    teleport(p, ctx.actor, *to.found);
    if (ctx.audit) {
      ctx.audit->succeeded("went to " + p.rooms.where_text(*to.found));
    }
  } else {
    ctx.failed(why + "\n");
  }
}

void summon(const world_admin_parts& p, command_context& ctx) {
  character* target = p.people.find_character_by_name(ctx.args.raw);
  if (target == nullptr) {
    ctx.failed("Nobody called '" + std::string(ctx.args.raw) + "' is playing.\n");
    return;
  }
  if (target == &ctx.actor) {
    ctx.failed("You are already where you are.\n");
    return;
  }
  if (target->where.room_id == ctx.actor.where.room_id && target->where.branch_id == ctx.actor.where.branch_id) {
    ctx.failed(target->name + " is already here.\n");
    return;
  }
  p.out.send(target->connection, ctx.actor.name + " summons you.\n");
  teleport(p, *target, ctx.actor.where);
  ctx.succeeded("You summon " + target->name + ".\n");
}

void tel(const world_admin_parts& p, command_context& ctx) {
  const auto [name, rest] = first_word(ctx.args.raw);
  character* target = p.people.find_character_by_name(name);
  if (target == nullptr) {
    ctx.failed("Usage: @tel <player> <player | room id | branch x,y>\n");
    return;
  }
  std::string why;
  const lookup<location> to = destination(p, rest, why);
  if (to.load) {
    p.events.defer_until_loaded(*to.load);  // (the line runs again once the room's branch is read)
  } else if (to.found) {
    teleport(p, *target, *to.found);
    ctx.succeeded("You send " + target->name + " away.\n");
  } else {
    ctx.failed(why + "\n");
  }
}

void promote(const world_admin_parts& p, command_context& ctx, std::string_view name, role to) {
  const std::uint64_t actor_conn = ctx.conn.id;
  // The answer depends on what the database says (does the account exist, is it the last admin), so
  // the change is saved on its own and answered (and audited) from its outcome.
  auto outcome = std::make_shared<storage::role_outcome>();
  p.events.commit_now(
      storage::set_role{std::string(name), to, outcome}, actor_conn,
      [p, outcome, actor_conn, to, asked = std::string(name), audit = ctx.audit](const commit_result& result) mutable {
        std::string answer;
        bool ok = false;
        if (!result.ok) {
          answer = std::string(not_saved);
        } else if (outcome->name.empty()) {
          answer = "There is no account called " + asked + ".\n";
        } else if (outcome->last_admin) {
          answer = outcome->name + " is the last administrator and stays one.\n";
        } else if (!outcome->changed) {
          answer = outcome->name + " is already " + with_article(role_name(to)) + ".\n";
        } else {
          if (character* ch = p.people.find_character_by_name(outcome->name)) {
            ch->account_role = to;
            p.out.send(ch->connection, "You are now " + with_article(role_name(to)) + ".\n");
            p.view.send_status(*ch);
          }
          answer = outcome->name + " is now " + with_article(role_name(to)) + ".\n";
          ok = true;
        }
        p.out.send(actor_conn, answer);
        if (audit) {
          ok ? audit->succeeded(answer) : audit->failed(answer);
          audit.reset();  // written in this event
        }
      });
}

void promote_command(const world_admin_parts& p, command_context& ctx) {
  const auto [name, r] = first_word(ctx.args.raw);
  const auto to = parse_role(lower_copy(r));
  if (!to) {
    ctx.failed("Usage: @promote <name> <player | builder | admin>\n");
    return;
  }
  promote(p, ctx, name, *to);
}

void demote_command(const world_admin_parts& p, command_context& ctx) { promote(p, ctx, ctx.args.raw, role::player); }

void unlock_command(const world_admin_parts& p, command_context& ctx) {
  if (!is_name_shaped(ctx.args.raw)) {
    ctx.failed("Usage: @unlock <name>\n");
    return;
  }
  auto found = std::make_shared<std::optional<std::string>>();
  const std::string n(ctx.args.raw);
  const std::uint64_t actor_conn = ctx.conn.id;
  p.events.commit_now(storage::unlock_account{n, found}, actor_conn,
                      [p, found, n, actor_conn, audit = ctx.audit](const commit_result& result) mutable {
                        std::string answer;
                        if (!result.ok) {
                          answer = std::string(not_saved);
                        } else if (!*found) {
                          answer = "There is no account called " + n + ".\n";
                        } else {
                          log::info("the lock-out of {} was lifted", **found);
                          answer = **found +
                                   " may log in again (the count of failed logins toward a lock starts afresh).\n";
                        }
                        p.out.send(actor_conn, answer);
                        if (audit) {
                          result.ok && *found ? audit->succeeded(answer) : audit->failed(answer);
                          audit.reset();  // written in this event
                        }
                      });
}

void config_command(const world_admin_parts& p, command_context& ctx) {
  const auto [key, value] = first_word(ctx.args.raw);
  const config::settings& now = p.settings.get();
  if (key.empty()) {
    std::string out = "Settings (live ones can be changed with @config <key> <value>):\n";
    for (const config::setting_def& d : config::setting_defs()) {
      out += "  " + d.full_name() + " = " + config::to_display(d.get(now)) + (d.live ? "" : "  (file only)") + "\n";
    }
    ctx.succeeded(out);
    return;
  }
  const config::setting_def* def = config::find_setting(key);
  if (def == nullptr) {
    ctx.failed("There is no single setting called '" + std::string(key) + "'. Type @config for the list.\n");
    return;
  }
  if (value.empty()) {
    ctx.succeeded(def->full_name() + " = " + config::to_display(def->get(now)) + "\n  " + std::string(def->help) +
                  "\n");
    return;
  }
  if (!def->live) {
    ctx.failed(def->full_name() + " can only be changed in the config file (it takes effect at start-up).\n");
    return;
  }
  const config::settings before = now;
  config::settings changed = now;
  try {
    config::apply_setting_text(changed, *def, value);
  } catch (const config::config_error& e) {
    ctx.failed(std::string(e.what()) + "\n");
    return;
  }
  if (auto why = p.settings.change(changed)) {
    ctx.failed(def->full_name() + ": " + *why + "\n");
    return;
  }
  const std::string name = def->full_name();
  const std::string text = config::to_display(def->get(changed));
  p.changes.persist(storage::set_setting{"config." + name, text});
  undo_with<&live_settings::change>(p.changes, &p.settings, before);
  ctx.succeeded(name + " = " + text + " (saved; it survives restarts).\n");
}

void branch_map(const world_admin_parts& p, command_context& ctx) {
  const auto id = parse_int(ctx.args.raw);
  if (!id || !p.rooms.dungeon().branch(static_cast<dungeon::branch_id>(*id))) {
    ctx.failed("Usage: @branch <id> (see @branches)\n");
    return;
  }
  if (auto need = p.rooms.needs_load(*id)) {
    p.events.defer_until_loaded(*need);  // (the line runs again once the branch is read)
    return;
  }
  ctx.reply(p.maps.branch_map(static_cast<std::uint64_t>(*id)));
  if (ctx.audit) {
    ctx.audit->succeeded("shown");
  }
}

void collapse_command(const world_admin_parts& p, command_context& ctx) {
  const auto id = parse_int(ctx.args.raw);
  if (!id || !p.rooms.dungeon().branch(static_cast<dungeon::branch_id>(*id))) {
    ctx.failed("Usage: @collapse <id> (see @branches)\n");
    return;
  }
  const int evacuated = p.collapses.collapse(static_cast<dungeon::branch_id>(*id), true);
  ctx.succeeded("Branch " + std::to_string(*id) + " collapsed (" + std::to_string(evacuated) +
                " characters evacuated to the well).\n");
}

void clear_command(const world_admin_parts& p, command_context& ctx) {
  p.locks.open(ctx.actor.where.room_id);  // a rune door here opens too (saved with the clear)
  if (!p.fights.clear_room(ctx.actor)) {
    ctx.failed("Only dungeon rooms can be cleared.\n");
    return;
  }
  ctx.succeeded("You clear the room with a word.\n");
}

void spawn(const world_admin_parts& p, command_context& ctx) {
  const auto [what, rest] = first_word(ctx.args.raw);
  if (!iequals(what, "scroll")) {
    ctx.failed("Usage: @spawn scroll [seed]\n");
    return;
  }
  std::optional<std::uint64_t> seed;
  if (!rest.empty()) {
    std::uint64_t n = 0;
    const auto* end = rest.data() + rest.size();
    if (std::from_chars(rest.data(), end, n).ptr != end) {
      ctx.failed("A seed is a whole number from 0 to 18446744073709551615.\n");
      return;
    }
    seed = n;
  }
  log::info("{} spawned a scroll", ctx.actor.name);
  room_stock& c = p.contents;
  item scroll = c.make_scroll(seed);
  const std::string name = c.item_name(scroll);
  const std::uint64_t made = scroll.seed;
  c.drop_new(std::move(scroll), ctx.actor.where.room_id);
  ctx.succeeded("You conjure " + name + " (seed " + std::to_string(made) + ").\n");
  p.out.send_room(ctx.actor.where.room_id, ctx.actor.name + " conjures " + name + " out of thin air.\n",
                  ctx.actor.account_id);
}

void reload(const world_admin_parts& p, command_context& ctx) {
  if (!iequals(ctx.args.raw, "content")) {
    ctx.failed("Usage: @reload content\n");
    return;
  }
  auto loaded = content::load_content(p.settings.get().content.dir);
  if (auto* error = std::get_if<content::content_error>(&loaded)) {
    log::warn("{}: content reload refused: {}", ctx.actor.name, error->to_string());
    ctx.failed("The new content is invalid, so the old tables stay in use:\n  " + error->to_string() + "\n");
    return;
  }
  for (const std::string& w : content::load_warnings(std::get<content::content_tables>(loaded))) {
    log::warn("{}: content reload: {}", ctx.actor.name, w);
  }
  p.content.set(std::make_shared<const content::content_tables>(std::move(std::get<content::content_tables>(loaded))));
  log::info("{} reloaded the content tables", ctx.actor.name);
  ctx.succeeded("Content reloaded.\n");
}

using handler = void (*)(const world_admin_parts&, command_context&);
arguments::parser usage(std::string text) { return arguments::required(std::move(text)); }

}  // namespace

void register_world_admin_commands(command_registry& r, world_admin_parts p) {
  register_stat_command(r, p);
  auto bind = [p](handler h) { return [p, h](command_context& ctx) { h(p, ctx); }; };
  const role A = role::admin;
  r.add(make_command("goto", {}, A, "Go to a player or a room.", "@goto <player | room id | branch x,y>",
                     usage("Usage: @goto <player | room id | branch x,y>"), bind(go_to)));
  r.add(make_command("summon", {}, A, "Bring a player to you.", "@summon <player>", usage("Usage: @summon <player>"),
                     bind(summon)));
  r.add(make_command("tel", {}, A, "Send a player somewhere.", "@tel <player> <player | room id | branch x,y>",
                     usage("Usage: @tel <player> <player | room id | branch x,y>"), bind(tel)));
  r.add(make_command("promote", {}, A, "Give an account a role.", "@promote <name> <player | builder | admin>",
                     usage("Usage: @promote <name> <player | builder | admin>"), bind(promote_command)));
  r.add(make_command("unlock", {}, A, "Lift an account's lock-out after failed logins.",
                     "@unlock <name>\nAn account is locked after accounts.lockout_after_failures wrong passwords in a "
                     "row, for accounts.lockout_minutes; this lifts the lock now. The owner is still told about the "
                     "failed attempts at the next login.",
                     usage("Usage: @unlock <name>"), bind(unlock_command)));
  r.add(make_command("demote", {}, A, "Make an account a plain player.",
                     "@demote <name>\nThe last administrator cannot be demoted.", usage("Usage: @demote <name>"),
                     bind(demote_command)));
  r.add(make_command("config", {}, A, "Show or change settings.",
                     "@config [key [value]]\nKeys as in config/deepwell.toml (dungeon.max_unexplored_exits, or just "
                     "max_unexplored_exits when unambiguous). Changes are validated, saved and survive restarts.",
                     arguments::raw, bind(config_command)));
  r.add(make_command("branch", {}, A, "The whole map of a branch.", "@branch <id>", arguments::raw, bind(branch_map)));
  r.add(make_command("collapse", {}, A, "Collapse a branch now (characters inside go to the well first).",
                     "@collapse <id>", arguments::raw, bind(collapse_command)));
  r.add(make_command("clear", {}, A, "Clear the room you are in.", "@clear", arguments::raw, bind(clear_command)));
  r.add(make_command("spawn", {}, A, "Make a scroll in this room.",
                     "@spawn scroll [seed]\nThe same seed always makes the same scroll.", arguments::raw, bind(spawn)));
  r.add(make_command("reload", {}, A, "Reload the content tables.",
                     "@reload content\nReads content/*.toml, the themes (content/themes/*.toml) and the interior scripts "
                     "(content/interiors/*.json) again; if "
                     "anything is invalid, the old tables stay and you are told why. Rooms already made keep their "
                     "interiors and words; rooms made later use the new ones.",
                     arguments::raw, bind(reload)));
}

}  // namespace dw::game
