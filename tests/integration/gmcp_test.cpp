// GMCP over real telnet: only the packages a client enabled with Core.Supports reach it, and what a client
// sends is held to the command rate.
#include <gtest/gtest.h>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

/// Sends Core.Ping and waits for its answer: everything the server sent before has arrived by then.
void sync(telnet_client& c) {
  c.send_gmcp("Core.Ping", "");
  c.expect_gmcp("Core.Ping");
}

}  // namespace

TEST(Gmcp, AClientGetsOnlyThePackagesItListed) {
  server_process server;
  client_options char_and_room;
  char_and_room.gmcp_supports = {"Char 1", "Room 1"};
  telnet_client ann(server.port(), char_and_room);
  ann.create("Ann", "annpassword");
  const std::string vitals = ann.expect_gmcp("Char.Vitals");
  EXPECT_NE(vitals.find("\"hp\":"), std::string::npos) << vitals;
  EXPECT_EQ(vitals.find("\"hp\":\""), std::string::npos) << "numbers, not strings: " << vitals;
  ann.send_line("down");
  const std::string well = ann.expect_gmcp("Room.Info");
  EXPECT_NE(well.find("\"environment\":\"Well\""), std::string::npos) << well;

  // Bob says something in Ann's room and on the way in is announced: whatever a channel or another
  // package would send, Ann enabled only Char and Room (and Core is always answered).
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  bob.send_line("down");
  ann.expect("Bob arrives from above.");
  bob.send_line("say hello");
  ann.expect("Bob says, 'hello'");
  sync(ann);
  for (const auto& m : ann.all_gmcp()) {
    const bool allowed = m.package.rfind("Char.", 0) == 0 || m.package.rfind("Room.", 0) == 0 ||
                         m.package.rfind("Core.", 0) == 0;
    EXPECT_TRUE(allowed) << m.package << " " << m.json;
    EXPECT_NE(m.package.rfind("Comm.Channel", 0), 0U) << m.package;
  }
}

TEST(Gmcp, AClientThatSentNoSupportsGetsOnlyCoreAnswers) {
  server_process server;
  client_options silent;
  silent.gmcp_supports = {};  // agrees GMCP and says hello, but lists nothing
  telnet_client c(server.port(), silent);
  c.create("Cleo", "cleopassword");
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.expect_prompt();
  sync(c);
  ASSERT_FALSE(c.all_gmcp().empty());
  for (const auto& m : c.all_gmcp()) {
    EXPECT_EQ(m.package.rfind("Core.", 0), 0U) << m.package << " " << m.json;
  }
  // Enabling Room later brings Room.Info from the next room on.
  c.send_gmcp("Core.Supports.Add", R"(["Room 1"])");
  c.send_line("up");
  const std::string square = c.expect_gmcp("Room.Info");
  EXPECT_NE(square.find("\"num\":1"), std::string::npos) << square;
}

TEST(Gmcp, ALongSupportsSetOverTelnetIsRead) {
  // Mudlet's first Core.Supports.Set can run to kilobytes: a list of nearly 8 KiB (the codec's limit is 8192 bytes) whose Room module comes
  // first is read whole (the subnegotiation is not cut off), and Room.Info follows.
  server_process server;
  client_options many;
  many.gmcp_supports = {"Room 1"};
  std::size_t bytes = 0;
  for (int i = 0; bytes < 7800; ++i) {
    many.gmcp_supports.push_back("Vendor.Module" + std::to_string(i) + ".WithALongName 1");
    bytes += many.gmcp_supports.back().size() + 4;  // quotes, comma, space
  }
  telnet_client c(server.port(), many);
  c.create("Dora", "dorapassword");
  const std::string info = c.expect_gmcp("Room.Info");
  EXPECT_NE(info.find("\"num\":1"), std::string::npos) << info;
}

TEST(Gmcp, AFloodOfGmcpIsCutAtTheCommandRateLikeTypedLines) {
  // (issue 25: 20,000 Char.Items.Inv in one burst were all answered)
  server_process server;  // server.max_commands_per_second = 20: bursts of 40
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  sync(ann);
  const auto lists = [&] {
    std::size_t n = 0;
    for (const auto& m : ann.all_gmcp()) {
      n += m.package == "Char.Items.List";
    }
    return n;
  };
  const std::size_t before = lists();
  std::string burst;
  for (int i = 0; i < 2000; ++i) {
    burst += std::string("\xff\xfa\xc9", 3) + "Char.Items.Inv" + std::string("\xff\xf0", 2);
  }
  const auto start = std::chrono::steady_clock::now();
  ann.send_raw(burst);
  ann.expect("You are typing faster than the game can follow");
  // The flood is over once a ping is answered again (the bucket refills at 20 a second).
  bool answered = false;
  for (int attempt = 0; attempt < 40 && !answered; ++attempt) {
    ann.send_gmcp("Core.Ping", "");
    try {
      ann.expect_gmcp("Core.Ping", std::chrono::milliseconds(500));
      answered = true;
    } catch (const std::runtime_error&) {
    }
  }
  ASSERT_TRUE(answered) << "the connection should recover once the flood stops";
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::size_t answered_lists = lists() - before;
  EXPECT_GE(answered_lists, 30U) << "a burst of twice the rate is allowed";
  EXPECT_LE(answered_lists, static_cast<std::size_t>(40 + 20 * seconds + 5)) << "over " << seconds << " s";
  EXPECT_TRUE(server.wait_file_log("is sending commands too fast; dropping them"));
  ann.send_line("look");
  ann.expect("The Village Square");
}
