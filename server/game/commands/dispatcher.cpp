#include "server/game/commands/dispatcher.hpp"

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"

namespace dw::game {

void dispatcher::run(connection& conn, std::string_view line) {
  character* ch = people_.find_character(conn.account_id);
  if (ch == nullptr) {
    return;
  }
  const parsed_command cmd = parse_command(line);
  if (cmd.verb.empty()) {
    out_.touch(conn);  // an empty line just gets a fresh prompt
    return;
  }
  const auto found = commands_.find(cmd.verb, ch->account_role);
  if (found.found == nullptr) {
    if (!found.candidates.empty()) {
      std::string names;
      for (const command_def* c : found.candidates) {
        names += names.empty() ? "" : ", ";
        names += c->name;
      }
      out_.send(conn, '\'' + std::string(cmd.verb) + "' could mean: " + names + ". Type more letters.\n");
    } else {
      out_.send(conn, "Unknown command '" + std::string(cmd.verb) + "'. Type 'help'.\n");
    }
    return;
  }
  const command_def& command = *found.found;
  command_args args;
  command_context ctx{conn, *ch, args, out_, nullptr};
  if (command.min_role != role::player) {
    // Written when the last holder lets go: now, or when a command that finishes later is done.
    ctx.audit = std::make_shared<audit_entry>(admin_, ch->name, std::string(line.substr(0, 500)));
  }
  if (auto refused = command.parse(cmd.args, args)) {
    ctx.failed(*refused + "\n");
    return;
  }
  command.func(ctx);  // may disconnect or move the actor
}

}  // namespace dw::game
