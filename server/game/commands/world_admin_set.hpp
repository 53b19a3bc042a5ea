#pragma once

// The world administration set: world_admin.cpp, and inspection.cpp (@stat).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class output;
class place_directory;
class walking;
class room_view;
class map_view;
class branch_collapse;
class room_stock;
class rune_locks;
class fights;
class wanderers;
class change_sink;
class event_runner;
class services;
class live_settings;
class content_source;

/// goto, summon, tel, stat, promote, demote, unlock, config, branch, collapse, clear, spawn, reload. Of places
/// it takes only the classes its commands call (issue 29), not the places holder.
struct world_admin_parts {
  roster& people;
  output& out;
  place_directory& rooms;      ///< destinations and where they are in words; stat's room, interior and branch
  walking& moves;              ///< goto, summon and tel move a character
  room_view& view;             ///< Char.Status of one promoted or demoted
  map_view& maps;              ///< @branch draws a whole branch
  branch_collapse& collapses;  ///< @collapse
  room_stock& contents;        ///< what rooms hold (clear, spawn; stat's floor and room state)
  rune_locks& locks;           ///< clear opens a rune door; stat shows a lock or hint
  game::fights& fights;        ///< clear ends the room's fights; stat says who is fighting
  game::wanderers& wanderers;  ///< stat's branch lines
  change_sink& changes;
  event_runner& events;
  services& svc;
  live_settings& settings;
  content_source& content;
};
void register_world_admin_commands(command_registry& r, world_admin_parts parts);
/// @stat (inspection.cpp), registered with the world administration set.
void register_stat_command(command_registry& r, world_admin_parts parts);

}  // namespace dw::game
