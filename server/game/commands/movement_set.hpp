#pragma once

// The movement set (movement.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class walking;
class map_view;
class interior_view;
class place_directory;
class services;

/// The six directions, go, map, survey and @branches. Of places it takes only the classes its commands call
/// (issue 29), not the places holder.
struct movement_parts {
  walking& moves;          ///< the six directions and go
  map_view& maps;          ///< map
  interior_view& insides;  ///< survey
  place_directory& rooms;  ///< @branches: the dungeon model's branches
  services& svc;
};
void register_movement_commands(command_registry& r, movement_parts parts);

}  // namespace dw::game
