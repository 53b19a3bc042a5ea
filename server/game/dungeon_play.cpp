#include "server/game/dungeon_play.hpp"

#include <spdlog/spdlog.h>
#include <boost/json.hpp>

#include "content/room_description.hpp"
#include "content/tape.hpp"
#include "dungeon/dungeon.hpp"
#include "server/game/command_parser.hpp"
#include "server/game/dungeon_bridge.hpp"
#include "server/game/map_view.hpp"
#include "server/game/world.hpp"
#include "server/store/branches.hpp"
#include "server/store/characters.hpp"

namespace dw::game {
namespace json = boost::json;
using dungeon::direction;
using dungeon::exit_state;

namespace {

std::optional<direction> to_grid(exit_dir d) {
  switch (d) {
    case exit_dir::north:
      return direction::north;
    case exit_dir::east:
      return direction::east;
    case exit_dir::south:
      return direction::south;
    case exit_dir::west:
      return direction::west;
    case exit_dir::up:
    case exit_dir::down:
      break;
  }
  return std::nullopt;
}

store::location location_of(const dungeon::room& r) {
  store::location loc;
  loc.room_id = static_cast<std::int64_t>(r.id);
  loc.branch_id = static_cast<std::int64_t>(r.branch);
  loc.x = r.pos.x;
  loc.y = r.pos.y;
  return loc;
}

store::location start_location() {
  store::location loc;
  loc.room_id = start_room_id;
  return loc;
}

std::string leave_text(const character& ch, exit_dir d) {
  if (d == exit_dir::up) {
    return ch.name + " climbs up the ladder.\n";
  }
  if (d == exit_dir::down) {
    return ch.name + " climbs down the ladder.\n";
  }
  return ch.name + " leaves " + std::string(exit_name(d)) + ".\n";
}

std::string arrive_text(const character& ch, exit_dir d) {
  return ch.name + " arrives " + std::string(arrival_from(d)) + ".\n";
}

void walk_static(world& w, connection& conn, character& ch, exit_dir d) {
  const static_room* room = w.rooms().find(ch.where.room_id);
  const std::int64_t target = room == nullptr ? 0 : room->exits[static_cast<std::size_t>(d)];
  if (target == 0) {
    w.send(conn, "You cannot go " + std::string(exit_name(d)) + " from here.\n");
    return;
  }
  if (target != dungeon_passage) {
    store::location to;
    to.room_id = target;
    w.move_character(ch, to, leave_text(ch, d), arrive_text(ch, d));
    return;
  }
  // A start exit: join the branch whose team-up window is open, or open a new one.
  const direction grid = *to_grid(d);
  const dungeon::enter_result entered =
      w.dungeon().enter_from_start(grid, w.svc().now(), [&w](const dungeon::room& r) { return w.decide_clear(r); });
  w.persist_changes(entered.changes);
  if (entered.new_branch) {
    // A branch that could not be saved was never opened (its number is not reused).
    w.on_rollback([&w, b = entered.branch] { w.dungeon().undo_new_branch(b); });
  }
  const auto info = w.dungeon().branch(entered.branch);
  const std::string name = info ? branch_name(*info) : "the dungeon";
  if (entered.new_branch) {
    spdlog::info("{} opened {} (branch {})", ch.name, name, entered.branch);
    w.send(conn, "You squeeze into the " + std::string(exit_name(d)) +
                     " passage. Loose stones shift behind you as a new way opens into the dark: " + name + ".\n");
  } else if (info && info->occupants > 0) {
    w.send(conn, "You follow your companions into " + name + ".\n");
  } else {
    w.send(conn, "You make your way back into " + name + ".\n");
  }
  w.room_created(entered.first_room, entered.new_branch);
  w.move_character(ch, location_of(entered.first_room), leave_text(ch, d), arrive_text(ch, d));
}

void walk_branch(world& w, connection& conn, character& ch, exit_dir d) {
  const auto grid = to_grid(d);
  if (!grid) {
    w.send(conn, "There is no way " + std::string(exit_name(d)) + " here.\n");
    return;
  }
  const auto branch = static_cast<dungeon::branch_id>(ch.where.branch_id);
  const dungeon::move_result moved = w.dungeon().move(branch, {ch.where.x, ch.where.y}, *grid, w.in_combat(ch),
                                                      [&w](const dungeon::room& r) { return w.decide_clear(r); });
  switch (moved.status) {
    case dungeon::move_status::moved:
      w.persist_changes(moved.changes);
      if (moved.spawned) {
        // A room that could not be saved was never discovered (its id is not reused).
        w.on_rollback([&w, changes = moved.changes] { w.dungeon().undo_spawn(changes); });
        w.room_created(moved.destination, true);
      }
      w.move_character(ch, location_of(moved.destination), leave_text(ch, d), arrive_text(ch, d));
      return;
    case dungeon::move_status::to_start:
      w.move_character(ch, start_location(), leave_text(ch, d), arrive_text(ch, d));
      return;
    case dungeon::move_status::no_exit:
      w.send(conn, "You cannot go " + std::string(exit_name(d)) + " from here.\n");
      return;
    case dungeon::move_status::blocked_not_clear:
      w.send(conn, "The way " + std::string(exit_name(d)) + " is blocked until this room is cleared.\n");
      return;
    case dungeon::move_status::blocked_in_combat:
      w.send(conn, "You are fighting! You cannot simply walk away; try 'flee'.\n");
      return;
    case dungeon::move_status::no_such_room:
      spdlog::error("{} is in unknown room {} of branch {}; moving to the start room", ch.name, ch.where.room_id,
                    ch.where.branch_id);
      w.move_character(ch, start_location(), "", "");
      return;
  }
}

std::string exit_label(exit_state s) {
  switch (s) {
    case exit_state::unexplored:
      return " (unexplored)";
    case exit_state::one_way:
      return " (one-way)";
    default:
      return "";
  }
}

}  // namespace

std::string branch_name(const dungeon::branch_info& b) {
  std::string dir(dungeon::name(b.dir));
  dir[0] = static_cast<char>(dir[0] - 'a' + 'A');
  return dir + " branch " + std::to_string(b.number);
}

void walk(world& w, connection& conn, character& ch, exit_dir d) {
  if (ch.where.branch_id == 0) {
    walk_static(w, conn, ch, d);
  } else {
    walk_branch(w, conn, ch, d);
  }
}

std::string room_text(world& w, const character& ch) {
  std::string text;
  std::string others;
  for (const character* other : w.characters_in(ch.where.room_id)) {
    if (other->account_id != ch.account_id) {
      others += others.empty() ? "" : ", ";
      others += other->name;
    }
  }
  if (ch.where.branch_id == 0) {
    const static_room* room = w.rooms().find(ch.where.room_id);
    if (room == nullptr) {
      return "You are nowhere.\n";
    }
    text = room->name + "\n" + room->description + "\n";
    std::string exits;
    for (exit_dir d : all_exit_dirs) {
      if (room->exits[static_cast<std::size_t>(d)] != 0) {
        exits += exits.empty() ? "" : ", ";
        exits += exit_name(d);
      }
    }
    text += "Exits: " + exits + ".\n";
    text += w.play().room_extras(room->id, ch);
    if (room->id == start_room_id) {
      for (const dungeon::branch_info& b : w.dungeon().branches()) {
        if (dungeon::window_open(b, w.svc().now())) {
          text += "Fresh footprints lead " + std::string(dungeon::name(b.dir)) + " into " + branch_name(b) + " (" +
                  std::to_string(b.window_end - w.svc().now()) + " s left to follow).\n";
        }
      }
    }
  } else {
    const auto branch = static_cast<dungeon::branch_id>(ch.where.branch_id);
    const auto room = w.dungeon().room_at(branch, {ch.where.x, ch.where.y});
    const auto info = w.dungeon().branch(branch);
    if (!room || !info) {
      return "You are somewhere that no longer exists.\n";
    }
    const auto depth = static_cast<int>(dungeon::depth_of(room->pos));
    const content::room_description look = w.describe(*room);
    text = look.name + "  [" + branch_name(*info) + ", " + std::to_string(room->pos.x) + "," +
           std::to_string(room->pos.y) + ", depth " + std::to_string(depth) + "]\n" + look.description + "\n";
    std::string exits;
    bool unexplored = false;
    for (direction d : dungeon::all_directions) {
      const exit_state s = room->exit(d);
      if (s == exit_state::none) {
        continue;
      }
      unexplored = unexplored || s == exit_state::unexplored;
      exits += exits.empty() ? "" : ", ";
      exits += std::string(dungeon::name(d)) + exit_label(s);
      if (s == exit_state::to_start) {
        exits += " (to the well)";
      }
    }
    text += "Exits: " + (exits.empty() ? std::string("none") : exits) + ".\n";
    if (!room->clear && unexplored) {
      text += "The way forward is blocked until this room is cleared.\n";
    }
    text += w.room_extras(*room, ch);
  }
  if (!others.empty()) {
    text += "Here: " + others + ".\n";
  }
  return text;
}

std::string room_info_json(world& w, const character& ch) {
  json::object o;
  json::object exits;
  if (ch.where.branch_id == 0) {
    const static_room* room = w.rooms().find(ch.where.room_id);
    if (room == nullptr) {
      return "{}";
    }
    o["num"] = room->id;
    o["name"] = room->name;
    o["area"] = room->area;
    o["coords"] = room->has_coords ? json::value(json::array{0, 0}) : json::value(nullptr);
    o["depth"] = 0;
    o["clear"] = true;
    for (exit_dir d : all_exit_dirs) {
      const std::int64_t target = room->exits[static_cast<std::size_t>(d)];
      if (target > 0) {
        exits[exit_letter(d)] = target;
      } else if (target == dungeon_passage) {
        // The start exits lead into whichever branch is open: known only once walked.
        exits[exit_letter(d)] = 0;
      }
    }
  } else {
    const auto branch = static_cast<dungeon::branch_id>(ch.where.branch_id);
    const auto room = w.dungeon().room_at(branch, {ch.where.x, ch.where.y});
    const auto info = w.dungeon().branch(branch);
    if (!room || !info) {
      return "{}";
    }
    o["num"] = room->id;
    o["name"] = w.describe(*room).name;
    o["area"] = branch_name(*info);
    o["coords"] = json::array{room->pos.x, room->pos.y};
    o["depth"] = dungeon::depth_of(room->pos);
    o["clear"] = room->clear;
    for (direction d : dungeon::all_directions) {
      const exit_state s = room->exit(d);
      const std::string key(1, dungeon::letter(d));
      if (s == exit_state::unexplored) {
        exits[key] = 0;
      } else if (s == exit_state::to_start) {
        exits[key] = start_room_id;
      } else if (s == exit_state::two_way || s == exit_state::one_way) {
        const auto next = dungeon::step(room->pos, d);
        const auto target = next ? w.dungeon().room_at(branch, *next) : std::nullopt;
        exits[key] = target ? static_cast<std::int64_t>(target->id) : 0;
      }
    }
  }
  o["exits"] = std::move(exits);
  return json::serialize(o);
}

int collapse_branch(world& w, dungeon::branch_id b, bool evacuate) {
  const auto info = w.dungeon().branch(b);
  if (!info) {
    return 0;
  }
  int moved = 0;
  if (evacuate) {
    std::vector<std::int64_t> inside;
    for (const character* c : w.online()) {
      if (c->where.branch_id == static_cast<std::int64_t>(b)) {
        inside.push_back(c->account_id);
      }
    }
    for (std::int64_t account : inside) {
      if (character* ch = w.find_character(account)) {
        w.send(ch->connection, "The passages around you shudder and fall in! You are thrown back to the well.\n");
        w.play().leave_room(*ch);
        w.move_character(*ch, start_location(), "", ch->name + " tumbles out of a collapsing passage.\n");
        ++moved;
      }
    }
  }
  // Read after the evacuation (nobody inside): if the collapse cannot be saved, the branch comes back
  // as it is now and the evacuees' own undo puts them back inside.
  const auto emptied = w.dungeon().branch(b);
  if (!emptied || !w.dungeon().collapse(b)) {
    return moved;
  }
  spdlog::info("{} (branch {}) collapsed", branch_name(*info), b);
  w.branch_collapsed(b);
  w.on_rollback([&w, restored = *emptied] { w.dungeon().restore_branch(restored); });
  const auto id = static_cast<std::int64_t>(b);
  // Characters who logged out inside wake up at the bottom of the well, and are told why.
  w.persist(storage::collapse_branch{
      id, start_location(),
      "While you were away, the passages you were exploring collapsed. You wake at the bottom of the well."});
  return moved;
}

void collapse_idle_branches(world& w) {
  for (dungeon::branch_id b : w.dungeon().collect_collapsible(w.svc().now())) {
    collapse_branch(w, b, false);
  }
}

namespace {

void map_command(command_context& ctx) {
  const character& ch = ctx.actor;
  if (ch.where.branch_id == 0) {
    ctx.world.send(ctx.conn,
                   "There is no map of the surface; the dungeon's branches start at the bottom of "
                   "the well.\n");
    return;
  }
  const telnet::client_info& client = ctx.conn.port->client();
  ctx.world.send(ctx.conn, render_map(ctx.world, ch, client.width, client.height));
}

std::string age_text(std::int64_t seconds) {
  if (seconds < 120) {
    return std::to_string(seconds) + "s";
  }
  if (seconds < 7200) {
    return std::to_string(seconds / 60) + "m";
  }
  return std::to_string(seconds / 3600) + "h";
}

void branches_command(command_context& ctx) {
  const auto all = ctx.world.dungeon().branches();
  if (all.empty()) {
    ctx.world.send(ctx.conn, "No branch is open. (Walking a start exit opens one.)\n");
    return;
  }
  const std::int64_t now = ctx.world.svc().now();
  std::string out = " id  branch            age   window  rooms  unexplored  inside\n";
  for (const dungeon::branch_info& b : all) {
    char line[160];
    const std::string window = dungeon::window_open(b, now) ? age_text(b.window_end - now) : "closed";
    std::snprintf(line, sizeof line, " %-3llu %-17s %-5s %-7s %5u %11u %7u\n", static_cast<unsigned long long>(b.id),
                  branch_name(b).c_str(), age_text(now - b.created).c_str(), window.c_str(), b.room_count, b.unexplored,
                  b.occupants);
    out += line;
  }
  out += std::to_string(all.size()) + (all.size() == 1 ? " branch.\n" : " branches.\n");
  ctx.world.send(ctx.conn, out);
}

}  // namespace

void register_dungeon_commands(command_registry& r) {
  command_def map;
  map.name = "map";
  map.summary = "A map of the explored rooms around you.";
  map.help =
      "map\nDraws the explored rooms of your branch around you, as wide as your window. The legend under "
      "the map explains the signs.";
  map.handler = map_command;
  r.add(std::move(map));

  command_def branches;
  branches.name = "branches";
  branches.min_role = role::admin;
  branches.summary = "List the dungeon's branches.";
  branches.help =
      "@branches\nEach branch's id, name, age, time left in its team-up window, rooms, unexplored exits and "
      "characters inside.";
  branches.handler = branches_command;
  r.add(std::move(branches));
}

}  // namespace dw::game
