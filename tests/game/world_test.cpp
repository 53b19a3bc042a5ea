#include <gtest/gtest.h>

#include "server/game/commands/dispatcher.hpp"

#include "server/store/accounts.hpp"
#include "server/store/audit.hpp"
#include "server/store/stored_settings.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;

TEST(WorldLogin, CreateAnnouncesOnlyAfterThePersistedAccount) {
  game_harness h;
  auto p = h.connect();
  h.world.on_line(p.id, "create Ann password123");
  // Hashing done, account not yet committed: nothing announced yet.
  EXPECT_EQ(p.port->take().find("Welcome"), std::string::npos);
  h.services.drain();
  const std::string out = p.port->take();
  EXPECT_NE(out.find("Welcome to Deepwell, Ann"), std::string::npos) << out;
  EXPECT_TRUE(dw::store::accounts::find_by_name(h.services.db(), "ann").has_value());
}

TEST(WorldLogin, PasswordIsStoredAsArgon2idHashOnly) {
  game_harness h;
  h.create("Bea", "secretpassword");
  const auto account = dw::store::accounts::find_by_name(h.services.db(), "Bea");
  ASSERT_TRUE(account);
  EXPECT_EQ(account->password_hash.rfind("$argon2id$", 0), 0U) << account->password_hash;
  EXPECT_EQ(account->password_hash.find("secretpassword"), std::string::npos);
}

TEST(WorldLogin, StepByStepHidesThePassword) {
  game_harness h;
  auto p = h.connect();
  h.line(p, "connect");
  EXPECT_NE(p.port->take().find("Name: "), std::string::npos);
  h.line(p, "Cid");
  EXPECT_TRUE(p.port->hidden);
  h.line(p, "whatever123");
  EXPECT_FALSE(p.port->hidden);
  EXPECT_NE(p.port->take().find("Wrong name or password."), std::string::npos);
}

TEST(WorldCommands, SayReachesOthersInTheRoomOnly) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  auto cat = h.create("Cat");
  h.line(cat, "down");
  ann.port->take();
  bob.port->take();
  cat.port->take();
  h.line(ann, "say hello");
  EXPECT_NE(ann.port->take().find("You say, 'hello'"), std::string::npos);
  EXPECT_NE(bob.port->take().find("Ann says, 'hello'"), std::string::npos);
  EXPECT_EQ(cat.port->take().find("hello"), std::string::npos);
}

TEST(WorldCommands, UnknownAndAmbiguousWordsAreOrdinaryAnswers) {
  game_harness h;
  auto p = h.create("Dee");
  h.line(p, "frobnicate");
  EXPECT_NE(p.port->take().find("Unknown command 'frobnicate'. Type 'help'."), std::string::npos);
  h.line(p, "h");
  EXPECT_NE(p.port->take().find("Commands"), std::string::npos);
}

TEST(WorldCommands, AnUnknownWordOffersTheCommandsItIsASlipFrom) {
  game_harness h;
  auto ann = h.create("Ann");  // the first account: an administrator
  auto p = h.create("Dee");
  h.line(p, "lok");
  EXPECT_TRUE(p.port->take().starts_with("Unknown command 'lok'. Did you mean 'look'? Type 'help' for the list.\n"));
  h.line(p, "inventroy");
  EXPECT_TRUE(p.port->take().starts_with("Unknown command 'inventroy'. Did you mean 'inventory'?"));
  h.line(p, "@stt");
  EXPECT_TRUE(p.port->take().starts_with("Unknown command '@stt'. Type 'help'."))
      << "a player is never offered what only administrators may use";
  ann.port->take();
  h.line(ann, "@stt");
  const std::string staff = ann.port->take();
  EXPECT_TRUE(staff.starts_with("Unknown command '@stt'. Did you mean 'stat'?")) << staff;
}

TEST(WorldCommands, EveryOutputEndsWithAPromptAndMarker) {
  game_harness h;
  auto p = h.create("Eve");
  const int marks = p.port->prompt_marks;
  h.line(p, "look");
  const std::string out = p.port->take();
  EXPECT_NE(out.rfind("[40/40 hp] > "), std::string::npos);
  EXPECT_EQ(p.port->prompt_marks, marks + 1);
}

TEST(WorldTimers, IdleConnectionsAreWarnedThenDisconnected) {
  auto s = dw::testing::fast_settings();
  s.server.idle_timeout_seconds = 600;
  game_harness h(s);
  auto p = h.create("Fay");
  h.services.clock += 500;
  h.world.tick();
  EXPECT_NE(p.port->take().find("You have been idle"), std::string::npos);
  EXPECT_FALSE(p.port->closed);
  h.services.clock += 100;
  h.world.tick();
  EXPECT_TRUE(p.port->closed);
  EXPECT_NE(p.port->take().find("idle too long"), std::string::npos);
}

TEST(WorldCommands, CommandFloodIsRefusedWithAMessage) {
  auto s = dw::testing::fast_settings();
  s.server.max_commands_per_second = 1;
  game_harness h(s);
  auto p = h.create("Gus");
  for (int i = 0; i < 10; ++i) {
    h.line(p, "look");
  }
  EXPECT_NE(p.port->take().find("faster than the game can follow"), std::string::npos);
}

TEST(WorldCommands, GmcpFromTheClientCountsAgainstTheSameCommandRate) {
  // (issue 25: 20,000 Char.Items.Inv in one burst were all answered)
  auto s = dw::testing::fast_settings();
  s.server.max_commands_per_second = 2;  // bursts of 4
  game_harness h(s);
  auto p = h.create("Gus");
  h.services.steady += 2000;  // a full bucket again
  p.port->gmcp.clear();
  for (int i = 0; i < 100; ++i) {
    h.world.on_gmcp(p.id, "Char.Items.Inv", "");
    h.services.drain();
  }
  std::size_t lists = 0;
  for (const std::string& m : p.port->gmcp) {
    lists += m.rfind("Char.Items.List ", 0) == 0;
  }
  EXPECT_EQ(lists, 4U) << "a burst of twice the rate, the rest dropped";
  const std::string said = p.port->take();
  EXPECT_NE(said.find("faster than the game can follow"), std::string::npos) << said;
  h.line(p, "look");
  EXPECT_EQ(p.port->take().find("The Village Square"), std::string::npos) << "typed lines share the bucket";
  h.services.steady += 1000;
  h.line(p, "look");
  EXPECT_NE(p.port->take().find("The Village Square"), std::string::npos);
}

TEST(WorldCommands, WrapsToTheClientWidth) {
  game_harness h;
  auto p = h.create("Hal");
  p.port->info.width = 30;
  h.line(p, "look");
  const std::string out = p.port->take();
  std::size_t start = 0;
  while (start < out.size()) {
    const std::size_t nl = out.find('\n', start);
    const std::size_t end = nl == std::string::npos ? out.size() : nl;
    EXPECT_LE(end - start, 30U) << out.substr(start, end - start);
    start = end + 1;
  }
}

TEST(Administration, AddressPatterns) {
  using dw::game::administration;
  EXPECT_TRUE(administration::address_matches("10.1.*", "10.1.2.3"));
  EXPECT_FALSE(administration::address_matches("10.1.*", "10.10.2.3"));
  EXPECT_TRUE(administration::address_matches("192.0.2.1", "192.0.2.1"));
}

TEST(Dispatcher, AVerbRememberedForAnAdministratorIsStillUnknownToAPlayer) {
  game_harness h;
  auto ann = h.create("Ann");  // the first account: an administrator
  auto bob = h.create("Bob");
  h.line(ann, "@wall hello all");  // found, and remembered for Ann's role
  EXPECT_NE(bob.port->take().find("[Announcement from Ann] hello all"), std::string::npos);
  h.line(bob, "@wall hi");
  EXPECT_NE(bob.port->take().find("Unknown command '@wall'. Type 'help'."), std::string::npos);
  h.line(ann, "@wall again");  // and for Ann it still is what it was
  EXPECT_NE(bob.port->take().find("[Announcement from Ann] again"), std::string::npos);
}

TEST(Dispatcher, TimesEachCommandInTheFamilyOfItsSetAndUnknownVerbsApart) {
  game_harness h;
  auto ann = h.create("Ann");
  const auto count_of = [&h](std::string_view family) -> std::uint64_t {
    for (const auto& t : h.world.commands().timings()) {
      if (t.family == family) {
        return t.took.count();
      }
    }
    ADD_FAILURE() << "no family " << family;
    return 0;
  };
  const std::uint64_t looks = count_of("items");
  h.line(ann, "look");
  h.line(ann, "l");
  h.line(ann, "say hello");
  h.line(ann, "down");
  h.line(ann, "xyzzy");
  h.line(ann, "");  // an empty line is no command
  EXPECT_EQ(count_of("items"), looks + 2);
  EXPECT_EQ(count_of("basic"), 1u);
  EXPECT_EQ(count_of("movement"), 1u);
  EXPECT_EQ(count_of("unknown"), 1u);
  EXPECT_EQ(count_of("admin"), 0u);
  std::vector<std::string> names;
  for (const auto& t : h.world.commands().timings()) {
    names.emplace_back(t.family);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"other", "basic", "help", "movement", "items", "economy", "bounties",
                                             "fights", "puzzles", "talk", "groups", "settings", "moderation", "admin",
                                             "unknown"}));
}

TEST(Administration, AdminCommandsAreAuditedAndUnknownToPlayers) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(bob, "@wall hi");
  EXPECT_NE(bob.port->take().find("Unknown command '@wall'. Type 'help'."), std::string::npos);
  h.line(ann, "@wall hello all");
  EXPECT_NE(bob.port->take().find("[Announcement from Ann] hello all"), std::string::npos);
  const auto rows = dw::store::audit::last(h.services.db(), 10);
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows.back().actor, "Ann");
  EXPECT_EQ(rows.back().action, "@wall hello all");
}

TEST(Administration, BannedAddressIsRefusedAtConnect) {
  game_harness h;
  auto ann = h.create_from("198.51.100.7", "Ann");
  h.line(ann, "@ban 192.0.2.* 1h testing confirm");  // the other fake connections come from 192.0.2.1
  auto other = h.connect();
  EXPECT_NE(other.port->take().find("Your address is banned"), std::string::npos);
  EXPECT_TRUE(other.port->closed);
  EXPECT_FALSE(ann.port->closed) << "the administrator who banned is not thrown out";
  h.line(ann, "@unban 192.0.2.*");
  auto again = h.connect();
  EXPECT_FALSE(again.port->closed);
}

TEST(Administration, LiveConfigIsValidatedAndSaved) {
  game_harness h;
  auto ann = h.create("Ann");
  h.line(ann, "@config max_unexplored_exits 2");
  EXPECT_NE(ann.port->take().find("dungeon.max_unexplored_exits = 2 (saved"), std::string::npos);
  EXPECT_EQ(h.world.settings().dungeon.max_unexplored_exits, 2);
  EXPECT_EQ(h.world.where().dungeon().settings().max_unexplored_exits, 2U);
  EXPECT_EQ(dw::store::settings::get(h.services.db(), "config.dungeon.max_unexplored_exits"), "2");
  h.line(ann, "@config max_unexplored_exits 0");
  EXPECT_NE(ann.port->take().find("dungeon.max_unexplored_exits: must be between 1 and 64"), std::string::npos);
  h.line(ann, "@config server.port 5");
  EXPECT_NE(ann.port->take().find("can only be changed in the config file"), std::string::npos);
}

TEST(Administration, CountdownShutdownWarnsThenStops) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(ann, "@shutdown 65 maintenance");
  EXPECT_NE(bob.port->take().find("shut down in 65 seconds: maintenance"), std::string::npos);
  h.services.clock += 6;
  h.world.tick();
  EXPECT_NE(bob.port->take().find("in 59 seconds"), std::string::npos) << "the one-minute warning";
  h.services.clock += 20;
  h.world.tick();
  EXPECT_EQ(bob.port->take().find("shut down"), std::string::npos) << "no warning between the marks";
  h.services.clock += 40;
  h.world.tick();
  EXPECT_TRUE(h.services.stopped);
}
