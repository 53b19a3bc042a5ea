#pragma once

namespace dw::game {

class command_registry;

/// Registers look, movement, say, emote, who, help and quit.
void register_basic_commands(command_registry& registry);

}  // namespace dw::game
