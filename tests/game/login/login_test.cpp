// The login conversation's answers: what they give away, and the ways out of it.
#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;

using dw::testing::has;

TEST(LoginAnswers, AWrongNameAndAWrongPasswordGetTheSameAnswer) {
  game_harness h;
  h.create("Ann");
  auto p = h.connect();
  p.port->take();
  h.line(p, "connect Ann wrongpassword");
  const std::string wrong_password = p.port->take();
  h.services.steady += 60'000;  // past the failed-login delay
  h.line(p, "connect Nobody wrongpassword");
  const std::string wrong_name = p.port->take();
  EXPECT_TRUE(has(wrong_password, "Wrong name or password.")) << wrong_password;
  EXPECT_EQ(wrong_name, wrong_password);
}

TEST(LoginAnswers, QuitAtTheNamePromptLeaves) {
  game_harness h;
  auto p = h.connect();
  h.line(p, "connect");
  h.line(p, "quit");
  EXPECT_TRUE(has(p.port->take(), "Goodbye."));
  EXPECT_TRUE(p.port->closed);
}

TEST(LoginAnswers, QuitAtThePasswordPromptsLeaves) {
  game_harness h;
  h.create("Ann");
  auto p = h.connect();
  h.line(p, "connect Ann");
  EXPECT_TRUE(p.port->hidden);
  h.line(p, "quit");
  EXPECT_TRUE(has(p.port->take(), "Goodbye."));
  EXPECT_TRUE(p.port->closed);
  EXPECT_FALSE(p.port->hidden) << "the echo is given back";
  auto q = h.connect();
  h.line(q, "create");
  h.line(q, "Newcomer");
  EXPECT_TRUE(q.port->hidden);
  h.line(q, "QUIT");
  EXPECT_TRUE(q.port->closed);
  EXPECT_FALSE(dw::store::accounts::find_by_name(h.services.db(), "Newcomer").has_value());
}

TEST(LoginAnswers, StepByStepCreateOfATakenNameRefusesBeforeThePassword) {
  game_harness h;
  h.create("Ann");
  auto p = h.connect();
  h.line(p, "create");
  h.line(p, "ann");
  std::string out = p.port->take();
  EXPECT_TRUE(has(out, "The name Ann is already taken; choose another.")) << out;
  EXPECT_FALSE(p.port->hidden) << "no password is asked for";
  EXPECT_FALSE(has(out, "Password:")) << out;
  h.line(p, "create Ann");
  out = p.port->take();
  EXPECT_TRUE(has(out, "The name Ann is already taken")) << out;
  // A free name goes on to the password.
  h.line(p, "create Bea");
  EXPECT_TRUE(p.port->hidden);
  h.line(p, "password123");
  h.line(p, "password123");
  EXPECT_TRUE(has(p.port->take(), "Welcome to Deepwell, Bea."));
}

// Login keeps what a connection typed during `create` or `connect` in a table of its own, by connection
// id (issue 29: not in the shared connection): one entry while the conversation is under way, none at the
// menu, in play, or once the connection has gone.
TEST(LoginConversations, AnEntryLastsFromCreateOrConnectUntilPlayMenuOrDeparture) {
  game_harness h;
  h.create("Ann");
  const auto& login = h.world.logins();
  auto p = h.connect();
  EXPECT_EQ(login.conversations(), 0U) << "a connection at the menu has nothing typed yet";
  h.line(p, "connect Ann");
  EXPECT_TRUE(login.in_conversation(p.id)) << "the name is kept while the password is asked";
  h.line(p, "password123");
  EXPECT_TRUE(has(p.port->take(), "Welcome back, Ann.")) << "the name kept was the one typed";
  EXPECT_FALSE(login.in_conversation(p.id)) << "nothing of the conversation is kept in play";

  auto q = h.connect();
  h.line(q, "create");
  EXPECT_TRUE(login.in_conversation(q.id)) << "creating, asked for a name";
  h.line(q, "");  // an empty name: back to the menu
  EXPECT_FALSE(login.in_conversation(q.id)) << "back at the menu, the name typed is forgotten";
  h.line(q, "create Newcomer");
  h.line(q, "secret123");
  EXPECT_TRUE(login.in_conversation(q.id)) << "the first password waits for the second";
  h.disconnect(q);
  EXPECT_FALSE(login.in_conversation(q.id)) << "a connection that left leaves no entry behind";
  EXPECT_EQ(login.conversations(), 0U);
}
