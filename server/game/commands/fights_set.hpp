#pragma once

// The fight set (fights.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class fights;

/// fight, attack, defend, flee, consider.
struct fight_parts {
  game::fights& fights;
};
void register_fight_commands(command_registry& r, fight_parts parts);

}  // namespace dw::game
