// Travelling together over real telnet: Bob joins Ann's group and follows her down the well into the
// branch room she opens, though with no team-up window a newcomer opens a branch of his own; GMCP Group
// and gtell reach a real client.
#include "tests/integration/dungeon_support.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace dw::testing::dungeon_support;

namespace {

client_options with_group_gmcp() {
  client_options o = wide_client();
  o.gmcp_supports.push_back("Group 1");
  return o;
}

}  // namespace

TEST(Groups, AFollowerGoesDownTheWellIntoTheNewBranchRoomItsLeaderOpened) {
  server_process server("[dungeon]\nbranch_join_seconds = 0\n");  // a newcomer never joins a branch
  telnet_client ann(server.port(), with_group_gmcp());
  telnet_client bob(server.port(), with_group_gmcp());
  ann.create("Ann", "annpassword");
  bob.create("Bob", "bobpassword");
  ann.expect_gmcp("Room.Info");  // the village square
  bob.expect_gmcp("Room.Info");

  ann.send_line("group invite bob");
  ann.expect("You invite Bob to join your group.");
  bob.expect("Ann invites you to join a group led by Ann.");
  bob.send_line("group accept");
  bob.expect("You join Ann's group, and follow Ann");
  ann.expect("Bob joins the group.");
  ann.expect(prompt);
  const std::string group = ann.expect_gmcp("Group");
  EXPECT_NE(group.find(R"("leader":"Ann")"), std::string::npos) << group;
  EXPECT_NE(group.find(R"({"name":"Bob","hp":40,"maxhp":40,"leader":false})"), std::string::npos) << group;
  EXPECT_EQ(bob.expect_gmcp("Group"), group);

  const room_seen well = show(ann, "down");
  ASSERT_NE(well.text.find("The Bottom of the Well"), std::string::npos) << well.text;
  bob.expect("You follow Ann down.");
  bob.expect("The Bottom of the Well");
  EXPECT_EQ(json_int(bob.expect_gmcp("Room.Info"), "num"), well.num);

  const room_seen opened = show(ann, "east");
  EXPECT_NE(opened.text.find("a new way opens into the dark: East branch 1."), std::string::npos) << opened.text;
  bob.expect("You follow Ann east.");
  const std::string followed = bob.expect("hp] > ");
  EXPECT_NE(followed.find("You follow your companions into East branch 1."), std::string::npos) << followed;
  EXPECT_NE(followed.find("Here: Ann."), std::string::npos) << followed;
  EXPECT_EQ(json_int(bob.expect_gmcp("Room.Info"), "num"), opened.num) << "the room Ann opened";
  // (one event: Ann's step and Bob's after it, so Ann is told of him before her prompt)
  EXPECT_NE(opened.text.find("Bob arrives from the west."), std::string::npos) << opened.text;

  bob.send_line("gtell right behind you");
  ann.expect("[group] Bob: right behind you");

  // Cid, following nobody, walks the same passage and opens a branch of his own.
  telnet_client cid(server.port(), wide_client());
  enter_well(cid, "Cid");
  const room_seen alone = show(cid, "east");
  EXPECT_NE(alone.text.find("East branch 2"), std::string::npos) << alone.text;
  EXPECT_NE(alone.num, opened.num);
}
