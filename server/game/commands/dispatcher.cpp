#include "server/game/commands/dispatcher.hpp"

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/text/nearest_words.hpp"

namespace dw::game {
namespace {
// Every name, alias and unique start of every command is a few thousand; past this the memory starts again.
constexpr std::size_t max_remembered_verbs = 4096;

/// "Unknown command 'lok'. Did you mean 'look'? Type 'help'.": the names and aliases `who` may use that are
/// a slip of the fingers away (server/text/nearest_words.hpp, as help's). Words and names shorter than three
/// letters are never compared, and a word with an '@' is compared only with the commands of administrators
/// (none, for a player).
std::string unknown_text(const command_registry& commands, std::string_view verb, role who) {
  std::string_view word = verb;
  const bool staff = !word.empty() && word.front() == '@';
  if (staff) {
    word.remove_prefix(1);
  }
  std::vector<text::spelling> names;  // (each offered by its command's name, as help offers it)
  if (word.size() >= 3) {
    for (const command_def* c : commands.visible(who)) {
      if (staff && c->min_role == role::player) {
        continue;
      }
      if (c->name.size() >= 3) {
        names.push_back({c->name, c->name});
      }
      for (const std::string& alias : c->aliases) {
        if (alias.size() >= 3) {
          names.push_back({alias, c->name});
        }
      }
    }
  }
  const std::vector<std::string> near = text::nearest_words(word, names);
  std::string answer = "Unknown command '" + std::string(verb) + "'.";
  for (std::size_t i = 0; i < near.size(); ++i) {
    answer += (i == 0 ? " Did you mean '" : i + 1 == near.size() ? " or '" : ", '") + near[i] + "'";
  }
  return answer + (near.empty() ? " Type 'help'.\n" : "? Type 'help' for the list.\n");
}
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
        out_.send(conn, unknown_text(commands_, cmd.verb, ch->account_role));
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
