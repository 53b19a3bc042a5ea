#pragma once

namespace dw::game {

class command_registry;
struct command_context;

/// Registers look, movement, say, emote, who, help and quit.
void register_basic_commands(command_registry& registry);
/// examine <thing>: an item carried or lying here, the monsters here, or someone here (content_commands.cpp).
void examine_command(command_context& ctx);

}  // namespace dw::game
