#pragma once

// The grouping set (grouping.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class groups;

/// follow, group, gtell (grouping.cpp).
struct group_parts {
  roster& people;
  groups& company;
};
void register_group_commands(command_registry& r, group_parts parts);

}  // namespace dw::game
