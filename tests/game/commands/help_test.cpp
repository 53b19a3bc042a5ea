// help: every command listed once with its aliases beside it, the topics of content/help.toml, help on a
// command or a topic by name, alias, keyword or unique start, the nearest words for one that finds
// nothing, and topics reloaded with @reload content.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

using player = game_harness::player;

std::string said(game_harness& h, const player& p, std::string_view command) {
  h.line(p, command);
  return p.port->take();
}

/// Creates `name` with a window wide and tall enough that nothing wraps or pages.
player create_roomy(game_harness& h, std::string_view name) {
  player p = h.connect();
  p.port->info.width = 200;
  p.port->info.height = 500;
  h.line(p, "create " + std::string(name) + " password123");
  p.port->take();
  return p;
}

std::size_t count(const std::string& text, std::string_view part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

/// The first word of every row of the command list ("  fight (kill)   Attack..." gives "fight").
std::vector<std::string> listed_commands(const std::string& listing) {
  std::vector<std::string> out;
  std::istringstream in(listing.substr(0, listing.find("Topics (")));
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("  ") && line[2] != ' ') {
      out.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
  }
  return out;
}

TEST(Help, EveryCommandIsListedOnceWithItsAliasesBesideIt) {
  game_harness h;
  const player admin = create_roomy(h, "Ann");  // the first account is an administrator
  const player bob = create_roomy(h, "Bob");
  const std::string list = said(h, bob, "help");
  const std::vector<std::string> names = listed_commands(list);
  ASSERT_GT(names.size(), 40U) << list;
  const std::set<std::string> once(names.begin(), names.end());
  EXPECT_EQ(once.size(), names.size()) << "a command listed twice:\n" << list;
  for (const char* row : {"  fight (kill) ", "  inventory (i, inv) ", "  look (l) ", "  north (n) ", "  help (?) ",
                          "  colour (color) ", "  pager ", "  score "}) {
    EXPECT_TRUE(has(list, row)) << row << " missing:\n" << list;
  }
  EXPECT_EQ(count(list, "kill"), 1U);
  EXPECT_FALSE(has(list, "Administrators' commands")) << list;
  EXPECT_FALSE(has(list, "  ban ")) << list;
  // The topics follow, each with its title.
  EXPECT_TRUE(has(list, "Topics ('help <topic>' to read one):")) << list;
  for (const char* row : {"  newbie", "  depth", "  runes", "  economy", "  experience", "  bounties", "  groups",
                          "  channels", "  accessibility", "  web"}) {
    EXPECT_TRUE(has(list, row)) << row << " missing:\n" << list;
  }
  EXPECT_TRUE(has(list, "Rune doors")) << list;

  // An administrator's list adds a section of their own, each command still once.
  const std::string admins = said(h, admin, "help");
  const std::vector<std::string> all = listed_commands(admins);
  EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), all.size()) << admins;
  EXPECT_TRUE(has(admins, "Administrators' commands (with or without a leading @):\n  @who ")) << admins;
  EXPECT_TRUE(has(admins, "  ban ")) << admins;
}

TEST(Help, AListRowWrapsUnderItsSummaryAndAScreenReaderHearsNoPadding) {
  game_harness h;
  player p = h.connect();
  p.port->info.width = 50;
  p.port->info.height = 500;
  h.line(p, "create Ann password123");
  p.port->take();
  const std::string list = said(h, p, "help");
  std::istringstream in(list);
  std::string line;
  while (std::getline(in, line)) {
    EXPECT_LT(line.size(), 50U) << line;
  }
  // "attack              Strike in your next rounds (the default), or start a fight." goes on under "Strike".
  EXPECT_TRUE(has(list, "  attack              Strike in your next rounds\n                      (the default)")) << list;

  said(h, p, "screenreader on");
  const std::string heard = said(h, p, "help");
  EXPECT_TRUE(has(heard, "\nfight, also kill: Attack the monsters here.\n")) << heard;
  EXPECT_TRUE(has(heard, "\nrunes: Rune doors\n")) << heard;
  EXPECT_FALSE(has(heard, "   ")) << heard;
}

TEST(Help, OneCommandShowsItsAliasesOnce) {
  game_harness h;
  const player p = create_roomy(h, "Ann");
  const std::string fight = said(h, p, "help fight");
  EXPECT_TRUE(fight.starts_with("fight (kill): Attack the monsters here.\nUsage: fight\nStarts or joins")) << fight;
  EXPECT_EQ(count(fight, "kill"), 1U) << fight;
  EXPECT_EQ(said(h, p, "help kill"), fight) << "an alias finds its command";
  const std::string inv = said(h, p, "help i");
  EXPECT_TRUE(inv.starts_with("inventory (i, inv): ")) << inv;
  EXPECT_EQ(count(inv, "(i, inv)"), 1U) << inv;
  EXPECT_TRUE(has(said(h, p, "help @ban"), "ban: Ban a character or an address.")) << "the first account is an admin";
}

TEST(Help, TopicsAreFoundByNameKeywordOrAUniqueStart) {
  game_harness h;
  const player p = create_roomy(h, "Ann");
  const std::string runes = said(h, p, "help runes");
  EXPECT_TRUE(runes.starts_with("Rune doors\n\nFrom depth 2, some rooms are sealed")) << runes;
  EXPECT_TRUE(has(runes, "\n   press moon sun eye\n")) << runes;
  EXPECT_EQ(said(h, p, "help rune"), runes) << "a keyword";
  EXPECT_EQ(said(h, p, "help RUNES"), runes) << "any case";
  EXPECT_EQ(said(h, p, "help runs"), "There is no help on 'runs'. Did you mean 'runes'? Type 'help' for the list.\n"
                                     "[40/40 hp] > ");
  EXPECT_TRUE(said(h, p, "help newb").starts_with("Getting started\n\n")) << "a unique start of a topic";
  EXPECT_TRUE(said(h, p, "help lantern").starts_with("Depth and danger\n\n"));
  EXPECT_TRUE(has(said(h, p, "help merchant"), "Silver, the merchant and trade"));
  EXPECT_TRUE(has(said(h, p, "help levels"), "Experience and levels"));
  EXPECT_TRUE(has(said(h, p, "help screenreaders"), "Colour, screen readers and the pager"));
  EXPECT_TRUE(has(said(h, p, "help browser"), "The web client"));
  EXPECT_TRUE(has(said(h, p, "help groups"), "'follow <name>'"));
}

TEST(Help, ACommandAndATopicOfOneNameAreBothShownCommandFirst) {
  game_harness h;
  const player p = create_roomy(h, "Ann");
  const std::string both = said(h, p, "help channels");
  const std::size_t command = both.find("channels: List the talk channels");
  const std::size_t topic = both.find("Talking and channels\n\n");
  ASSERT_NE(command, std::string::npos) << both;
  ASSERT_NE(topic, std::string::npos) << both;
  EXPECT_LT(command, topic);
}

TEST(Help, SeveralStartsAskForMoreLettersAndAnUnknownWordSuggestsTheNearest) {
  game_harness h;
  create_roomy(h, "Ann");  // (the first account is an administrator: Bob is a player)
  const player p = create_roomy(h, "Bob");
  const std::string ambiguous = said(h, p, "help sc");
  EXPECT_TRUE(ambiguous.starts_with("'sc' could mean 'score', 'screenreader', ")) << ambiguous;
  EXPECT_TRUE(has(ambiguous, ". Type more letters.")) << ambiguous;
  EXPECT_TRUE(said(h, p, "help ex").starts_with("'ex' could mean 'examine' or 'experience'. Type more letters."));
  EXPECT_TRUE(said(h, p, "help e").starts_with("east (e): Walk east.")) << "a whole alias is not a start";
  EXPECT_TRUE(said(h, p, "help hlep").starts_with("There is no help on 'hlep'. Did you mean 'help'?"));
  EXPECT_TRUE(said(h, p, "help expereince").starts_with("There is no help on 'expereince'. Did you mean 'experience'?"));
  EXPECT_TRUE(said(h, p, "help xyzzy").starts_with("There is no help on 'xyzzy'. Type 'help' for the list."));
  // Administrators' commands are as unknown to a player as a typo, suggestions included.
  EXPECT_TRUE(said(h, p, "help kick").starts_with("There is no help on 'kick'.")) << "Bob is a player";
  EXPECT_FALSE(has(said(h, p, "help bann"), "'ban'"));
}

TEST(Help, TopicsAreReloadedWithTheContentTablesAndABadOneKeepsTheOld) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "dw_help_reload";
  std::filesystem::remove_all(dir);
  std::filesystem::copy(DW_CONTENT_DIR, dir, std::filesystem::copy_options::recursive);
  dw::config::settings s = dw::testing::fast_settings();
  s.content.dir = dir.string();
  game_harness h(s);
  const player admin = create_roomy(h, "Ann");
  EXPECT_TRUE(has(said(h, admin, "help oracle"), "There is no help on 'oracle'."));

  std::ofstream(dir / "help.toml", std::ios::app)
      << "\n[[topics]]\nname = \"oracle\"\ntitle = \"The oracle\"\ntext = '''\nShe knows.\n'''\n";
  EXPECT_TRUE(has(said(h, admin, "@reload content"), "Content reloaded."));
  EXPECT_TRUE(said(h, admin, "help oracle").starts_with("The oracle\n\nShe knows.\n"));

  std::ofstream(dir / "help.toml", std::ios::app)
      << "\n[[topics]]\nname = \"oracle2\"\ntitle = \"Again\"\nkeywords = [\"oracle\"]\ntext = \"x\"\n";
  const std::string refused = said(h, admin, "@reload content");
  EXPECT_TRUE(has(refused, "help.toml:")) << refused;
  EXPECT_TRUE(has(refused, "keywords[0]: \"oracle\" already finds the topic \"oracle\"")) << refused;
  EXPECT_TRUE(said(h, admin, "help oracle").starts_with("The oracle\n\n")) << "the old topics stay";
  std::filesystem::remove_all(dir);
}

}  // namespace
