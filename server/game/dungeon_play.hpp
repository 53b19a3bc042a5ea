#pragma once

#include <string>

#include "dungeon/branch_info.hpp"
#include "server/game/static_rooms.hpp"

namespace dw::game {

class world;
class command_registry;
struct connection;
struct character;

/// The dungeon as players meet it: walking (static rooms, start exits, branch rooms), what a room
/// looks like, GMCP Room.Info, the map, and branch collapse. World thread.

/// Walks `ch` one step, with every refusal explained.
void walk(world& w, connection& conn, character& ch, exit_dir d);
/// The room's text as `ch` sees it (name, description, exits, blocked warning, who is here).
std::string room_text(world& w, const character& ch);
/// GMCP Room.Info JSON for the room `ch` is in.
std::string room_info_json(world& w, const character& ch);
/// "East branch 3"
std::string branch_name(const dungeon::branch_info& b);
/// Collapses branches that have been empty long enough; tells nobody (nobody is inside).
void collapse_idle_branches(world& w);
/// Collapses one branch now; with `evacuate`, characters inside are first moved to the start room.
/// Returns how many were moved.
int collapse_branch(world& w, dungeon::branch_id b, bool evacuate);
/// Registers `map` and `@branches`.
void register_dungeon_commands(command_registry& registry);

}  // namespace dw::game
