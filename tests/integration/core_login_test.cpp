// The login screen over a real socket: create/connect, step by step with echo off, refusals, take-over.
#include <gtest/gtest.h>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {
constexpr std::uint8_t WILL = 251, WONT = 252, ECHO = 1;
}

TEST(Login, CreateOnOneLineMakesTheFirstAccountAdministrator) {
  server_process server;
  telnet_client ann(server.port());
  ann.expect("create <name> <password>");
  ann.send_line("create Ann correcthorse");
  const std::string reply = ann.expect("hp] > ");
  EXPECT_NE(reply.find("is its administrator"), std::string::npos) << reply;
  EXPECT_NE(reply.find("The Village Square"), std::string::npos) << reply;

  telnet_client bob(server.port());
  bob.create("Bob", "batterystaple");
  bob.send_line("who");
  const std::string who = bob.expect("players.");
  EXPECT_NE(who.find("Ann (admin)"), std::string::npos) << who;
  EXPECT_NE(who.find("Bob"), std::string::npos) << who;
  EXPECT_EQ(who.find("Bob ("), std::string::npos) << "later accounts are plain players: " << who;
}

TEST(Login, StepByStepAsksNameAndPasswordWithEchoOff) {
  server_process server;
  telnet_client c(server.port());
  c.expect("quit");
  c.send_line("create");
  c.expect("Name: ");
  c.send_line("Cora");
  c.expect("Password: ");
  ASSERT_TRUE(c.expect_command(WILL, ECHO)) << "the server must take over echo while the password is typed";
  c.send_line("longenoughpw");
  c.expect("Password again: ");
  c.send_line("longenoughpw");
  ASSERT_TRUE(c.expect_command(WONT, ECHO)) << "echo must come back after the password";
  c.expect("Welcome to Deepwell, Cora");
  c.send_line("quit");
  ASSERT_TRUE(c.wait_closed());

  telnet_client again(server.port());
  again.expect("quit");
  again.send_line("connect");
  again.expect("Name: ");
  again.send_line("cora");
  again.expect("Password: ");
  ASSERT_TRUE(again.expect_command(WILL, ECHO));
  again.send_line("longenoughpw");
  again.expect("Welcome back, Cora");
}

TEST(Login, WrongPasswordGetsOneClearMessageAndIsLogged) {
  server_process server;
  telnet_client a(server.port());
  a.create("Dora", "rightpassword");
  telnet_client b(server.port());
  b.expect("quit");
  b.send_line("connect Dora wrongpassword");
  b.expect("Wrong name or password.");
  b.send_line("connect Dora wrongpassword");
  b.expect("Wrong name or password.");
  EXPECT_TRUE(server.wait_log("failed login: wrong password for 'Dora'"));
  b.send_line("connect Nobodyhere whatever12");
  b.expect("Wrong name or password.");
}

TEST(Login, NamesAndPasswordsAreChecked) {
  server_process server;
  telnet_client c(server.port());
  c.expect("quit");
  c.send_line("create Al longpassword");
  c.expect("3 to 20 letters");
  c.send_line("create R2D2 longpassword");
  c.expect("only letters");
  c.send_line("create Admin longpassword");
  c.expect("reserved");
  c.send_line("create Evan short");
  c.expect("at least 8 characters");
  c.send_line("create Evan longpassword");
  c.expect("Welcome to Deepwell, Evan");
  telnet_client d(server.port());
  d.expect("quit");
  d.send_line("create EVAN otherpassword");
  d.expect("already taken");
}

TEST(Login, WhoWorksBeforeLoginAndQuitLeaves) {
  server_process server;
  telnet_client a(server.port());
  a.create("Finn", "finnpassword");
  telnet_client b(server.port());
  b.expect("quit");
  b.send_line("who");
  b.expect("Finn");
  b.send_line("quit");
  EXPECT_TRUE(b.wait_closed());
}

TEST(Login, ConnectingAgainTakesOverTheOldConnection) {
  server_process server;
  telnet_client first(server.port());
  first.create("Gwen", "gwenpassword");
  first.send_line("down");
  first.expect("The Bottom of the Well");
  telnet_client second(server.port());
  second.connect("Gwen", "gwenpassword");
  first.expect("Someone has connected to your character from elsewhere");
  EXPECT_TRUE(first.wait_closed());
  second.send_line("look");
  second.expect("The Bottom of the Well");
  second.send_line("who");
  const std::string who = second.expect("player.");
  EXPECT_NE(who.find("1 player."), std::string::npos) << who;
}
