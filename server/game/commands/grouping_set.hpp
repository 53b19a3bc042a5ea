#pragma once

// The grouping set (grouping.cpp).
#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class following;
class membership;
class group_news;

/// follow, group, gtell (grouping.cpp): the groups part's three classes (groups/groups.hpp holds them).
struct group_parts {
  roster& people;
  following& followers;
  membership& members;
  group_news& news;
};
void register_group_commands(command_registry& r, group_parts parts);

}  // namespace dw::game
