// Talk channels: tell, reply, chat, shout, channels. The channels themselves (their names, who has them
// off, GMCP Comm.Channel, chat's history) are output's (output/channels.hpp); this set decides who hears
// what. Text goes through the same filter as say (arguments::speech), and every line is a command, so
// the same per-connection command rate that limits say limits how fast anyone can talk to anyone.
#include <algorithm>
#include <memory>


#include "server/game/commands/command_context.hpp"
#include "server/game/commands/talk_set.hpp"
#include "server/game/commands/time_text.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/channels.hpp"
#include "server/game/output/chat_history.hpp"
#include "server/game/output/style.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"
#include "server/log/log.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {
namespace {

/// What talk keeps between commands: chat's last lines. (Who last told whom is in last_tellers, talk_set.hpp:
/// the world tells it who leaves play.)
struct talk_state {
  chat_history history;
};

/// "[chat] Ann: hello\n", marked as a channel line with the name marked as a person's.
std::string channel_line(std::string_view channel, std::string_view talker, std::string_view text) {
  // (pieces appended, not `"[" + std::string(...)`: GCC 12 at -O3 inlines that into an overlapping memcpy and
  // stops the Release build with a false -Wrestrict)
  std::string tag(1, '[');
  tag += channel;
  tag += "] ";
  std::string said(": ");
  said += text;
  std::string line;
  append_styled(line, style::channel, tag);
  append_styled(line, style::player, talker);
  append_styled(line, style::channel, said);
  line += '\n';
  return line;
}

/// Refuses (and says how to turn it on) when the actor has `channel` off.
bool refused_while_off(const command_context& ctx, std::string_view channel) {
  if (channel_on(ctx.actor.prefs, channel)) {
    return false;
  }
  ctx.reply("Your " + std::string(channel) + " channel is off, so you can neither hear nor use it. Type 'channels on " +
            std::string(channel) + "' to turn it on.\n");
  return true;
}

/// Sends `line` on `channel` to everyone in play who has it on and for whom `hears` is true.
template <typename Hears>
void broadcast(roster& people, output& out, std::string_view channel, std::string_view talker, std::string_view line,
               Hears hears) {
  people.for_each_character([&](character& ch) {
    if (!hears(ch) || !channel_on(ch.prefs, channel)) {
      return;
    }
    if (connection* conn = people.find_connection(ch.connection)) {
      send_channel_line(out, *conn, channel, talker, line);
    }
  });
}

/// The character in play that `name` means: an exact name first, then the unique start of someone
/// else's name (so "tell an" reaches Annabel when she is the only one it fits). When several fit,
/// `candidates` lists them.
struct name_lookup {
  character* found = nullptr;
  std::vector<std::string> candidates;
};
name_lookup find_online(roster& people, std::string_view name, const character& actor) {
  name_lookup result;
  if (character* exact = people.find_character_by_name(name)) {
    result.found = exact;
    return result;
  }
  std::vector<character*> fits;
  people.for_each_character([&](character& ch) {
    if (ch.account_id != actor.account_id && text::istarts_with(ch.name, name)) {
      fits.push_back(&ch);
    }
  });
  if (fits.size() == 1) {
    result.found = fits.front();
  } else {
    for (const character* ch : fits) {
      result.candidates.push_back(ch->name);
    }
    std::sort(result.candidates.begin(), result.candidates.end());
  }
  return result;
}

/// Tells `to` the filtered text: both see the line, and `to` can reply.
void tell_to(const talk_parts& p, command_context& ctx, character& to) {
  if (refused_while_off(ctx, "tell")) {
    return;
  }
  if (to.account_id == ctx.actor.account_id) {
    ctx.reply("You mutter to yourself, but nobody else hears it.\n");
    return;
  }
  if (!channel_on(to.prefs, "tell")) {
    ctx.reply(to.name + " is not taking tells just now.\n");
    return;
  }
  connection* to_conn = p.people.find_connection(to.connection);
  if (to_conn == nullptr) {
    ctx.reply("Nobody called " + to.name + " is playing.\n");
    return;
  }
  std::string heard;
  append_styled(heard, style::player, ctx.actor.name);
  append_styled(heard, style::channel, " tells you: " + ctx.args.text);
  heard += '\n';
  std::string said;
  append_styled(said, style::channel, "You tell ");
  append_styled(said, style::player, to.name);
  append_styled(said, style::channel, ": " + ctx.args.text);
  said += '\n';
  p.tellers.told(to.account_id, ctx.actor.name);
  send_channel_line(ctx.out, *to_conn, "tell", ctx.actor.name, heard);
  send_channel_line(ctx.out, ctx.conn, "tell", ctx.actor.name, said);
}

void tell(const talk_parts& p, command_context& ctx) {
  const std::string_view name = ctx.args.words.front();
  const name_lookup who = find_online(p.people, name, ctx.actor);
  if (who.found == nullptr) {
    if (who.candidates.empty()) {
      ctx.reply("Nobody called " + std::string(name) + " is playing.\n");
    } else {
      std::string list;
      for (const std::string& c : who.candidates) {
        list += list.empty() ? c : ", " + c;
      }
      std::string reply(1, '\'');
      reply += name;
      reply += "' could be ";
      reply += list;
      reply += ". Type more of the name.\n";
      ctx.reply(reply);
    }
    return;
  }
  tell_to(p, ctx, *who.found);
}

void reply(const talk_parts& p, command_context& ctx) {
  const std::string teller(p.tellers.of(ctx.actor.account_id));
  if (teller.empty()) {
    ctx.reply("Nobody has told you anything to reply to yet.\n");
    return;
  }
  character* to = p.people.find_character_by_name(teller);
  if (to == nullptr) {
    ctx.reply("Nobody called " + teller + " is playing.\n");
    return;
  }
  tell_to(p, ctx, *to);
}

void chat_history_text(const talk_state& state, command_context& ctx) {
  if (refused_while_off(ctx, "chat")) {
    return;
  }
  if (state.history.lines().empty()) {
    ctx.reply("Nothing has been said on chat since the server started.\n");
    return;
  }
  const std::size_t said = state.history.lines().size();
  std::string text = said == 1 ? std::string("The last line on chat (time UTC):\n")
                               : "The last " + std::to_string(said) + " lines on chat (times UTC):\n";
  for (const chat_history::line& l : state.history.lines()) {
    text += time_text(l.at, "%H:%M") + " ";
    append_styled(text, style::player, l.talker);
    append_styled(text, style::channel, ": " + l.text);
    text += '\n';
  }
  ctx.reply(text);
}

void chat(const talk_parts& p, talk_state& state, command_context& ctx) {
  if (text::iequals(ctx.args.raw, "history")) {
    chat_history_text(state, ctx);
    return;
  }
  if (refused_while_off(ctx, "chat")) {
    return;
  }
  state.history.add(p.svc.now(), ctx.actor.name, ctx.args.text);
  const std::string line = channel_line("chat", ctx.actor.name, ctx.args.text);
  broadcast(p.people, ctx.out, "chat", ctx.actor.name, line, [](const character&) { return true; });
}

void shout(const talk_parts& p, command_context& ctx) {
  if (refused_while_off(ctx, "shout")) {
    return;
  }
  // The branch is 0 in the fixed rooms, so a shout there reaches the village and the well.
  const std::int64_t branch = ctx.actor.where.branch_id;
  const std::string line = channel_line("shout", ctx.actor.name, ctx.args.text);
  broadcast(p.people, ctx.out, "shout", ctx.actor.name, line,
            [branch](const character& ch) { return ch.where.branch_id == branch; });
}

void list_channels(command_context& ctx) {
  std::string text = "Channels ('channels off <name>' turns one off, 'channels on <name>' back on):\n";
  for (const channel_def& c : channel_defs) {
    std::string name(c.name);
    name.resize(std::max<std::size_t>(name.size(), 6), ' ');
    text += "  " + name + (channel_on(ctx.actor.prefs, c.name) ? " on   " : " off  ") + std::string(c.reach) + "\n";
  }
  ctx.reply(text);
}

void channels(const talk_parts& p, command_context& ctx) {
  const auto& words = ctx.args.words;
  if (words.empty()) {
    list_channels(ctx);
    return;
  }
  const bool on = text::iequals(words[0], "on");
  if (words.size() != 2 || (!on && !text::iequals(words[0], "off"))) {
    ctx.reply("Usage: channels   or   channels on <channel>   or   channels off <channel>\n");
    return;
  }
  const channel_def* c = find_channel(words[1]);
  if (c == nullptr) {
    ctx.reply("There is no channel called '" + std::string(words[1]) + "'. Type 'channels' for the list.\n");
    return;
  }
  const std::string name(c->name);
  if (channel_on(ctx.actor.prefs, name) == on) {
    ctx.reply("Your " + name + " channel is already " + (on ? "on" : "off") + ".\n");
    return;
  }
  const std::string key = channel_preference_key(name);
  const std::string value = on ? "" : "off";
  set_preference(p.changes, p.people, ctx.actor, key, value);
  log::info("{} turned channel {} {}", ctx.actor.name, name, on ? "on" : "off");
  ctx.reply(on ? "Your " + name + " channel is on.\n"
               : "Your " + name + " channel is off: you will not hear it, nor can you use it, until 'channels on " +
                     name + "'.\n");
}

}  // namespace

void register_talk_commands(command_registry& r, talk_parts p) {
  const role P = role::player;
  auto state = std::make_shared<talk_state>();
  r.add(make_command("tell", {}, P, "Say something to one person, wherever they are.",
                     "tell <name> <text>\nOnly that person hears it. Any unique start of the name of someone "
                     "playing works. They can answer with 'reply'.",
                     arguments::addressed_speech("Tell whom what? (tell <name> <text>)"),
                     [p](command_context& ctx) { tell(p, ctx); }));
  r.add(make_command("reply", {}, P, "Answer the last person who told you something.",
                     "reply <text>\nTells the last person who sent you a tell.", arguments::speech("Reply what?"),
                     [p](command_context& ctx) { reply(p, ctx); }));
  r.add(make_command("chat", {}, P, "Talk to everyone playing; chat history shows the last lines.",
                     "chat <text>\nEveryone playing who has chat on hears it.\n"
                     "chat history\nThe last 20 lines said on chat, with who said them and when (UTC). Kept "
                     "in memory: a restart empties it.",
                     arguments::speech("Chat what?"), [p, state](command_context& ctx) { chat(p, *state, ctx); }));
  r.add(make_command("shout", {}, P, "Shout to everyone in your branch (or the village).",
                     "shout <text>\nEveryone in the same dungeon branch hears it; from the village or the well, "
                     "everyone in the village and the well.",
                     arguments::speech("Shout what?"), [p](command_context& ctx) { shout(p, ctx); }));
  r.add(make_command("channels", {}, P, "List the talk channels, or turn one on or off.",
                     "channels\nLists chat, shout, tell and group and whether each is on for you.\n"
                     "channels off <channel>   channels on <channel>\nA channel that is off is neither shown "
                     "to you nor usable by you until you turn it on again. Kept across logins.",
                     arguments::words, [p](command_context& ctx) { channels(p, ctx); }));
}

}  // namespace dw::game
