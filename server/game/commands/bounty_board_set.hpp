#pragma once

// The bounty board's set (bounty_board.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class bounties;
class room_view;

/// bounties, accept (bounty_board.cpp): the bounty board in the village square.
struct bounty_parts {
  bounties& board;
  room_view& view;  ///< Char.Status once a reward is paid
};
void register_bounty_commands(command_registry& r, bounty_parts parts);

}  // namespace dw::game
