// Basic commands: say, emote, who, quit. (help is help.cpp.)

#include "server/game/commands/basic_set.hpp"
#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/encounters/fights.hpp"
#include "server/game/encounters/puzzles.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/roster/roster.hpp"
#include "server/log/log.hpp"

namespace dw::game {
namespace {

void say(command_context& ctx) {
  ctx.reply("You say, '" + ctx.args.text + "'\n");
  ctx.out.send_room(ctx.actor.where.room_id, ctx.actor.name + " says, '" + ctx.args.text + "'\n",
                    ctx.actor.account_id);
}

void emote(command_context& ctx) {
  const std::string text = ctx.actor.name + " " + ctx.args.text + "\n";
  ctx.reply(text);
  ctx.out.send_room(ctx.actor.where.room_id, text, ctx.actor.account_id);
}

void quit(command_context& ctx, fights& fights) {
  // Every change was saved by the event that made it; leaving saves where the character rests. A fight is
  // not left for free: one more round is fought now, which the quitter still sees.
  fights.last_round(ctx.actor);
  log::info("{} quit", ctx.actor.name);
  ctx.out.disconnect(ctx.conn, "You climb out of the story for now. Goodbye, " + ctx.actor.name + ".\n");
}

}  // namespace

void register_basic_commands(command_registry& r, basic_parts p) {
  const role P = role::player;
  r.add(make_command("say", {}, P, "Speak to the room: say hello, or 'hello.",
                     "say <text>   or   '<text>\nEveryone in the room hears it. So does a sealed rune door: speak "
                     "its word of opening.",
                     arguments::speech("Say what?"), [p](command_context& ctx) {
                       say(ctx);
                       if (p.puzzles != nullptr) {
                         p.puzzles->hear(ctx.actor, ctx.args.text);  // the speech is heard either way
                       }
                     }));
  r.add(make_command("emote", {"pose"}, P, "Act: emote waves, or :waves.",
                     "emote <action>   or   :<action>\nEveryone in the room sees your name followed by the action.",
                     arguments::speech("Emote what?"), emote));
  r.add(make_command("who", {}, P, "See who is playing.", "who\nLists the characters in play.", arguments::raw,
                     [p](command_context& ctx) {
                       ctx.reply(p.levels == nullptr ? who_text(p.people)
                                                     : who_text(p.people, [&p](std::int64_t account) {
                                                         return p.levels->standing_of(account).level;
                                                       }));
                     }));
  r.add(make_command("quit", {}, P, "Leave the game (your character is saved).",
                     "quit\nSaves your character and closes the connection. You come back where you left.",
                     arguments::raw, [p](command_context& ctx) { quit(ctx, p.fights); }));
}

}  // namespace dw::game
