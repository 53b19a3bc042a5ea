// colour, screenreader, brief and prompt through the real world with fake connections and a real
// store: what each shows, that each is kept over logging out and in, and the same walk through the game
// in screen-reader mode as in normal mode, read as words.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "server/game/output/colour.hpp"
#include "tests/game/game_harness.hpp"
#include "tests/support/content_seeds.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

using player = game_harness::player;

/// Connects with a client reporting `abilities`, then creates `name`.
player create_with(game_harness& h, std::string_view name, const std::function<void(dw::game::client_abilities&)>& abilities) {
  player p = h.connect();
  abilities(p.port->info);
  h.line(p, "create " + std::string(name) + " password123");
  p.port->take();
  return p;
}

/// Quits and logs in again on a new connection with the same client; the new connection's output is consumed.
player relog(game_harness& h, const player& p, std::string_view name) {
  const dw::game::client_abilities client = p.port->info;
  h.line(p, "quit");
  h.disconnect(p);
  player again = h.connect();
  again.port->info = client;
  h.line(again, "connect " + std::string(name) + " password123");
  again.port->take();
  return again;
}

std::string said(game_harness& h, const player& p, std::string_view command) {
  h.line(p, command);
  return p.port->take();
}

/// True when the last escape of every line is a reset (colour never bleeds into the next line).
bool every_coloured_line_reset(const std::string& out) {
  std::size_t start = 0;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    const bool last = end == std::string::npos;
    const std::string line = out.substr(start, last ? std::string::npos : end - start);
    // (the prompt is the last piece: a line of its own as far as colour goes)
    const std::size_t last_escape = line.rfind("\x1b[");
    if (last_escape != std::string::npos && line.compare(last_escape, 4, "\x1b[0m") != 0) {
      return false;  // the line's last escape opens a colour that the line break carries on
    }
    if (last) {
      break;
    }
    start = end + 1;
  }
  return true;
}

void no_colour(dw::game::client_abilities&) {}

/// `text` without its ANSI escape sequences.
std::string words_of(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
      i += 2;
      while (i < text.size() && (text[i] < 0x40 || text[i] > 0x7E)) {
        ++i;
      }
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace

TEST(PlayerSettings, ColourFollowsTheClientAndColourOffIsKept) {
  game_harness h;
  player ann = create_with(h, "Ann", [](dw::game::client_abilities& c) {
    c.ansi = true;
    c.xterm256 = true;
  });
  std::string out = said(h, ann, "look");
  EXPECT_TRUE(has(out, "\x1b[38;5;")) << out;
  EXPECT_TRUE(every_coloured_line_reset(out)) << out;
  // The words are all there without the escapes.
  EXPECT_TRUE(has(out, "Exits: ")) << out;
  EXPECT_TRUE(has(said(h, ann, "colour"), "Colour is on (256 colours): your client says it can show 256 colours."));

  EXPECT_TRUE(has(said(h, ann, "colour off"), "Colour is off."));
  out = said(h, ann, "look");
  EXPECT_FALSE(has(out, "\x1b")) << out;
  EXPECT_TRUE(has(out, "[40/40 hp] > ")) << out;

  player again = relog(h, ann, "Ann");
  out = said(h, again, "look");
  EXPECT_FALSE(has(out, "\x1b")) << "colour off survives logging out and in: " << out;
  EXPECT_TRUE(has(said(h, again, "colour"), "Colour is off (no colour): you turned it off."));
  EXPECT_TRUE(has(said(h, again, "colour purple"), "Usage: colour on, colour off"));
}

TEST(PlayerSettings, NoColourUnlessTheClientSaysSoOrThePlayerAsks) {
  game_harness h;
  player bob = create_with(h, "Bob", no_colour);
  std::string out = said(h, bob, "look");
  EXPECT_FALSE(has(out, "\x1b")) << out;
  EXPECT_EQ(out.substr(out.size() - 13), "[40/40 hp] > ") << "the default prompt is as it always was";
  EXPECT_TRUE(has(said(h, bob, "colour"), "your client did not say it can show colour"));
  out = said(h, bob, "colour on");
  EXPECT_TRUE(has(out, "Colour is on (16 colours)")) << out;
  out = said(h, bob, "look");
  EXPECT_TRUE(has(out, "\x1b[9")) << "16 colours (the theme's colours are bright ones): " << out;
  EXPECT_FALSE(has(out, "38;5;")) << out;
  EXPECT_TRUE(every_coloured_line_reset(out)) << out;
}

TEST(PlayerSettings, UnexploredExitsAreNamedSoInWordsAndColouredApart) {
  game_harness h;
  player cat = create_with(h, "Cat", [](dw::game::client_abilities& c) {
    c.truecolour = true;
    c.width = 200;  // the exits line whole, however many exits the first room has
  });
  h.line(cat, "down");
  const std::string out = said(h, cat, "east");
  // The theme's exit colour (#5fd75f) for the way back, the unexplored colour (#d7af5f) and the word.
  EXPECT_TRUE(has(out, "\x1b[38;2;95;215;95mwest (to the well)\x1b[0m")) << out;
  if (has(out, "(unexplored)")) {
    EXPECT_TRUE(has(out, "\x1b[38;2;215;175;95m")) << out;
  }
}

TEST(PlayerSettings, AThemeColourChangedWithConfigIsUsedAtOnce) {
  game_harness h;
  player ann = create_with(h, "Ann", [](dw::game::client_abilities& c) { c.truecolour = true; });  // the admin
  EXPECT_TRUE(has(said(h, ann, "look"), "\x1b[38;2;95;175;255mThe Village Square\x1b[0m"));
  const std::string answer = said(h, ann, "@config colours.room_name #ff0000");
  EXPECT_TRUE(has(said(h, ann, "look"), "\x1b[38;2;255;0;0mThe Village Square\x1b[0m")) << answer;
  EXPECT_TRUE(has(said(h, ann, "@config colours.room_name nope"), "colours.room_name"));
  EXPECT_TRUE(has(said(h, ann, "look"), "\x1b[38;2;255;0;0mThe Village Square")) << "a refused value changes nothing";
}

TEST(PlayerSettings, ScreenReaderModeFollowsMttsAndCanBeOverriddenAndKept) {
  game_harness h;
  player dee = create_with(h, "Dee", [](dw::game::client_abilities& c) {
    c.ansi = true;
    c.screen_reader = true;
  });
  EXPECT_TRUE(has(said(h, dee, "screenreader"), "Screen-reader mode is on: your client reports a screen reader."));
  std::string out = said(h, dee, "look");
  EXPECT_FALSE(has(out, "\x1b")) << "colour is off in screen-reader mode unless asked for: " << out;
  EXPECT_TRUE(out.ends_with("40 of 40 hp: ")) << out;

  EXPECT_TRUE(has(said(h, dee, "screenreader off"), "Screen-reader mode is off."));
  out = said(h, dee, "screenreader");
  EXPECT_TRUE(has(out, "Screen-reader mode is off: you turned it off,")) << out;
  EXPECT_TRUE(has(out, "your client reports a")) << out;
  out = said(h, dee, "look");
  EXPECT_TRUE(has(out, "\x1b[")) << "without screen-reader mode the client's colour applies: " << out;

  player again = relog(h, dee, "Dee");
  EXPECT_TRUE(has(said(h, again, "screenreader"), "off: you turned it off"));
  said(h, again, "screenreader on");
  again = relog(h, again, "Dee");
  again.port->info.screen_reader = false;
  EXPECT_TRUE(has(said(h, again, "screenreader"), "Screen-reader mode is on: you turned it on."));
  EXPECT_TRUE(has(said(h, again, "colour on"), "Colour is on"));
  EXPECT_TRUE(has(said(h, again, "look"), "\x1b[")) << "colour when asked for, even in screen-reader mode";
}

TEST(PlayerSettings, BriefShowsOnlyTitleAndExitsOnRevisitsAndIsKept) {
  game_harness h;
  player eve = h.create("Eve");
  EXPECT_TRUE(has(said(h, eve, "brief"), "Brief mode is off"));
  EXPECT_TRUE(has(said(h, eve, "brief on"), "Brief mode is on"));
  std::string out = said(h, eve, "down");
  EXPECT_TRUE(has(out, "Exits: ")) << out;
  const std::string first_visit_of_well = out;
  out = said(h, eve, "up");  // the square was seen at login
  EXPECT_TRUE(has(out, "Exits: ")) << out;
  EXPECT_FALSE(has(out, "distance from it")) << "no description on a revisit: " << out;
  out = said(h, eve, "look");
  EXPECT_TRUE(has(out, "distance from it")) << "look shows everything: " << out;

  player again = relog(h, eve, "Eve");
  EXPECT_TRUE(has(said(h, again, "brief"), "Brief mode is on"));
  EXPECT_TRUE(has(said(h, again, "brief off"), "Brief mode is off."));
  h.line(again, "down");
  h.line(again, "up");
  EXPECT_TRUE(has(again.port->take(), "distance from it")) << "brief off: full rooms again";
  EXPECT_GT(first_visit_of_well.size(), 0U);
}

TEST(PlayerSettings, BriefModeShowsEveryRoomInFullAgainInTheNextSession) {
  game_harness h;
  player eve = h.create("Eve");
  said(h, eve, "brief on");
  said(h, eve, "down");
  std::string out = said(h, eve, "up");
  ASSERT_FALSE(has(out, "distance from it")) << "the square, seen at login, is brief on a revisit: " << out;
  h.line(eve, "quit");
  h.disconnect(eve);
  player again = h.connect();
  h.line(again, "connect Eve password123");
  out = again.port->take();
  EXPECT_TRUE(has(out, "distance from it")) << "a new session has seen no room yet: " << out;
  out = said(h, again, "down");
  EXPECT_TRUE(has(out, "Exits: ")) << out;
  out = said(h, again, "up");
  EXPECT_FALSE(has(out, "distance from it")) << "and the square is brief again on a revisit: " << out;
}

TEST(PlayerSettings, PromptTokensLimitsDefaultAndKept) {
  game_harness h;
  player fay = h.create("Fay");
  std::string out = said(h, fay, "prompt");
  EXPECT_TRUE(has(out, "Your prompt is the default: \"[%h/%H hp] > \", which shows as \"[40/40 hp] > \"")) << out;

  out = said(h, fay, "prompt %h/%H hp d%d %x%%");
  EXPECT_TRUE(has(out, "Your prompt is now \"%h/%H hp d%d %x%% \".")) << out;
  out = said(h, fay, "look");
  EXPECT_TRUE(out.ends_with("40/40 hp d0 d% ")) << out;  // the square: one exit, down
  h.line(fay, "down");
  h.line(fay, "east");
  out = fay.port->take();
  EXPECT_TRUE(has(out, "40/40 hp d1 ")) << out;

  out = said(h, fay, "prompt %h%nHP> ");
  out = said(h, fay, "look");
  EXPECT_TRUE(out.ends_with("40\nHP> ")) << out;

  EXPECT_TRUE(has(said(h, fay, "prompt %q"), "%q is not a prompt token"));
  EXPECT_TRUE(has(said(h, fay, "prompt 100%"), "lone %"));
  EXPECT_TRUE(has(said(h, fay, "prompt " + std::string(81, 'x')), "too long: at most 80 characters"));
  EXPECT_TRUE(said(h, fay, "look").ends_with("40\nHP> ")) << "a refused prompt changes nothing";

  player again = relog(h, fay, "Fay");
  EXPECT_TRUE(said(h, again, "look").ends_with("40\nHP> ")) << "the prompt survives logging out and in";
  EXPECT_TRUE(has(said(h, again, "prompt default"), "default again"));
  EXPECT_TRUE(said(h, again, "look").ends_with("[40/40 hp] > "));
}

namespace {

/// The acceptance walk: create, look, into the dungeon, map, a fight to its end, pick up what it left,
/// quit. Returns everything the player was told.
std::string acceptance_walk(bool screen_reader) {
  const std::int64_t seed = dw::testing::seed_with_monsters(*dw::testing::real_content(), true);
  EXPECT_GT(seed, 0);
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = seed;
  s.game.character_max_hp = 1000000;
  game_harness h(s);
  player p = h.connect();
  p.port->take();  // the banner went out before the client's abilities were known (as over telnet)
  p.port->info.ansi = true;
  p.port->info.xterm256 = true;
  p.port->info.screen_reader = screen_reader;
  p.port->info.width = 200;  // lines whole, so the checks below do not depend on where a line wraps
  std::string all;
  auto run = [&](std::string_view line) {
    h.line(p, line);
    all += p.port->take();
  };
  run("create Gus password123");
  run("look");
  run("down");
  run("east");
  run("map");
  run("fight");
  run("get all");
  run("inventory");
  run("map");
  run("quit");
  return all;
}

}  // namespace

TEST(PlayerSettings, TheSameWalkReadsAsWordsInScreenReaderMode) {
  const std::string normal = acceptance_walk(false);
  const std::string spoken = acceptance_walk(true);
  // Both walks did the same things.
  for (const std::string* out : {&normal, &spoken}) {
    EXPECT_TRUE(has(*out, "East branch 1")) << *out;
    EXPECT_TRUE(has(*out, "You attack")) << *out;
    EXPECT_TRUE(has(*out, "The room is clear")) << *out;
    EXPECT_TRUE(has(*out, "You pick up")) << *out;
    EXPECT_TRUE(has(*out, "Goodbye, Gus.")) << *out;
  }
  // Normal mode draws the map and colours the text.
  EXPECT_TRUE(has(normal, "[@]")) << normal;
  EXPECT_TRUE(has(normal, "\x1b[38;5;")) << normal;
  EXPECT_TRUE(has(normal, "[1000000/1000000 hp] > ")) << normal;
  // Screen-reader mode: no drawing, no box characters, no brackets, no colour; the map and exits in words.
  for (const std::string_view art : {"[", "]", "|", "@", "*", "~", "D E E P", "->", "<-", "\x1b", "\xe2\x94", "\xe2\x95"}) {
    EXPECT_FALSE(has(spoken, art)) << "'" << art << "' in:\n" << spoken;
  }
  EXPECT_TRUE(has(spoken, "West: back to the well.")) << spoken;
  EXPECT_TRUE(has(spoken, "Known rooms in this branch: ")) << spoken;
  EXPECT_TRUE(has(spoken, "In East branch 1, at 1,0, depth 1.")) << spoken;
  EXPECT_TRUE(has(spoken, "Exits: ")) << spoken;
  EXPECT_TRUE(has(spoken, "1000000 of 1000000 hp: ")) << spoken;
  // Each fight round is one line in screen-reader mode, several in normal mode.
  const std::size_t round = spoken.find("Round 1: ");
  ASSERT_NE(round, std::string::npos) << spoken;
  const std::string line = spoken.substr(round, spoken.find('\n', round) - round);
  // Gus reads his own round in the first person.
  EXPECT_TRUE(has(line, " you") || has(line, "You") || has(line, "Your")) << line;
  EXPECT_TRUE(has(words_of(normal), "Round 1:\n  ")) << normal;
  EXPECT_TRUE(has(words_of(normal), "west (to the well)")) << "without escapes, the words as before";
}
