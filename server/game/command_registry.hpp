#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/records.hpp"

namespace dw::game {

/// Roles in order of power (player < builder < admin), the same values the store keeps; a command's
/// minimum role is checked in one place (the registry).
using role = store::role;
/// "player", "builder", "admin".
inline std::string_view role_name(role r) { return store::to_string(r); }

struct command_context;

/// One command: an entry in the table. Adding a command is adding an entry.
struct command_def {
  std::string name;
  std::vector<std::string> aliases;
  role min_role = role::player;
  std::string summary;  ///< one line, shown by `help`
  std::string help;     ///< full text, shown by `help <command>`
  std::function<void(command_context&)> handler;
};

/// Builds a table entry (the registration files read as tables of these).
command_def make_command(std::string name, std::vector<std::string> aliases, role min_role, std::string summary,
                         std::string help, std::function<void(command_context&)> handler);

/// Result of looking a word up: found, ambiguous between several, or unknown.
struct command_lookup {
  const command_def* found = nullptr;
  std::vector<const command_def*> candidates;  ///< when ambiguous
};

/// Table-driven command registry with aliases, unique-prefix abbreviation and role checks. Pure.
class command_registry {
 public:
  /// Adds a command; names and aliases are lower case.
  void add(command_def def);
  /// Finds a command visible to `who`: exact name or alias first, then a unique prefix of a name.
  /// An `@` prefix is ignored, so `@who` and `who` both work. Commands above `who`'s role are invisible,
  /// so they look unknown exactly like a typo.
  command_lookup find(std::string_view word, role who) const;
  /// Every command visible to `who`, in name order.
  std::vector<const command_def*> visible(role who) const;

 private:
  std::vector<command_def> commands_;
};

}  // namespace dw::game
