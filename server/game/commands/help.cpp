// Help: the commands (each once, with its aliases) and the help topics of content/help.toml; help on one
// command or topic, found by name, alias, keyword or a unique start, with the nearest words suggested
// for a word that finds nothing.
#include <algorithm>

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/help_set.hpp"
#include "server/game/content_source.hpp"
#include "server/text/nearest_words.hpp"

namespace dw::game {
namespace {

/// What `help <word>` found.
struct help_found {
  std::vector<const command_def*> commands;
  std::vector<const content::help_topic*> topics;
  bool exact = false;  ///< found by a whole name, alias or keyword (else by starts of them)
  bool empty() const { return commands.empty() && topics.empty(); }
  std::size_t size() const { return commands.size() + topics.size(); }
};

/// "fight (also: kill)".
std::string label_of(const command_def& c, bool spoken) {
  std::string label = c.name;
  if (!c.aliases.empty()) {
    label += spoken ? ", also " : " (";
    for (std::size_t i = 0; i < c.aliases.size(); ++i) {
      label += (i == 0 ? "" : ", ") + c.aliases[i];
    }
    label += spoken ? "" : ")";
  }
  return label;
}

/// Appends `text` after `indent` columns already used on the line, wrapped to a window `width` columns wide
/// (one column short of it, as output wraps) with the lines after the first indented as far: a table row
/// whose last column may wrap.
void append_hanging(std::string& out, std::string_view text, std::size_t indent, std::size_t width) {
  const std::size_t room = width > indent + 21 ? width - 1 - indent : 20;
  std::size_t used = 0;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
    if (word.empty()) {
      continue;
    }
    if (used > 0 && used + 1 + word.size() > room) {
      out += '\n';
      out.append(indent, ' ');
      used = 0;
    }
    if (used > 0) {
      out += ' ';
      ++used;
    }
    out += word;
    used += word.size();
  }
  out += '\n';
}

/// One section of the list: a row per command, its name and aliases in a column, then its summary.
void list_commands(std::string& out, const std::vector<const command_def*>& commands, bool spoken, std::size_t width) {
  constexpr std::size_t widest_column = 20;
  std::size_t column = 0;
  for (const command_def* c : commands) {
    column = std::max(column, std::min(widest_column, label_of(*c, false).size()));
  }
  for (const command_def* c : commands) {
    if (spoken) {
      // No padding for a screen reader to read out: "fight, also kill: Attack the monsters here."
      out += label_of(*c, true) + ": " + c->summary + "\n";
      continue;
    }
    // Rows start with a space, so output's wrapping leaves them alone: they are wrapped here instead.
    std::string row = "  " + label_of(*c, false);
    row.resize(std::max(row.size() + 1, 2 + column + 2), ' ');
    out += row;
    append_hanging(out, c->summary, row.size(), width);
  }
}

std::string listing(const command_registry& registry, const content::help_topics& topics, role who, bool spoken,
                    std::size_t width) {
  std::vector<const command_def*> own;
  std::vector<const command_def*> builders;
  std::vector<const command_def*> admins;
  for (const command_def* c : registry.visible(who)) {
    (c->min_role == role::player ? own : c->min_role == role::builder ? builders : admins).push_back(c);
  }
  std::string out = "Commands ('help <command>' explains one; any unique start of a command works):\n";
  list_commands(out, own, spoken, width);
  if (!builders.empty()) {
    out += "Builders' commands:\n";
    list_commands(out, builders, spoken, width);
  }
  if (!admins.empty()) {
    out += "Administrators' commands (with or without a leading @):\n";
    list_commands(out, admins, spoken, width);
  }
  if (!topics.topics.empty()) {
    out += "Topics ('help <topic>' to read one):\n";
    std::size_t column = 0;
    for (const content::help_topic& t : topics.topics) {
      column = std::max(column, t.name.size());
    }
    for (const content::help_topic& t : topics.topics) {
      if (spoken) {
        out += t.name + ": " + t.title + "\n";
      } else {
        std::string row = "  " + t.name;
        row.resize(2 + column + 2, ' ');
        out += row;
        append_hanging(out, t.title, row.size(), width);
      }
    }
  }
  return out;
}

bool names(const command_def& c, std::string_view word) {
  return iequals(c.name, word) ||
         std::any_of(c.aliases.begin(), c.aliases.end(), [word](const std::string& a) { return iequals(a, word); });
}

/// Exact names, aliases and keywords first; then unique starts of names, aliases and keywords.
help_found look_up(const command_registry& registry, const content::help_topics& topics, role who,
                   std::string_view word) {
  const std::vector<const command_def*> visible = registry.visible(who);
  help_found found;
  for (const command_def* c : visible) {
    if (names(*c, word)) {
      found.commands.push_back(c);
      break;
    }
  }
  if (const content::help_topic* t = topics.find(word)) {
    found.topics.push_back(t);
  }
  if (!found.empty()) {
    found.exact = true;
    return found;
  }
  for (const command_def* c : visible) {
    if (istarts_with(c->name, word)) {
      found.commands.push_back(c);
    }
  }
  for (const content::help_topic& t : topics.topics) {
    if (istarts_with(t.name, word) ||
        std::any_of(t.keywords.begin(), t.keywords.end(), [word](const std::string& k) { return istarts_with(k, word); })) {
      found.topics.push_back(&t);
    }
  }
  return found;
}

/// The commands and topics nearest to a word that found nothing (none when nothing is near enough): the same
/// slips as an unknown command's (server/text/nearest_words.hpp), each offered by the name it is helped under.
std::vector<std::string> nearest(const command_registry& registry, const content::help_topics& topics, role who,
                                 std::string_view word) {
  std::vector<text::spelling> known;
  for (const command_def* c : registry.visible(who)) {
    known.push_back({c->name, c->name});
    for (const std::string& a : c->aliases) {
      known.push_back({a, c->name});
    }
  }
  for (const content::help_topic& t : topics.topics) {
    known.push_back({t.name, t.name});
    for (const std::string& k : t.keywords) {
      known.push_back({k, t.name});
    }
  }
  return text::nearest_words(word, known);
}

std::string command_help(const command_def& c) {
  std::string text = label_of(c, false) + ": " + c.summary + "\n";
  // The help's first line is how the command is typed.
  const std::size_t nl = c.help.find('\n');
  text += "Usage: " + c.help.substr(0, nl) + "\n";
  if (nl != std::string::npos) {
    text += c.help.substr(nl + 1) + "\n";
  }
  return text;
}

std::string topic_help(const content::help_topic& t) { return t.title + "\n\n" + t.text; }

/// "'a', 'b' or 'c'".
std::string either(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + ("'" + words[i] + "'");
  }
  return out;
}

void help(const help_parts& p, command_context& ctx) {
  const content::help_topics& topics = p.content.get().help;
  const role who = ctx.actor.account_role;
  std::string_view word = ctx.args.raw;
  if (word.empty()) {
    const view v = ctx.out.view_of(ctx.actor);
    ctx.reply(listing(p.commands, topics, who, v.screen_reader, ctx.conn.port->client().width));
    return;
  }
  help_found found = look_up(p.commands, topics, who, word);
  if (found.empty() && word.front() == '@' && word.size() > 1) {
    word.remove_prefix(1);  // "@ban" is the command ban
    found = look_up(p.commands, topics, who, word);
  }
  if (found.size() > 1 && !found.exact) {
    // Several starts: the person types more letters. (A command and a topic named alike are both shown.)
    std::vector<std::string> named;
    for (const command_def* c : found.commands) {
      named.push_back(c->name);
    }
    for (const content::help_topic* t : found.topics) {
      named.push_back(t->name);
    }
    ctx.reply(std::string("'").append(word) + "' could mean " + either(named) + ". Type more letters.\n");
    return;
  }
  if (found.empty()) {
    const std::vector<std::string> near = nearest(p.commands, topics, who, word);
    ctx.reply("There is no help on '" + std::string(word) + "'." +
              (near.empty() ? std::string() : " Did you mean " + either(near) + "?") +
              " Type 'help' for the list.\n");
    return;
  }
  std::string text;
  for (const command_def* c : found.commands) {
    text += command_help(*c);
  }
  for (const content::help_topic* t : found.topics) {
    if (!text.empty()) {
      text += '\n';
    }
    text += topic_help(*t);
  }
  ctx.reply(text);
}

}  // namespace

void register_help_command(command_registry& r, help_parts p) {
  r.add(make_command("help", {"?"}, role::player, "The commands and topics, or help on one.",
                     "help [command or topic]\nAlone, lists every command you can use, each with its aliases, and "
                     "the help topics (start with 'help newbie'). With a word, explains that command or topic: "
                     "a name, an alias, a keyword or any unique start of one works. Long help stops at each "
                     "window's end: press Enter for more, or q to stop ('help accessibility').",
                     arguments::raw, [p](command_context& ctx) { help(p, ctx); }));
}

}  // namespace dw::game
