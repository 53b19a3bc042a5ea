#pragma once

// The puzzle set (puzzles.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class puzzles;

/// press (puzzles.cpp).
struct puzzle_parts {
  game::puzzles& puzzles;
};
void register_puzzle_commands(command_registry& r, puzzle_parts parts);

}  // namespace dw::game
