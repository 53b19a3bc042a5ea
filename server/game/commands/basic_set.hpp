#pragma once

// The basic set (basic.cpp): say, emote, who, quit. The parts it names are declared, not included: a
// reference or pointer needs no more, and basic.cpp includes what it calls.
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class fights;
class puzzles;
class progression;

/// say, emote, who, quit.
struct basic_parts {
  roster& people;
  game::fights& fights;  ///< quitting mid-fight fights one more round
  game::puzzles* puzzles = nullptr;  ///< hears what is said (a rune door's word of opening)
  const progression* levels = nullptr;  ///< levels beside the names in `who`
};
void register_basic_commands(command_registry& r, basic_parts parts);

}  // namespace dw::game
