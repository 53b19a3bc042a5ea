#pragma once

#include <string_view>

#include "server/game/administration/administration.hpp"
#include "server/game/commands/command_registry.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Runs a line typed by a character in play: finds the command (by name, alias or unique start, within
/// the character's role), lets its parser read the arguments, opens an audit entry for administrative
/// commands, and calls it. World thread only.
class dispatcher {
 public:
  dispatcher(roster& people, output& out, administration& admin) : people_(people), out_(out), admin_(admin) {}
  dispatcher(const dispatcher&) = delete;
  dispatcher& operator=(const dispatcher&) = delete;

  command_registry& commands() { return commands_; }
  const command_registry& commands() const { return commands_; }
  void run(connection& conn, std::string_view line);

 private:
  roster& people_;
  output& out_;
  administration& admin_;
  command_registry commands_;
};

}  // namespace dw::game
