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
