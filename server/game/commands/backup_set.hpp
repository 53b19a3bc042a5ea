#pragma once

// The backup set (backup.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class backups;
class services;
class event_runner;
class output;
class live_settings;

/// @backup (backup.cpp): an online backup now, or the list of those kept.
struct backup_parts {
  backups& schedule;
  services& svc;
  event_runner& events;
  output& out;
  const live_settings& settings;
};
void register_backup_commands(command_registry& r, backup_parts parts);

}  // namespace dw::game
