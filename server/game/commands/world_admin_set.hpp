#pragma once

// The world administration set: world_admin.cpp, and inspection.cpp (@stat).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class output;
class places;
class room_stock;
class rune_locks;
class fights;
class wanderers;
class change_sink;
class event_runner;
class services;
class live_settings;
class content_source;

/// goto, summon, tel, stat, promote, demote, unlock, config, branch, collapse, clear, spawn, reload.
struct world_admin_parts {
  roster& people;
  output& out;
  places& where;
  room_stock& contents;     ///< what rooms hold (clear, spawn; stat's floor and room state)
  rune_locks& locks;        ///< clear opens a rune door; stat shows a lock or hint
  game::fights& fights;     ///< clear ends the room's fights; stat says who is fighting
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
