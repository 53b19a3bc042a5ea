#include "server/game/commands/dispatcher.hpp"

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"

namespace dw::game {
namespace {
// Every name, alias and unique start of every command is a few thousand; past this the memory starts again.
constexpr std::size_t max_remembered_verbs = 4096;
}  // namespace

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
  const command_def* known = nullptr;
  if (const auto it = found_.find(cmd.verb); it != found_.end() && it->second.who == ch->account_role) {
    known = it->second.found;
  } else {
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
    known = found.found;
    if (found_.size() >= max_remembered_verbs) {
      found_.clear();
    }
    found_.insert_or_assign(std::string(cmd.verb), remembered{ch->account_role, known});
  }
  const command_def& command = *known;
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
