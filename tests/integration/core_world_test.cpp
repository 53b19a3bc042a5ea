// Two players in the static rooms: chat, emotes, movement seen by others, commands and help.
#include <gtest/gtest.h>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;

TEST(World, PlayersSeeEachOthersSayEmoteAndMovement) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  ann.expect("Bob appears.");

  bob.send_line("say Hello, Ann!");
  bob.expect("You say, 'Hello, Ann!'");
  ann.expect("Bob says, 'Hello, Ann!'");
  ann.send_line("'Hi Bob.");
  bob.expect("Ann says, 'Hi Bob.'");
  ann.send_line(":waves.");
  bob.expect("Ann waves.");
  bob.send_line("emote grins.");
  ann.expect("Bob grins.");

  bob.send_line("down");
  bob.expect("The Bottom of the Well");
  ann.expect("Bob climbs down the ladder.");
  ann.send_line("d");
  ann.expect("Here: Bob");
  bob.expect("Ann arrives from above.");
  bob.send_line("go up");
  bob.expect("The Village Square");
  ann.expect("Bob climbs up the ladder.");
}

TEST(World, CommandsAbbreviateAndUnknownWordsAreExplained) {
  server_process server;
  telnet_client c(server.port());
  telnet_client first(server.port());
  first.create("Adam", "adampassword");  // the first account is the administrator; Cleo is a player
  c.create("Cleo", "cleopassword");
  c.send_line("xyzzy");
  c.expect("Unknown command 'xyzzy'. Type 'help'.");
  c.send_line("l");
  c.expect("The Village Square");
  c.expect("hp] > ");
  c.send_line("loo");
  c.expect("The Village Square");
  c.expect("hp] > ");
  c.send_line("pager off");  // (the whole list at once: it is longer than the window)
  c.expect("The pager is now off");
  c.expect("hp] > ");
  c.send_line("help");
  const std::string help = c.expect("hp] > ");
  for (const char* cmd : {"look", "north", "say", "emote", "who", "help", "quit"}) {
    EXPECT_NE(help.find(cmd), std::string::npos) << cmd << " missing from help:\n" << help;
  }
  c.send_line("help say");
  c.expect("Everyone in the room hears it.");
  c.send_line("north");
  c.expect("You cannot go north from here.");
  c.send_line("@shutdown");
  c.expect("Unknown command '@shutdown'.");
}

TEST(World, PromptsAreMarkedWithEndOfRecord) {
  server_process server;
  telnet_client c(server.port());
  c.create("Dana", "danapassword");
  const int before = c.prompt_marks();
  c.send_line("look");
  c.expect("hp] > ");
  // The mark follows the prompt in the same write; wait for it with a deadline.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (c.prompt_marks() <= before && std::chrono::steady_clock::now() < deadline) {
    c.expect_command(0, 0, std::chrono::milliseconds(50));
  }
  EXPECT_GT(c.prompt_marks(), before);
}

TEST(World, GmcpRoomInfoArrivesOnEveryMove) {
  server_process server;
  telnet_client c(server.port());
  c.create("Eli", "elipassword");
  const std::string name = c.expect_gmcp("Char.Name");
  EXPECT_NE(name.find("\"Eli\""), std::string::npos) << name;
  const std::string square = c.expect_gmcp("Room.Info");
  EXPECT_NE(square.find("\"coords\":null"), std::string::npos) << square;
  c.send_line("down");
  const std::string well = c.expect_gmcp("Room.Info");
  EXPECT_NE(well.find("\"num\":2"), std::string::npos) << well;
  EXPECT_NE(well.find("\"coords\":[0,0]"), std::string::npos) << well;
  EXPECT_NE(well.find("\"u\":1"), std::string::npos) << well;
  EXPECT_NE(well.find("\"depth\":0"), std::string::npos) << well;
  // Core.Ping is answered with Core.Ping.
  c.send_raw(std::string("\xff\xfa\xc9") + "Core.Ping" + "\xff\xf0");
  c.expect_gmcp("Core.Ping");
}
