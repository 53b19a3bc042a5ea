#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
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
  EXPECT_NE(p.port->take().find("There is no character called Cid"), std::string::npos);
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
