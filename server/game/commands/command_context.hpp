#pragma once

#include <memory>
#include <string_view>

#include "server/game/administration/audit.hpp"
#include "server/game/commands/arguments.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/character.hpp"
#include "server/game/roster/connection.hpp"

namespace dw::game {

/// What a command acts with: who typed it, what its parser read, and where its answer goes. The parts
/// a command set needs besides these are given to that set when it is registered (its `*_parts`, in
/// the set's own header, `<set>_set.hpp`).
struct command_context {
  connection& conn;
  character& actor;
  const command_args& args;
  output& out;
  /// The audit entry of an administrative command (empty for players' commands).
  std::shared_ptr<audit_entry> audit;

  /// Answers the person who typed the command.
  void reply(std::string_view text) const { out.send(conn, text); }
  /// Answers, and records in the audit trail that the command did what was asked.
  void succeeded(std::string_view text) const {
    reply(text);
    if (audit) {
      audit->succeeded(text);
    }
  }
  /// Answers, and records in the audit trail that the command was refused or failed.
  void failed(std::string_view text) const {
    reply(text);
    if (audit) {
      audit->failed(text);
    }
  }
};

}  // namespace dw::game
