// Movement: the six directions, go, map, survey, and the administrators' list of branches.
#include <cstdio>

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/movement_set.hpp"
#include "server/game/places/interior_view.hpp"
#include "server/game/places/map_view.hpp"
#include "server/game/places/place_directory.hpp"
#include "server/game/places/walking.hpp"
#include "server/game/services.hpp"

namespace dw::game {
namespace {

std::optional<exit_dir> parse_dir(std::string_view word) {
  for (exit_dir d : all_exit_dirs) {
    if (iequals(word, exit_letter(d)) || (!word.empty() && istarts_with(exit_name(d), word))) {
      return d;
    }
  }
  return std::nullopt;
}

void go(walking& moves, command_context& ctx) {
  if (auto d = parse_dir(ctx.args.raw)) {
    moves.walk(ctx.conn, ctx.actor, *d);
  } else {
    ctx.reply('\'' + std::string(ctx.args.raw) + "' is not a direction.\n");
  }
}

void map(map_view& maps, command_context& ctx) {
  if (ctx.actor.where.branch_id == 0) {
    ctx.reply("There is no map of the surface; the dungeon's branches start at the bottom of the well.\n");
    return;
  }
  ctx.reply(maps.map_for(ctx.actor));
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

void branches(const movement_parts& p, command_context& ctx) {
  const auto all = p.rooms.dungeon().branches();
  if (all.empty()) {
    ctx.succeeded("No branch is open. (Walking a start exit opens one.)\n");
    return;
  }
  const std::int64_t now = p.svc.now();
  std::string out = " id  branch            age   window  rooms  unexplored  inside\n";
  for (const dungeon::branch_info& b : all) {
    char line[160];
    const std::string window = dungeon::window_open(b, now) ? age_text(b.window_end - now) : "closed";
    std::snprintf(line, sizeof line, " %-3llu %-17s %-5s %-7s %5u %11u %7u\n", static_cast<unsigned long long>(b.id),
                  branch_name(b).c_str(), age_text(now - b.created).c_str(), window.c_str(), b.room_count,
                  b.unexplored, b.occupants);
    out += line;
  }
  const std::string count = std::to_string(all.size()) + (all.size() == 1 ? " branch.\n" : " branches.\n");
  ctx.reply(out + count);
  if (ctx.audit) {
    ctx.audit->succeeded("listed " + count);
  }
}

}  // namespace

void register_movement_commands(command_registry& r, movement_parts p) {
  for (exit_dir d : all_exit_dirs) {
    const std::string name(exit_name(d));
    r.add(make_command(name, {std::string(exit_letter(d))}, role::player, "Walk " + name + ".",
                       name + "\nWalks " + name + " if there is an exit that way.", arguments::raw,
                       [p, d](command_context& ctx) { p.moves.walk(ctx.conn, ctx.actor, d); }));
  }
  r.add(make_command("go", {}, role::player, "Walk in a direction: go north.",
                     "go <direction>\nWalks that way: north, east, south, west, up or down (or n e s w u d).",
                     arguments::required("Go where? (north, east, south, west, up or down)"),
                     [p](command_context& ctx) { go(p.moves, ctx); }));
  r.add(make_command("map", {}, role::player, "A map of the explored rooms around you.",
                     "map\nDraws the explored rooms of your branch around you, as wide as your window. The legend "
                     "under the map explains the signs. In screen-reader mode it says instead, in words, where "
                     "each way out of your room leads and how much of the branch is known.",
                     arguments::raw, [p](command_context& ctx) { map(p.maps, ctx); }));
  r.add(make_command("survey", {}, role::player, "Draw the inside of the room you are in.",
                     "survey\nDraws the room's interior: rock, floor, water, pillars and the doors, with @ where you "
                     "stand, M for monsters, * for things on the floor and a legend. In screen-reader mode it "
                     "says the same in words: the room's size, its doors, and what stands where.",
                     arguments::raw, [p](command_context& ctx) { ctx.reply(p.insides.survey(ctx.actor)); }));
  r.add(make_command("branches", {}, role::admin, "List the dungeon's branches.",
                     "@branches\nEach branch's id, name, age, time left in its team-up window, rooms, unexplored exits "
                     "and characters inside.",
                     arguments::raw, [p](command_context& ctx) { branches(p, ctx); }));
}

}  // namespace dw::game
