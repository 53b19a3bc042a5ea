// Players' own settings: colour, screenreader, brief, pager, prompt, wimpy. Each is stored (storage::save_preference)
// and loaded with the character, so it survives logging out.

#include <charconv>

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/game/commands/preferences_set.hpp"
#include "server/game/encounters/danger.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"
#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {
namespace {

/// Sets one preference in memory and in storage; memory goes back if the event cannot be saved.
void store(const preference_parts& p, character& ch, std::string_view key, std::string_view value) {
  set_preference(p.changes, p.people, ch, key, value);
}

enum class choice : std::uint8_t { show, on, off, bad };

/// "on", "off" or nothing (show); anything else is answered with `usage`.
choice on_off(command_context& ctx, std::string_view usage) {
  const std::string_view arg = ctx.args.raw;
  if (arg.empty()) {
    return choice::show;
  }
  if (iequals(arg, "on")) {
    return choice::on;
  }
  if (iequals(arg, "off")) {
    return choice::off;
  }
  ctx.reply(std::string(usage) + "\n");
  return choice::bad;
}

std::string_view depth_name(colour_depth d) {
  switch (d) {
    case colour_depth::none:
      return "no colour";
    case colour_depth::ansi16:
      return "16 colours";
    case colour_depth::xterm256:
      return "256 colours";
    case colour_depth::truecolour:
      return "24-bit colour";
  }
  return "no colour";
}

void colour(const preference_parts& p, command_context& ctx) {
  const choice c = on_off(ctx, "Usage: colour on, colour off, or colour alone to see how it is set.");
  if (c == choice::bad) {
    return;
  }
  if (c == choice::show) {
    const view v = ctx.out.view_of(ctx.actor);
    const std::string_view own = ctx.actor.prefs.get(pref::colour);
    std::string why;
    if (own == "on") {
      why = "you turned it on";
    } else if (own == "off") {
      why = "you turned it off";
    } else if (v.screen_reader) {
      why = "screen-reader mode leaves it off unless you ask for it";
    } else {
      why = v.client_colour == colour_depth::none ? "your client did not say it can show colour"
                                                 : "your client says it can show " + std::string(depth_name(v.client_colour));
    }
    ctx.reply(std::string("Colour is ") + (v.colour == colour_depth::none ? "off" : "on") + " (" +
              std::string(depth_name(v.colour)) + "): " + why + ".\n");
    return;
  }
  store(p, ctx.actor, pref::colour, c == choice::on ? "on" : "off");
  const view v = ctx.out.view_of(ctx.actor);
  if (c == choice::on) {
    ctx.reply("Colour is on (" + std::string(depth_name(v.colour)) + "): " + styled(style::room_name, "room names") +
              ", " + styled(style::exit, "exits") + ", " + styled(style::exit_unexplored, "unexplored exits") + ", " +
              styled(style::monster, "monsters") + " and " + styled(style::item, "items") + ".\n");
  } else {
    ctx.reply("Colour is off.\n");
  }
}

void screen_reader(const preference_parts& p, command_context& ctx) {
  const choice c =
      on_off(ctx, "Usage: screenreader on, screenreader off, or screenreader alone to see how it is set.");
  if (c == choice::bad) {
    return;
  }
  if (c == choice::show) {
    const bool on = ctx.out.view_of(ctx.actor).screen_reader;
    const std::string_view own = ctx.actor.prefs.get(pref::screen_reader);
    const bool client = ctx.conn.port->client().screen_reader;
    std::string why;
    if (own == "on") {
      why = "you turned it on";
    } else if (own == "off") {
      why = client ? "you turned it off, although your client reports a screen reader" : "you turned it off";
    } else {
      why = client ? "your client reports a screen reader" : "your client did not report a screen reader";
    }
    ctx.reply(std::string("Screen-reader mode is ") + (on ? "on" : "off") + ": " + why + ".\n");
    return;
  }
  store(p, ctx.actor, pref::screen_reader, c == choice::on ? "on" : "off");
  log::info("{} turned screen-reader mode {}", ctx.actor.name, c == choice::on ? "on" : "off");
  ctx.reply(c == choice::on ? "Screen-reader mode is on: no drawings, maps and exits in words, one thing a line, fight "
                       "rounds in one line, and no colour unless you ask for it (colour on).\n"
                     : "Screen-reader mode is off.\n");
}

void brief(const preference_parts& p, command_context& ctx) {
  const choice c = on_off(ctx, "Usage: brief on, brief off, or brief alone to see how it is set.");
  if (c == choice::bad) {
    return;
  }
  if (c == choice::show) {
    ctx.reply(ctx.out.view_of(ctx.actor).brief
                  ? "Brief mode is on: rooms you have seen before show only their title and exits ('look' shows all).\n"
                  : "Brief mode is off: every room is described in full.\n");
    return;
  }
  store(p, ctx.actor, pref::brief, c == choice::on ? "on" : "");  // (off is the default: nothing stored)
  ctx.reply(c == choice::on ? "Brief mode is on: rooms you have seen before show only their title and exits.\n"
                     : "Brief mode is off.\n");
}

void pager_setting(const preference_parts& p, command_context& ctx) {
  const choice c = on_off(ctx, "Usage: pager on, pager off, or pager alone to see how it is set.");
  if (c == choice::bad) {
    return;
  }
  if (c != choice::show) {
    store(p, ctx.actor, pref::pager, c == choice::on ? "" : "off");  // (on is the default: nothing stored)
  }
  const std::string own = c == choice::show ? "The pager is " : "The pager is now ";
  const bool chosen_on = ctx.actor.prefs.get(pref::pager) != "off";
  switch (ctx.out.pager_state(ctx.conn, ctx.actor)) {
    case paging::on:
      ctx.reply(own + "on: output longer than your window (" + std::to_string(ctx.conn.port->client().height) +
                " lines) stops after each page at --More--. Press Enter for more, or q to stop; any other "
                "command stops it too.\n");
      return;
    case paging::off_by_choice:
      ctx.reply(own + "off: long output comes all at once. 'pager on' turns it on.\n");
      return;
    case paging::off_screen_reader:
      ctx.reply(std::string("The pager is never on in screen-reader mode: long output comes all at once.") +
                (chosen_on ? "" : " (You turned it off besides.)") + "\n");
      return;
    case paging::off_web_client:
      ctx.reply(std::string("The pager is never on in the web client: its text scrolls instead.") +
                (chosen_on ? "" : " (You turned it off besides.)") + "\n");
      return;
  }
}

void prompt(const preference_parts& p, command_context& ctx) {
  const std::string_view arg = ctx.args.raw;
  const std::string tokens =
      "Tokens: %h hit points, %H most hit points, %d depth, %x exits, %l level, %e experience, %n a new line, "
      "%% a percent sign.";
  if (arg.empty()) {
    const std::string_view own = ctx.actor.prefs.get(pref::prompt);
    std::string shown;
    expand_prompt(ctx.out.prompt_format(ctx.actor), ctx.actor, &p.facts, shown);
    ctx.reply("Your prompt is " + (own.empty() ? std::string("the default") : "your own") + ": \"" +
              std::string(ctx.out.prompt_format(ctx.actor)) + "\", which shows as \"" + shown +
              "\".\nChange it with 'prompt <format>', or 'prompt default'. " + tokens + "\n");
    return;
  }
  if (iequals(arg, "default")) {
    store(p, ctx.actor, pref::prompt, "");
    ctx.reply("Your prompt is the default again.\n");
    return;
  }
  if (auto why = check_prompt_format(arg)) {
    log::info("{}: prompt refused: {}", ctx.actor.name, log_safe(arg));
    ctx.reply(*why + "\n" + tokens + "\n");
    return;
  }
  std::string format(arg);
  if (format.back() != ' ' && !format.ends_with("%n")) {
    format += ' ';  // (the line typed lost its trailing blanks: what is typed after the prompt does not touch it)
  }
  store(p, ctx.actor, pref::prompt, format);
  ctx.reply("Your prompt is now \"" + format + "\".\n");
}

/// "when a fight round leaves you at 12 hit points or fewer, you panic and try to flee"
std::string wimpy_rule(int hp) {
  return "when a fight round leaves you at " + std::to_string(hp) + (hp == 1 ? " hit point" : " hit points") +
         " or fewer, you panic and try to flee";
}

void wimpy(const preference_parts& p, command_context& ctx) {
  const std::string_view arg = ctx.args.raw;
  const int most = ctx.actor.max_hp;
  if (arg.empty()) {
    const std::optional<int> now = wimpy_of(ctx.actor);
    ctx.reply(now ? "Wimpy is " + std::to_string(*now) + ": " + wimpy_rule(*now) + " (your most is " +
                        std::to_string(most) + ").\n"
                  : std::string("Wimpy is off: you fight on until you choose to flee. 'wimpy <hit points>' sets it.\n"));
    return;
  }
  if (iequals(arg, "off") || arg == "0") {
    store(p, ctx.actor, pref::wimpy, "");  // (off is the default: nothing stored)
    ctx.reply("Wimpy is off.\n");
    return;
  }
  int hp = 0;
  const auto [end, error] = std::from_chars(arg.data(), arg.data() + arg.size(), hp);
  if (error != std::errc() || end != arg.data() + arg.size() || hp < 0) {
    log::info("{}: wimpy refused: {}", ctx.actor.name, log_safe(arg));
    ctx.reply("Usage: wimpy <hit points>, wimpy off, or wimpy alone to see it.\n");
    return;
  }
  if (hp >= most) {
    log::info("{}: wimpy refused: {} is not below {}", ctx.actor.name, hp, most);
    ctx.reply("Wimpy must be below your most hit points (" + std::to_string(most) + "), or off.\n");
    return;
  }
  store(p, ctx.actor, pref::wimpy, std::to_string(hp));
  ctx.reply("Wimpy is " + std::to_string(hp) + ": " + wimpy_rule(hp) + ".\n");
}

}  // namespace

void register_preference_commands(command_registry& r, preference_parts p) {
  r.add(make_command("colour", {"color"}, role::player, "Colour on or off, or how it is set.",
                     "colour [on|off]\nTurns colour on or off for you (kept for your next visit). Alone, says whether "
                     "it is on and why. By default colour is on when your client says it can show it (16, 256 or "
                     "24-bit colours), and off in screen-reader mode. Colour never says anything the words do not.",
                     arguments::raw, [p](command_context& ctx) { colour(p, ctx); }));
  r.add(make_command("screenreader", {}, role::player, "Screen-reader mode on or off, or how it is set.",
                     "screenreader [on|off]\nIn screen-reader mode there is no drawing: 'map' says in words where "
                     "each way leads, exits are said in words, what a room holds comes one thing a line after its "
                     "description, each fight round is one line, prompts carry no decoration and colour is off "
                     "unless you ask for it. It is on by default when your client reports a screen reader (MTTS); "
                     "'screenreader off' overrides that. Alone, says whether it is on and why. Kept for your next "
                     "visit.",
                     arguments::raw, [p](command_context& ctx) { screen_reader(p, ctx); }));
  r.add(make_command("brief", {}, role::player, "Short room descriptions on revisits.",
                     "brief [on|off]\nWith brief on, walking into a room you have already seen this visit shows only "
                     "its title and exits; 'look' still shows everything. Kept for your next visit.",
                     arguments::raw, [p](command_context& ctx) { brief(p, ctx); }));
  r.add(make_command("pager", {}, role::player, "Pages for long output, on or off, or how it is set.",
                     "pager [on|off]\nWith the pager on (as it is unless you turn it off), output longer than your "
                     "window (the height your client reports, or 24 lines) stops after each page with --More--: "
                     "press Enter for the next page or type q to stop; any other command ends the paging and "
                     "runs. It is never on in screen-reader mode or in the web client. Alone, says how it is "
                     "set. Kept for your next visit.",
                     arguments::raw, [p](command_context& ctx) { pager_setting(p, ctx); }));
  r.add(make_command("prompt", {}, role::player, "Set your prompt: prompt %h/%Hhp %x>",
                     "prompt [<format>|default]\nSets your prompt (at most " + std::to_string(max_prompt_length) +
                         " characters). Tokens: %h hit points, %H most hit points, %l level, %e experience, %d depth, %x exits (a '?' after an "
                         "unexplored one), %n a new line, %% a percent sign. A space is added at the end if there is "
                         "none. 'prompt default' goes back to the usual one; 'prompt' alone shows yours. Kept for "
                         "your next visit.",
                     arguments::raw, [p](command_context& ctx) { prompt(p, ctx); }));
  r.add(make_command("wimpy", {}, role::player, "Flee by yourself below some hit points: wimpy 12",
                     "wimpy [<hit points>|off]\nWith wimpy set, a fight round that leaves you at that many hit "
                     "points or fewer makes you panic and try to flee from the next round on, as 'flee' does "
                     "(every round until you get away). It must be below your most hit points; 'wimpy off' or "
                     "'wimpy 0' turns it off (the default); 'wimpy' alone shows it. Typing 'attack' fights on "
                     "for one round only while you stay that low: lower it or turn it off to stand and fight. "
                     "Kept for your next visit.",
                     arguments::raw, [p](command_context& ctx) { wimpy(p, ctx); }));
}

}  // namespace dw::game
