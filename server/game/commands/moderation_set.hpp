#pragma once

// The moderators' set (moderation.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class output;
class administration;
class place_directory;
class event_runner;
class services;

/// @who, kick, ban, unban, bans, wizlock, wall, shutdown, reboot, audit.
struct moderation_parts {
  roster& people;
  output& out;
  administration& admin;
  place_directory& rooms;  ///< where each character is, in words (@who)
  event_runner& events;
  services& svc;
};
void register_moderation_commands(command_registry& r, moderation_parts parts);

}  // namespace dw::game
