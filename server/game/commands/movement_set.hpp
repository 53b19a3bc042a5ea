#pragma once

// The movement set (movement.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class places;
class services;

/// The six directions, go, map and @branches.
struct movement_parts {
  places& where;
  services& svc;
};
void register_movement_commands(command_registry& r, movement_parts parts);

}  // namespace dw::game
