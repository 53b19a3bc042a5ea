// Talk channels through the real world with fake connections: tell, reply, chat, shout, channels.
#include <gtest/gtest.h>

#include "server/game/output/channels.hpp"
#include "server/store/accounts.hpp"
#include "server/store/preferences.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

/// Logs an existing character in on a new connection, its output consumed.
game_harness::player login(game_harness& h, std::string_view name) {
  auto p = h.connect();
  h.line(p, "connect " + std::string(name) + " password123");
  EXPECT_TRUE(has(p.port->take(), "Welcome back")) << name;
  return p;
}

void take_all(std::initializer_list<game_harness::player> players) {
  for (const auto& p : players) {
    p.port->take();
  }
}

}  // namespace

TEST(Talk, ChatReachesEveryoneInPlayWhereverTheyAreAndNamesTheChannel) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(bob, "down");
  h.line(bob, "east");  // into a dungeon branch
  take_all({ann, bob});
  h.line(ann, "chat hello down there");
  const std::string heard = bob.port->take();
  EXPECT_TRUE(has(heard, "[chat] Ann: hello down there\n")) << heard;
  EXPECT_EQ(heard.find('\x01'), std::string::npos) << "style markup never reaches the wire";
  EXPECT_TRUE(has(ann.port->take(), "[chat] Ann: hello down there")) << "the talker sees their own line";
  h.line(ann, "chat");
  EXPECT_TRUE(has(ann.port->take(), "Chat what?"));
}

TEST(Talk, TellReachesOnePersonByAUniqueStartOfTheirName) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bobbin");
  auto cat = h.create("Cat");
  take_all({ann, bob, cat});
  h.line(ann, "tell bo hi there");
  EXPECT_TRUE(has(ann.port->take(), "You tell Bobbin: hi there\n"));
  EXPECT_TRUE(has(bob.port->take(), "Ann tells you: hi there\n"));
  EXPECT_FALSE(has(cat.port->take(), "hi there")) << "nobody else hears a tell";

  auto bea = h.create("Bea");
  take_all({ann, bea});
  h.line(ann, "tell b again");
  const std::string ambiguous = ann.port->take();
  EXPECT_TRUE(has(ambiguous, "'b' could be Bea, Bobbin. Type more of the name.")) << ambiguous;
  EXPECT_FALSE(has(bea.port->take(), "again"));

  h.line(ann, "tell ann note to self");
  EXPECT_TRUE(has(ann.port->take(), "You mutter to yourself, but nobody else hears it."));
  h.line(ann, "tell bobbin");
  EXPECT_TRUE(has(ann.port->take(), "Tell whom what? (tell <name> <text>)"));
}

TEST(Talk, OfflineOrUnknownTargetsGetAClearAnswer) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.disconnect(bob);
  take_all({ann});
  h.line(ann, "tell Bob are you there");
  EXPECT_TRUE(has(ann.port->take(), "Nobody called Bob is playing."));
  h.line(ann, "tell Zed hello");
  EXPECT_TRUE(has(ann.port->take(), "Nobody called Zed is playing."));
}

TEST(Talk, ReplyAnswersTheLastWhoToldYou) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  auto cat = h.create("Cat");
  take_all({ann, bob, cat});
  h.line(bob, "reply anyone?");
  EXPECT_TRUE(has(bob.port->take(), "Nobody has told you anything to reply to yet."));
  h.line(ann, "tell bob first");
  h.line(cat, "tell bob second");
  take_all({ann, cat});
  h.line(bob, "reply got it");
  EXPECT_TRUE(has(bob.port->take(), "You tell Cat: got it")) << "the last teller, not the first";
  EXPECT_TRUE(has(cat.port->take(), "Bob tells you: got it"));
  EXPECT_FALSE(has(ann.port->take(), "got it"));
  h.line(cat, "reply and back");  // Cat's reply goes to Bob, who told her last
  EXPECT_TRUE(has(bob.port->take(), "Cat tells you: and back"));
  h.disconnect(cat);
  h.line(bob, "reply still there?");
  EXPECT_TRUE(has(bob.port->take(), "Nobody called Cat is playing."));
}

TEST(Talk, WhomReplyAnswersIsKeptWhileTheTellerComesBackAndForgottenWhenTheToldLeavesPlay) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  take_all({ann, bob});
  h.line(ann, "tell bob are you there?");
  h.line(ann, "quit");
  h.disconnect(ann);
  bob.port->take();
  h.line(bob, "reply yes");
  EXPECT_TRUE(has(bob.port->take(), "Nobody called Ann is playing."));
  // The teller comes back: Bob never left play, so his reply still goes to her.
  auto ann_again = login(h, "Ann");
  h.line(bob, "reply welcome back");
  EXPECT_TRUE(has(bob.port->take(), "You tell Ann: welcome back"));
  EXPECT_TRUE(has(ann_again.port->take(), "Bob tells you: welcome back"));
  // The one told leaves play: a new session starts with nobody to reply to, as a new character would.
  h.line(ann_again, "tell bob see you");
  h.line(bob, "quit");
  h.disconnect(bob);
  take_all({ann_again});
  auto bob_again = login(h, "Bob");
  h.line(bob_again, "reply hello?");
  EXPECT_TRUE(has(bob_again.port->take(), "Nobody has told you anything to reply to yet."));
  EXPECT_FALSE(has(ann_again.port->take(), "hello?"));
}

TEST(Talk, ShoutReachesTheBranchOrTheVillage) {
  game_harness h;
  auto ann = h.create("Ann");  // the village square
  auto bob = h.create("Bob");
  h.line(bob, "down");  // the well: a fixed room too
  auto cat = h.create("Cat");
  h.line(cat, "down");
  h.line(cat, "east");
  auto dan = h.create("Dan");
  h.line(dan, "down");
  h.line(dan, "east");  // follows Cat into the same branch
  auto eve = h.create("Eve");
  h.line(eve, "down");
  h.line(eve, "west");  // another branch
  take_all({ann, bob, cat, dan, eve});

  h.line(ann, "shout anyone up here?");
  EXPECT_TRUE(has(ann.port->take(), "[shout] Ann: anyone up here?"));
  EXPECT_TRUE(has(bob.port->take(), "[shout] Ann: anyone up here?"));
  EXPECT_FALSE(has(cat.port->take(), "anyone"));
  EXPECT_FALSE(has(eve.port->take(), "anyone"));

  h.line(cat, "shout help!");
  EXPECT_TRUE(has(dan.port->take(), "[shout] Cat: help!"));
  EXPECT_FALSE(has(ann.port->take(), "help!"));
  EXPECT_FALSE(has(bob.port->take(), "help!"));
  EXPECT_FALSE(has(eve.port->take(), "help!"));
}

TEST(Talk, AChannelThatIsOffIsNeitherShownNorUsable) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  bob.port->info.width = 200;  // whole sentences on one line
  take_all({ann, bob});
  h.line(bob, "channels off chat");
  EXPECT_TRUE(has(bob.port->take(), "Your chat channel is off"));
  h.line(ann, "chat is anyone listening");
  EXPECT_FALSE(has(bob.port->take(), "listening"));
  h.line(bob, "chat me too");
  EXPECT_TRUE(has(bob.port->take(), "Your chat channel is off, so you can neither hear nor use it. Type 'channels on chat'"));
  EXPECT_FALSE(has(ann.port->take(), "me too"));
  h.line(bob, "chat history");
  EXPECT_TRUE(has(bob.port->take(), "Your chat channel is off"));
  h.line(bob, "channels");
  const std::string list = bob.port->take();
  EXPECT_TRUE(has(list, "chat   off")) << list;
  EXPECT_TRUE(has(list, "shout  on")) << list;
  EXPECT_TRUE(has(list, "tell   on")) << list;

  h.line(bob, "channels off tell");
  h.line(ann, "tell bob psst");
  EXPECT_TRUE(has(ann.port->take(), "Bob is not taking tells just now."));
  EXPECT_FALSE(has(bob.port->take(), "psst"));

  h.line(bob, "channels on chat");
  EXPECT_TRUE(has(bob.port->take(), "Your chat channel is on."));
  h.line(ann, "chat welcome back");
  EXPECT_TRUE(has(bob.port->take(), "[chat] Ann: welcome back"));
  h.line(bob, "channels off gossip");
  EXPECT_TRUE(has(bob.port->take(), "There is no channel called 'gossip'."));
  h.line(bob, "channels sideways chat");
  EXPECT_TRUE(has(bob.port->take(), "Usage: channels"));
}

TEST(Talk, TurningAChannelOffSurvivesLogoutAndRestart) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(bob, "channels off chat");
  ASSERT_TRUE(has(bob.port->take(), "Your chat channel is off"));
  const auto bob_id = dw::store::accounts::find_by_name(h.services.db(), "Bob")->id;
  const auto stored = dw::store::preferences::list(h.services.db(), bob_id);
  ASSERT_EQ(stored.size(), 1U);
  EXPECT_EQ(stored[0].key, dw::game::channel_preference_key("chat"));
  EXPECT_EQ(stored[0].value, "off");

  h.disconnect(bob);
  auto again = login(h, "Bob");
  h.line(again, "channels");
  EXPECT_TRUE(has(again.port->take(), "chat   off"));
  ann.port->take();
  h.line(ann, "chat after logout");
  EXPECT_FALSE(has(again.port->take(), "after logout"));

  // A restart: a new world started from the same database.
  h.disconnect(again);
  dw::game::world restarted(dw::testing::fast_settings(), h.services,
                            dw::game::world_parts{dw::testing::real_content(), dw::testing::startup(h.services.db())});
  dw::testing::fake_port port(&h.services.resolved);
  const auto id = restarted.on_connect(port);
  restarted.on_line(id, "connect Bob password123");
  h.services.drain();
  restarted.on_line(id, "channels");
  h.services.drain();
  EXPECT_TRUE(has(port.take(), "chat   off"));

  restarted.on_line(id, "channels on chat");
  h.services.drain();
  EXPECT_TRUE(dw::store::preferences::list(h.services.db(), bob_id).empty()) << "on again is the default: no row";
}

TEST(Talk, ChatHistoryKeepsTheLastTwentyLinesWithWhoAndWhen) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(bob, "chat history");
  EXPECT_TRUE(has(bob.port->take(), "Nothing has been said on chat"));
  h.services.clock = 1'800'000'000;  // 2027-01-15 08:00:00 UTC
  h.line(ann, "chat line 1.");
  h.services.clock += 60;
  take_all({ann, bob});
  h.line(bob, "chat history");
  const std::string one = bob.port->take();
  EXPECT_TRUE(has(one, "The last line on chat (time UTC):\n")) << one;  // not "The last 1 lines"
  EXPECT_TRUE(has(one, "08:00 Ann: line 1.")) << one;
  for (int i = 2; i <= 25; ++i) {
    h.line(i % 2 == 0 ? bob : ann, "chat line " + std::to_string(i) + ".");
    h.services.clock += 60;
  }
  take_all({ann, bob});
  h.line(bob, "chat history");
  const std::string history = bob.port->take();
  EXPECT_TRUE(has(history, "The last 20 lines on chat (times UTC):")) << history;
  EXPECT_FALSE(has(history, "line 5.")) << "the oldest five are gone";
  EXPECT_TRUE(has(history, "08:05 Bob: line 6.")) << history;
  EXPECT_TRUE(has(history, "08:24 Ann: line 25.")) << history;
  EXPECT_TRUE(has(history, "08:23 Bob: line 24.")) << history;
  EXPECT_LT(history.find("line 6."), history.find("line 25.")) << "oldest first";
  EXPECT_FALSE(has(ann.port->take(), "line")) << "history is shown to the one who asks only";
}

TEST(Talk, TextIsFilteredLikeSay) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  take_all({ann, bob});
  const std::string rlo = "\xE2\x80\xAE";  // a right-to-left override
  h.line(ann, "chat evil" + rlo + "txet");
  std::string heard = bob.port->take();
  EXPECT_TRUE(has(heard, "[chat] Ann: eviltxet")) << heard;
  h.line(ann, "tell bob sneaky" + rlo + "tell");
  heard = bob.port->take();
  EXPECT_TRUE(has(heard, "Ann tells you: sneakytell")) << heard;
  h.line(ann, "shout loud" + rlo + "er");
  EXPECT_TRUE(has(bob.port->take(), "[shout] Ann: louder"));
  h.line(ann, "chat \xE2\x80\x8B");  // only a zero-width space
  EXPECT_TRUE(has(ann.port->take(), "Chat what?"));
  EXPECT_FALSE(has(bob.port->take(), "[chat]"));
  h.line(ann, "tell bob \xE2\x80\x8B");
  EXPECT_TRUE(has(ann.port->take(), "Tell whom what?"));
}

TEST(Talk, NobodyCanBeFloodedFasterThanTheCommandRate) {
  auto s = dw::testing::fast_settings();
  s.server.max_commands_per_second = 1;
  game_harness h(s);
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  take_all({ann, bob});
  h.services.steady += 2000;  // the bucket refills (connecting spent it: Core.Supports.Set counts too)
  for (int i = 0; i < 20; ++i) {
    h.line(ann, "tell bob spam");
    h.line(ann, "chat spam");
  }
  const std::string heard = bob.port->take();
  std::size_t lines = 0;
  for (std::size_t at = heard.find("spam"); at != std::string::npos; at = heard.find("spam", at + 1)) {
    ++lines;
  }
  EXPECT_GE(lines, 1U);
  EXPECT_LE(lines, 2U) << "the same command rate as say: a burst of at most twice the rate";
  EXPECT_TRUE(has(ann.port->take(), "faster than the game can follow"));
}

TEST(Talk, GmcpListsTheChannelsAtEntryAndCarriesEveryLine) {
  game_harness h;
  auto ann = h.connect();
  ann.port->info.gmcp = true;
  h.line(ann, "create Ann password123");
  bool listed = false;
  for (const std::string& m : ann.port->gmcp) {
    if (m.rfind("Comm.Channel.List ", 0) == 0) {
      listed = true;
      EXPECT_TRUE(has(m, R"({"name":"chat","caption":"Chat","command":"chat"})")) << m;
      EXPECT_TRUE(has(m, R"("name":"tell")")) << m;
    }
  }
  EXPECT_TRUE(listed);
  auto bob = h.connect("");  // a client without GMCP
  bob.port->info.gmcp = false;
  h.line(bob, "create Bob password123");
  EXPECT_TRUE(std::none_of(bob.port->gmcp.begin(), bob.port->gmcp.end(),
                           [](const std::string& m) { return has(m, "Comm.Channel"); }));

  ann.port->gmcp.clear();
  h.line(bob, "chat hi all");
  ASSERT_FALSE(ann.port->gmcp.empty());
  EXPECT_EQ(ann.port->gmcp.back(),
            R"(Comm.Channel.Text {"channel":"chat","talker":"Bob","text":"[chat] Bob: hi all"})");
  h.line(bob, "tell ann psst");
  EXPECT_EQ(ann.port->gmcp.back(), R"(Comm.Channel.Text {"channel":"tell","talker":"Bob","text":"Bob tells you: psst"})");
  h.line(ann, "reply yes?");
  EXPECT_EQ(ann.port->gmcp.back(), R"(Comm.Channel.Text {"channel":"tell","talker":"Ann","text":"You tell Bob: yes?"})");
  h.line(ann, "shout up here");
  EXPECT_EQ(ann.port->gmcp.back(), R"(Comm.Channel.Text {"channel":"shout","talker":"Ann","text":"[shout] Ann: up here"})");
}

TEST(Talk, WhatOnePlayerShowsAnotherCarriesNoHiddenTextNorStackedMarks) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  take_all({ann, bob});
  // "visible end" with "secret" in tag characters, a line separator, a Hangul filler and a soft hyphen.
  std::string hidden = "visible";
  hidden += "\xe2\x80\xa8";      // U+2028
  hidden += "\xe3\x85\xa4";      // U+3164
  hidden += " end\xc2\xad";      // U+00AD
  for (char c : std::string("secret")) {
    hidden += "\xf3\xa0\x80";  // U+E0000 + c (c < 0x40: one continuation byte)
    hidden += static_cast<char>(0x80 | (c & 0x3F));
  }
  for (const std::string verb : {"say ", "chat ", "tell bob ", "emote "}) {
    h.line(ann, verb + hidden);
    const std::string heard = bob.port->take();
    EXPECT_TRUE(has(heard, "visible end")) << verb << heard;
    EXPECT_FALSE(has(heard, "\xf3\xa0\x80")) << verb << "tag characters reached Bob";
    EXPECT_FALSE(has(heard, "\xe2\x80\xa8")) << verb;
  }
  std::string zalgo = "h";
  for (int i = 0; i < 200; ++i) {
    zalgo += "\xcc\x81";  // U+0301
  }
  h.line(ann, "say " + zalgo + "i");
  const std::string heard = bob.port->take();
  EXPECT_TRUE(has(heard, "h\xcc\x81\xcc\x81\xcc\x81i")) << heard;
  EXPECT_FALSE(has(heard, "h\xcc\x81\xcc\x81\xcc\x81\xcc\x81")) << "at most three marks on a letter";
}
