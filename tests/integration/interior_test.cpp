// Room interiors over telnet: `survey` draws the room (in words in screen-reader mode), `look <part>` sees
// what the room is made of, GMCP Room.Interior carries the tile map, and a restart brings back the same room.
#include <gtest/gtest.h>

#include "tests/integration/dungeon_support.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace dw::testing::dungeon_support;

namespace {

/// The rows of the drawing `survey` printed (indented by two spaces, between the title and the legend).
std::vector<std::string> drawn_rows(const std::string& text) {
  std::vector<std::string> rows;
  bool in_map = false;
  for (const std::string& line : lines_of(text)) {
    if (line.find(" x ") != std::string::npos && line.ends_with("):")) {
      in_map = true;
      continue;
    }
    if (line.starts_with("Legend:")) {
      break;
    }
    if (in_map && line.starts_with("  ")) {
      rows.push_back(line.substr(2));
    }
  }
  return rows;
}

client_options gmcp_client() {
  client_options o = wide_client();
  return o;
}

}  // namespace

TEST(Interior, SurveyDrawsTheRoomWithYouByTheDoorYouCameIn) {
  server_process server;
  telnet_client c(server.port(), gmcp_client());
  enter_well(c, "Sue");
  const room_seen r = show(c, "east");
  ASSERT_TRUE(r.head.has_value()) << r.text;
  c.send_line("survey");
  const std::string text = c.expect(prompt);
  const std::vector<std::string> rows = drawn_rows(text);
  ASSERT_GE(rows.size(), 5U) << text;
  ASSERT_LE(rows.size(), 11U) << text;
  for (const std::string& row : rows) {
    EXPECT_EQ(row.size(), rows.front().size()) << text;
  }
  // Came in from the well, which lies west: standing in the doorway on the west edge.
  bool you_on_west_edge = false;
  for (const std::string& row : rows) {
    you_on_west_edge = you_on_west_edge || row.front() == '@';
  }
  EXPECT_TRUE(you_on_west_edge) << text;
  EXPECT_NE(text.find("Legend: @ you"), std::string::npos) << text;
  EXPECT_NE(text.find("# rock"), std::string::npos) << text;
  // The room's title is the room's name, as `look` shows it.
  EXPECT_NE(text.find(r.head->line.substr(0, r.head->line.find("  ["))), std::string::npos) << text << r.text;
  // (Sue made the first account: an administrator, who can see which script made the room)
  c.send_line("@stat room");
  const std::string stat = c.expect(prompt);
  EXPECT_NE(stat.find("Interior: "), std::string::npos) << stat;
  EXPECT_NE(stat.find(std::to_string(rows.front().size()) + "x" + std::to_string(rows.size())), std::string::npos)
      << stat;
}

TEST(Interior, LookAtPartsOfTheRoomAndRoomInteriorGmcp) {
  server_process server;
  telnet_client c(server.port(), gmcp_client());
  c.create("Lou", "Loupassword");
  c.expect_gmcp("Room.Info");
  c.send_gmcp("Core.Supports.Set", "[\"Room 1\", \"Char 1\"]");
  const room_seen well = show(c, "down");
  ASSERT_NE(well.text.find("Bottom of the Well"), std::string::npos);
  c.send_line("east");
  c.expect(prompt);
  // The interior comes just before the room's Room.Info.
  const std::string interior = c.expect_gmcp("Room.Interior");
  const std::string info = c.expect_gmcp("Room.Info");
  EXPECT_EQ(json_int(interior, "num"), json_int(info, "num")) << interior;
  const auto width = json_int(interior, "width");
  const auto height = json_int(interior, "height");
  ASSERT_TRUE(width && height) << interior;
  EXPECT_GE(*width, 5);
  EXPECT_LE(*width, 21);
  EXPECT_NE(interior.find("\"rows\":[\""), std::string::npos) << interior;
  EXPECT_NE(interior.find("\"w\":[0,"), std::string::npos) << "a door on the west edge, toward the well: " << interior;
  EXPECT_NE(interior.find("\"you\":[0,"), std::string::npos) << interior;

  c.send_line("look walls");
  const std::string walls = c.expect(prompt);
  EXPECT_NE(walls.find(std::to_string(*width) + " by " + std::to_string(*height) + " paces"), std::string::npos)
      << walls;
  c.send_line("look dragon");
  EXPECT_NE(c.expect(prompt).find("You see no 'dragon' here."), std::string::npos);
}

TEST(Interior, ScreenReaderSurveySaysTheRoomInWords) {
  server_process server;
  telnet_client c(server.port(), wide_client());
  enter_well(c, "Ray");
  c.send_line("screenreader on");
  constexpr std::string_view spoken_prompt = "hp: ";  // (the prompt in words)
  c.expect(spoken_prompt);
  c.send_line("east");
  c.expect(spoken_prompt);
  c.send_line("survey");
  const std::string text = c.expect(spoken_prompt);
  EXPECT_NE(text.find("paces across and"), std::string::npos) << text;
  EXPECT_NE(text.find(" of it open floor."), std::string::npos) << text;
  EXPECT_EQ(text.find("percent"), std::string::npos) << "shares read as words (\"about a third of it\"): " << text;
  EXPECT_NE(text.find("Doors: "), std::string::npos) << text;
  EXPECT_NE(text.find("west"), std::string::npos) << text;
  // (by the door toward the well: on the west edge, whichever third of it)
  EXPECT_TRUE(text.find("You stand by the west wall") != std::string::npos ||
              text.find("You stand in the north-west corner") != std::string::npos ||
              text.find("You stand in the south-west corner") != std::string::npos)
      << text;
  EXPECT_EQ(text.find('#'), std::string::npos) << "no drawing for a screen reader: " << text;
}

TEST(Interior, SurveyAboveTheDungeonSaysWhy) {
  server_process server;
  telnet_client c(server.port(), wide_client());
  c.create("Vic", "Vicpassword");
  c.send_line("survey");
  EXPECT_NE(c.expect(prompt).find("Try it below, in the dungeon."), std::string::npos);
}

TEST(Interior, ARestartBringsBackTheSameRoom) {
  // Only the branch's seed is stored: the interior is made again, identically, after a restart.
  server_process server;
  std::string look_before;
  std::string interior_before;
  {
    telnet_client c(server.port(), wide_client());
    c.create("Uma", "Umapassword");
    c.send_gmcp("Core.Supports.Set", "[\"Room 1\"]");
    c.send_line("down");
    c.expect(prompt);
    c.send_line("east");
    c.expect(prompt);
    c.expect_gmcp("Room.Interior");
    const room_seen r = show(c, "look");
    look_before = r.text.substr(0, r.text.find("Exits: "));
    const std::string json = c.expect_gmcp("Room.Interior");
    interior_before = json.substr(0, json.find("\"things\""));
    c.send_line("quit");
    ASSERT_TRUE(c.wait_closed());
  }
  EXPECT_EQ(server.stop(), 0);
  server.start();
  telnet_client c(server.port(), wide_client());
  c.connect("Uma", "Umapassword");
  c.send_gmcp("Core.Supports.Set", "[\"Room 1\"]");
  const room_seen r = show(c, "look");
  EXPECT_EQ(r.text.substr(0, r.text.find("Exits: ")), look_before);
  const std::string json = c.expect_gmcp("Room.Interior");
  EXPECT_EQ(json.substr(0, json.find("\"things\"")), interior_before);
}
