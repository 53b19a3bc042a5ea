#include <spdlog/spdlog.h>

#include "server/game/command_parser.hpp"
#include "server/game/commands.hpp"
#include "server/game/dungeon_play.hpp"
#include "server/game/login_flow.hpp"
#include "server/game/world.hpp"
#include "server/text/player_text.hpp"

namespace dw::game {
namespace {

void look(command_context& ctx) { ctx.world.show_room(ctx.actor); }

std::optional<exit_dir> parse_dir(std::string_view word) {
  for (exit_dir d : all_exit_dirs) {
    if (iequals(word, exit_letter(d)) || (!word.empty() && istarts_with(exit_name(d), word))) {
      return d;
    }
  }
  return std::nullopt;
}

void walk(command_context& ctx, exit_dir d) { game::walk(ctx.world, ctx.conn, ctx.actor, d); }

void go(command_context& ctx) {
  if (ctx.args.empty()) {
    ctx.world.send(ctx.conn, "Go where? (north, east, south, west, up or down)\n");
    return;
  }
  if (auto d = parse_dir(ctx.args)) {
    walk(ctx, *d);
  } else {
    ctx.world.send(ctx.conn, '\'' + std::string(ctx.args) + "' is not a direction.\n");
  }
}

void say(command_context& ctx) {
  // What one player shows another carries no invisible or direction-changing characters.
  const std::string text = text::player_text(ctx.args);
  if (text.empty()) {
    ctx.world.send(ctx.conn, "Say what?\n");
    return;
  }
  ctx.world.send(ctx.conn, "You say, '" + text + "'\n");
  ctx.world.send_room(ctx.actor.where.room_id, ctx.actor.name + " says, '" + text + "'\n", ctx.actor.account_id);
}

void emote(command_context& ctx) {
  const std::string action = text::player_text(ctx.args);
  if (action.empty()) {
    ctx.world.send(ctx.conn, "Emote what?\n");
    return;
  }
  const std::string text = ctx.actor.name + " " + action + "\n";
  ctx.world.send(ctx.conn, text);
  ctx.world.send_room(ctx.actor.where.room_id, text, ctx.actor.account_id);
}

void who(command_context& ctx) { ctx.world.send(ctx.conn, login_flow::who_text(ctx.world)); }

void help(command_context& ctx) {
  const command_registry& registry = ctx.world.commands();
  if (!ctx.args.empty()) {
    const command_lookup found = registry.find(ctx.args, ctx.actor.account_role);
    if (found.found == nullptr) {
      ctx.world.send(ctx.conn, "There is no help on '" + std::string(ctx.args) + "'. Type 'help' for the list.\n");
      return;
    }
    const command_def& c = *found.found;
    std::string text = c.name;
    if (!c.aliases.empty()) {
      text += " (also:";
      for (const std::string& a : c.aliases) {
        text += " " + a;
      }
      text += ")";
    }
    text += "\n" + c.help + "\n";
    ctx.world.send(ctx.conn, text);
    return;
  }
  std::string text = "Commands (type 'help <command>' for more; any unique start of a word works):\n";
  for (const command_def* c : registry.visible(ctx.actor.account_role)) {
    std::string name = c->name;
    name.resize(std::max<std::size_t>(name.size(), 12), ' ');
    text += "  " + name + " " + c->summary + "\n";
  }
  ctx.world.send(ctx.conn, text);
}

void quit(command_context& ctx) {
  // Every change was saved by the event that made it; leaving saves where the character rests (on_disconnect).
  spdlog::info("{} quit", ctx.actor.name);
  ctx.world.disconnect(ctx.conn, "You climb out of the story for now. Goodbye, " + ctx.actor.name + ".\n");
}

}  // namespace

void register_basic_commands(command_registry& r) {
  r.add(make_command("look", {"l"}, role::player, "Look around the room.",
                     "look\nDescribes the room you are in, its exits and who is here.", look));
  for (exit_dir d : all_exit_dirs) {
    const std::string name(exit_name(d));
    r.add(make_command(name, {std::string(exit_letter(d))}, role::player, "Walk " + name + ".",
                       name + "\nWalks " + name + " if there is an exit that way.",
                       [d](command_context& ctx) { walk(ctx, d); }));
  }
  r.add(make_command("go", {}, role::player, "Walk in a direction: go north.",
                     "go <direction>\nWalks that way: north, east, south, west, "
                     "up or down (or n e s w u d).",
                     go));
  r.add(make_command("say", {}, role::player, "Speak to the room: say hello, or 'hello.",
                     "say <text>   or   '<text>\nEveryone in the room hears it.", say));
  r.add(make_command("emote", {"pose"}, role::player, "Act: emote waves, or :waves.",
                     "emote <action>   or   :<action>\nEveryone in the room sees your name followed by the action.",
                     emote));
  r.add(make_command("who", {}, role::player, "See who is playing.", "who\nLists the characters in play.", who));
  r.add(make_command("help", {"?"}, role::player, "This list, or help on one command.",
                     "help [command]\nWithout a command, lists every "
                     "command you can use; with one, explains it.",
                     help));
  r.add(make_command("quit", {}, role::player, "Leave the game (your character is saved).",
                     "quit\nSaves your character and closes the connection. You come back where you left.", quit));
}

}  // namespace dw::game
