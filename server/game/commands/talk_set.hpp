#pragma once

// The talk set (talk.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class change_sink;
class services;

/// tell, reply, chat, shout, channels (talk.cpp).
struct talk_parts {
  roster& people;
  change_sink& changes;  ///< a channel turned on or off is saved as a preference
  services& svc;         ///< the clock, for chat's history
};
void register_talk_commands(command_registry& r, talk_parts parts);

}  // namespace dw::game
