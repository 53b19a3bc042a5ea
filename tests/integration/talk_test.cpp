// Talk channels over real telnet: chat crosses dungeon branches, shout stays in one, GMCP Comm.Channel
// reaches a client that asked for it, and a channel turned off stays off across a restart.
#include <gtest/gtest.h>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {
std::string gmcp_frame(std::string_view package_and_json) {
  return std::string("\xff\xfa\xc9") + std::string(package_and_json) + "\xff\xf0";
}
}  // namespace

TEST(Talk, ChatReachesAFriendInAnotherBranchAndArrivesAsGmcp) {
  server_process server;
  telnet_client ann(server.port());
  ann.expect("quit");  // GMCP has been agreed by now; the client says what it wants before logging in
  ann.send_raw(gmcp_frame(R"(Core.Supports.Set ["Char 1", "Room 1", "Comm.Channel 1"])"));
  ann.send_line("create Ann annpassword");
  ann.expect("Welcome to Deepwell");
  const std::string list = ann.expect_gmcp("Comm.Channel.List");
  EXPECT_NE(list.find(R"({"name":"chat","caption":"Chat","command":"chat"})"), std::string::npos) << list;
  EXPECT_NE(list.find(R"("name":"shout")"), std::string::npos) << list;
  EXPECT_NE(list.find(R"("name":"tell")"), std::string::npos) << list;

  client_options plain;
  plain.gmcp = false;
  telnet_client bob(server.port(), plain);
  bob.create("Bob", "bobpassword");

  ann.send_line("down");
  ann.expect("The Bottom of the Well");
  ann.send_line("east");
  ann.expect("East branch");
  ann.expect("hp] > ");
  bob.send_line("down");
  bob.expect("The Bottom of the Well");
  bob.send_line("west");
  bob.expect("West branch");
  bob.expect("hp] > ");

  bob.send_line("chat hello from the west");
  ann.expect("[chat] Bob: hello from the west");
  const std::string text = ann.expect_gmcp("Comm.Channel.Text");
  EXPECT_EQ(text, R"({"channel":"chat","talker":"Bob","text":"[chat] Bob: hello from the west"})");

  // A shout stays in its branch: Bob hears Ann's chat after it, but never her shout.
  ann.send_line("shout only the east hears this");
  ann.expect("[shout] Ann: only the east hears this");
  ann.send_line("chat marker");
  const std::string bob_heard = bob.expect("[chat] Ann: marker");
  EXPECT_EQ(bob_heard.find("only the east"), std::string::npos) << bob_heard;
  EXPECT_EQ(ann.expect_gmcp("Comm.Channel.Text"),
            R"({"channel":"shout","talker":"Ann","text":"[shout] Ann: only the east hears this"})");
  EXPECT_EQ(ann.expect_gmcp("Comm.Channel.Text"), R"({"channel":"chat","talker":"Ann","text":"[chat] Ann: marker"})");

  bob.send_line("tell an are you deep yet?");
  bob.expect("You tell Ann: are you deep yet?");
  ann.expect("Bob tells you: are you deep yet?");
  const std::string tell = ann.expect_gmcp("Comm.Channel.Text");
  EXPECT_EQ(tell, R"({"channel":"tell","talker":"Bob","text":"Bob tells you: are you deep yet?"})");
  ann.send_line("reply not yet");
  bob.expect("Ann tells you: not yet");
  EXPECT_EQ(ann.expect_gmcp("Comm.Channel.Text"), R"({"channel":"tell","talker":"Ann","text":"You tell Bob: not yet"})");

  bob.send_line("tell Zed anyone?");
  bob.expect("Nobody called Zed is playing.");
}

TEST(Talk, AChannelTurnedOffStaysOffAcrossARestart) {
  server_process server;
  {
    telnet_client cid(server.port());
    cid.create("Cid", "cidpassword");
    cid.send_line("channels off chat");
    cid.expect("Your chat channel is off");
    cid.expect("hp] > ");
    cid.send_line("quit");
    EXPECT_TRUE(cid.wait_closed());
  }
  server.restart();
  telnet_client cid(server.port());
  cid.connect("Cid", "cidpassword");
  cid.send_line("channels");
  const std::string list = cid.expect("hp] > ");
  EXPECT_NE(list.find("chat   off"), std::string::npos) << list;
  EXPECT_NE(list.find("shout  on"), std::string::npos) << list;
  cid.send_line("chat hello?");
  cid.expect("Your chat channel is off");
}
