#pragma once

// The help set (help.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class content_source;

/// help (help.cpp): the commands and the help topics of content/help.toml.
struct help_parts {
  const command_registry& commands;
  const content_source& content;  ///< the topics, as reloaded by @reload content
};
void register_help_command(command_registry& r, help_parts parts);

}  // namespace dw::game
