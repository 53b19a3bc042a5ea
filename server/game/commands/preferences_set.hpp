#pragma once

// The players' settings (preferences.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class change_sink;
class prompt_facts;

/// colour, screenreader, brief, pager, prompt, wimpy: the players' own settings (preferences.cpp).
struct preference_parts {
  roster& people;
  change_sink& changes;
  prompt_facts& facts;  ///< for showing what a prompt looks like now
};
void register_preference_commands(command_registry& r, preference_parts parts);

}  // namespace dw::game
