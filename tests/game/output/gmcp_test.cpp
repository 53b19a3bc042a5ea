// GMCP: which packages a client's Core.Supports list enables (the one filter in output::send_gmcp), and the
// messages the game sends through it: Char.Vitals, Char.Status, Char.Items.*, Room.Info.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>

#include "server/game/output/gmcp_parse.hpp"
#include "tests/game/game_harness.hpp"
#include "tests/support/content_seeds.hpp"

using dw::game::apply_gmcp_supports;
using dw::game::gmcp_enabled;
using dw::testing::game_harness;
namespace json = boost::json;

namespace {

std::vector<std::string> supports_of(std::string_view list) {
  std::vector<std::string> s;
  EXPECT_TRUE(apply_gmcp_supports(s, "Core.Supports.Set", list));
  return s;
}

/// The messages of `package` a port received, as parsed JSON, in order.
std::vector<json::value> messages(const dw::testing::fake_port& port, std::string_view package) {
  std::vector<json::value> out;
  const std::string prefix = std::string(package) + " ";
  for (const std::string& g : port.gmcp) {
    if (g.rfind(prefix, 0) == 0) {
      out.push_back(json::parse(g.substr(prefix.size())));
    }
  }
  return out;
}

std::size_t count_prefix(const dw::testing::fake_port& port, std::string_view prefix) {
  std::size_t n = 0;
  for (const std::string& g : port.gmcp) {
    n += g.rfind(prefix, 0) == 0 ? 1 : 0;
  }
  return n;
}

}  // namespace

// ---------------------------------------------------------------- the filter

TEST(GmcpFilter, CoreIsAlwaysAllowedAndNothingElseWithoutSupports) {
  const std::vector<std::string> none;
  EXPECT_TRUE(gmcp_enabled(none, "Core.Ping"));
  EXPECT_TRUE(gmcp_enabled(none, "Core.Goodbye"));
  EXPECT_FALSE(gmcp_enabled(none, "Char.Vitals"));
  EXPECT_FALSE(gmcp_enabled(none, "Room.Info"));
  EXPECT_FALSE(gmcp_enabled(none, "Comm.Channel.Text"));
  EXPECT_FALSE(gmcp_enabled(none, "Corey.Thing")) << "Core is a module name, not a prefix of letters";
}

TEST(GmcpFilter, AModuleEnablesItselfAndEverythingBelowIt) {
  const auto s = supports_of(R"(["Char 1", "Room 1"])");
  EXPECT_TRUE(gmcp_enabled(s, "Char.Vitals"));
  EXPECT_TRUE(gmcp_enabled(s, "Char.Items.List"));
  EXPECT_TRUE(gmcp_enabled(s, "Room.Info"));
  EXPECT_TRUE(gmcp_enabled(s, "Room"));
  EXPECT_FALSE(gmcp_enabled(s, "Comm.Channel.Text"));
  EXPECT_FALSE(gmcp_enabled(s, "Character.Vitals")) << "Char does not enable a module that merely starts with it";
  EXPECT_TRUE(gmcp_enabled(s, "char.vitals")) << "GMCP names are case-insensitive";
}

TEST(GmcpFilter, ASubModuleListedAloneEnablesOnlyItself) {
  const auto s = supports_of(R"(["Char.Items 1", "Comm.Channel 1"])");
  EXPECT_TRUE(gmcp_enabled(s, "Char.Items.List"));
  EXPECT_TRUE(gmcp_enabled(s, "Char.Items.Add"));
  EXPECT_FALSE(gmcp_enabled(s, "Char.Vitals"));
  EXPECT_FALSE(gmcp_enabled(s, "Char.Status"));
  EXPECT_TRUE(gmcp_enabled(s, "Comm.Channel.Text"));
  EXPECT_TRUE(gmcp_enabled(s, "Comm.Channel.List"));
  EXPECT_FALSE(gmcp_enabled(s, "Comm.Tell"));
}

TEST(GmcpFilter, MudletsListEnablesTheGamesCharAndRoomPackages) {
  // What Mudlet sends on connecting (versions are ignored).
  const auto s = supports_of(R"(["Char 1", "Char.Skills 1", "Char.Items 1", "Room 1", "IRE.Rift 1",
                                 "IRE.Composer 1", "External.Discord 1", "Client.Media 1"])");
  for (std::string_view p : {"Char.Name", "Char.Vitals", "Char.Status", "Char.Items.List", "Char.Items.Add",
                             "Char.Items.Remove", "Char.Items.Update", "Room.Info"}) {
    EXPECT_TRUE(gmcp_enabled(s, p)) << p;
  }
}

TEST(GmcpFilter, AddAndRemoveChangeWhatIsSent) {
  auto s = supports_of(R"(["Room 1"])");
  ASSERT_TRUE(apply_gmcp_supports(s, "Core.Supports.Add", R"(["Char.Vitals 1"])"));
  EXPECT_TRUE(gmcp_enabled(s, "Char.Vitals"));
  EXPECT_FALSE(gmcp_enabled(s, "Char.Status"));
  ASSERT_TRUE(apply_gmcp_supports(s, "Core.Supports.Remove", R"(["Room 1"])"));
  EXPECT_FALSE(gmcp_enabled(s, "Room.Info"));
  EXPECT_TRUE(gmcp_enabled(s, "Char.Vitals"));
}

// ---------------------------------------------------------------- through the world

TEST(GmcpPlay, AClientThatSentNoSupportsGetsOnlyCoreAnswers) {
  game_harness h;
  auto quiet = h.connect("");
  h.line(quiet, "create Quiet password123");
  h.line(quiet, "down");
  h.world.on_gmcp(quiet.id, "Core.Ping", "");
  h.services.drain();
  ASSERT_FALSE(quiet.port->gmcp.empty());
  for (const std::string& g : quiet.port->gmcp) {
    EXPECT_EQ(g.rfind("Core.", 0), 0U) << g;
  }
  // The same client enabling Room later gets Room.Info from then on, and still no Char.
  h.world.on_gmcp(quiet.id, "Core.Supports.Add", R"(["Room 1"])");
  h.services.drain();
  h.line(quiet, "look");
  EXPECT_EQ(count_prefix(*quiet.port, "Room.Info"), 1U);
  EXPECT_EQ(count_prefix(*quiet.port, "Char."), 0U);
}

TEST(GmcpPlay, ALongSupportsSetIsAppliedAndCapped) {
  // Mudlet's first Core.Supports.Set can be long: an 8 KiB list is read whole; only the first
  // max_gmcp_supports modules are kept, and Room, listed first, is among them.
  game_harness h;
  auto ann = h.connect("");
  std::string list = R"(["Room 1")";
  for (int i = 0; list.size() < 8000; ++i) {
    list += R"(, "Vendor.Module)" + std::to_string(i) + R"(.WithAFairlyLongName 1")";
  }
  list += R"(, "Char 1"])";
  ASSERT_GE(list.size(), 8000U);
  h.world.on_gmcp(ann.id, "Core.Supports.Set", list);
  h.services.drain();
  h.line(ann, "create Ann password123");
  EXPECT_EQ(count_prefix(*ann.port, "Room.Info"), 1U) << "Room, listed first, is kept";
  EXPECT_EQ(count_prefix(*ann.port, "Char."), 0U) << "Char, past the cap, is not";
}

TEST(GmcpPlay, VitalsAreNumbersAndStatusComesAtEntryAndWhenDepthOrBranchChanges) {
  game_harness h;
  auto ann = h.connect();
  h.line(ann, "create Ann password123");
  const auto vitals = messages(*ann.port, "Char.Vitals");
  ASSERT_EQ(vitals.size(), 1U);
  EXPECT_TRUE(vitals[0].at("hp").is_int64());
  EXPECT_TRUE(vitals[0].at("maxhp").is_int64());
  auto status = messages(*ann.port, "Char.Status");
  ASSERT_EQ(status.size(), 1U);
  EXPECT_EQ(status[0].at("name").as_string(), "Ann");
  const std::string role(status[0].at("role").as_string());
  EXPECT_TRUE(role == "player" || role == "builder" || role == "admin") << role;
  EXPECT_EQ(status[0].at("depth").as_int64(), 0);
  EXPECT_EQ(status[0].at("branch").as_string(), "");
  EXPECT_EQ(status[0].at("silver").as_int64(), 0);
  EXPECT_EQ(status[0].at("deepest").as_int64(), 0);

  h.line(ann, "down");  // the well: depth 0, no branch: nothing changed
  EXPECT_EQ(messages(*ann.port, "Char.Status").size(), 1U);
  h.line(ann, "east");  // into East branch 1 at depth 1
  status = messages(*ann.port, "Char.Status");
  ASSERT_EQ(status.size(), 2U);
  EXPECT_EQ(status[1].at("depth").as_int64(), 1);
  EXPECT_EQ(status[1].at("branch").as_string(), "East branch 1");
  EXPECT_EQ(status[1].at("deepest").as_int64(), 1);
  h.line(ann, "look");
  EXPECT_EQ(messages(*ann.port, "Char.Status").size(), 2U) << "looking changes nothing";
}

TEST(GmcpPlay, StatusIsSentAgainWhenAFallenPackIsTakenAndWhenAFightPays) {
  const std::int64_t seed = dw::testing::seed_with_monsters(*dw::testing::real_content(), false);
  ASSERT_GT(seed, 0);
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = seed;
  s.game.character_max_hp = 1000000;
  game_harness h(s);
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  // Bob, with 41 silver and one hit point, falls to the first room's monsters: his pack holds 20.
  dw::game::character* fallen = h.world.people().find_character_by_name("Bob");
  ASSERT_NE(fallen, nullptr);
  fallen->silver = 41;
  fallen->hp = 1;
  h.line(bob, "down");
  h.line(bob, "east");
  for (int i = 0; i < 200 && bob.port->output.find("You wake up in the village square") == std::string::npos; ++i) {
    h.line(bob, "fight");  // (the queued round timers all run in drain())
  }
  ASSERT_NE(bob.port->take().find("half your silver stay behind in your fallen pack"), std::string::npos);

  h.line(ann, "down");
  h.line(ann, "east");
  h.line(ann, "get pack");
  ASSERT_NE(ann.port->take().find("You take Bob's fallen pack: 20 silver"), std::string::npos);
  EXPECT_EQ(messages(*ann.port, "Char.Status").back().at("silver").as_int64(), 20)
      << "the status shows the silver of a fallen pack taken, not only after the next change of depth";

  h.line(ann, "fight");  // Ann cannot fall: the fight goes on to a win, and pay
  const std::string won = ann.port->take();
  const std::size_t found = won.find("You find ");
  ASSERT_NE(found, std::string::npos) << won;
  EXPECT_EQ(messages(*ann.port, "Char.Status").back().at("silver").as_int64(), 20 + std::stoll(won.substr(found + 9)))
      << "the status shows the silver a fight pays";
}

TEST(GmcpPlay, RoomInfoCarriesWhatMappersRead) {
  game_harness h;
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");
  const auto infos = messages(*ann.port, "Room.Info");
  ASSERT_GE(infos.size(), 2U);
  const json::object& well = infos[infos.size() - 2].as_object();
  EXPECT_EQ(well.at("num").as_int64(), dw::game::start_room_id);
  EXPECT_EQ(well.at("environment").as_string(), "Well");
  EXPECT_EQ(well.at("exits").at("u").as_int64(), dw::game::village_square_id);
  const json::object& room = infos.back().as_object();
  for (const char* key : {"num", "name", "area", "environment", "coords", "depth", "clear", "exits"}) {
    EXPECT_TRUE(room.contains(key)) << key;
  }
  EXPECT_EQ(room.at("environment").as_string(), "Water-logged passage") << "the depth band's name";
  EXPECT_EQ(room.at("exits").at("w").as_int64(), dw::game::start_room_id);
}

TEST(GmcpPlay, RoomInfoIsResentToThoseLeftBehindWhenANewRoomOpensAnExit) {
  game_harness h;
  h.world.where().directory.set_clear_decider([](const dw::dungeon::room&) { return true; });  // nothing blocks the way
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(ann, "down");
  h.line(ann, "east");
  h.line(bob, "down");
  h.line(bob, "east");  // follows Ann into the same room
  const auto before = messages(*ann.port, "Room.Info");
  const json::object here = before.back().as_object();
  ASSERT_TRUE(here.at("clear").as_bool());
  // An unexplored exit (0) that Bob walks through becomes a known room for Ann, who stays.
  std::string dir;
  for (const auto& [letter, target] : here.at("exits").as_object()) {
    if (target.as_int64() == 0) {
      dir = std::string(letter);
      break;
    }
  }
  ASSERT_FALSE(dir.empty()) << json::serialize(here);
  h.line(bob, dir);
  const auto after = messages(*ann.port, "Room.Info");
  ASSERT_EQ(after.size(), before.size() + 1) << "Ann, left behind, gets one fresh Room.Info";
  EXPECT_EQ(after.back().at("num"), here.at("num"));
  EXPECT_NE(after.back().at("exits").at(dir).as_int64(), 0) << json::serialize(after.back());
  EXPECT_EQ(after.back().at("exits").at(dir), messages(*bob.port, "Room.Info").back().at("num"));
}

TEST(GmcpPlay, RoomInfoIsResentWhenTheRoomIsClearedAndTheLootAppearsAsItems) {
  const std::int64_t seed = dw::testing::seed_with_monsters(*dw::testing::real_content(), true);
  ASSERT_GT(seed, 0);
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = seed;
  s.game.character_max_hp = 1000000;
  game_harness h(s);
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");
  ASSERT_FALSE(messages(*ann.port, "Room.Info").back().at("clear").as_bool());
  const auto lists = messages(*ann.port, "Char.Items.List");
  ASSERT_FALSE(lists.empty());
  EXPECT_EQ(lists.back().at("location").as_string(), "room") << "entering a room lists its floor";
  const std::size_t floor_before = lists.back().at("items").as_array().size();
  const std::size_t adds_before = messages(*ann.port, "Char.Items.Add").size();

  h.line(ann, "fight");
  const auto infos = messages(*ann.port, "Room.Info");
  EXPECT_TRUE(infos.back().at("clear").as_bool()) << "everyone in a cleared room gets a fresh Room.Info";
  const auto adds = messages(*ann.port, "Char.Items.Add");
  ASSERT_GT(adds.size(), adds_before) << "the loot appears as Char.Items.Add";
  for (std::size_t i = adds_before; i < adds.size(); ++i) {
    EXPECT_EQ(adds[i].at("location").as_string(), "room");
    EXPECT_FALSE(adds[i].at("item").at("name").as_string().empty());
    EXPECT_TRUE(adds[i].at("item").at("id").is_string()) << "ids are strings, as IRE sends them";
  }
  h.line(ann, "look");
  EXPECT_EQ(messages(*ann.port, "Char.Items.List").back().at("items").as_array().size(),
            floor_before + (adds.size() - adds_before));
}

TEST(GmcpPlay, GetDropWieldMoveItemsBetweenRoomAndInventory) {
  const std::int64_t seed = dw::testing::seed_with_monsters(*dw::testing::real_content(), true);
  ASSERT_GT(seed, 0);
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = seed;
  s.game.character_max_hp = 1000000;
  game_harness h(s);
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(ann, "down");
  h.line(ann, "east");
  h.line(bob, "down");
  h.line(bob, "east");
  h.line(ann, "fight");
  const auto lists = messages(*ann.port, "Char.Items.List");
  const auto inv_list = std::find_if(lists.begin(), lists.end(), [](const json::value& l) {
    return l.at("location").as_string() == "inv";
  });
  ASSERT_NE(inv_list, lists.end()) << "entry lists what one carries";
  EXPECT_TRUE(inv_list->at("items").as_array().empty());

  ann.port->gmcp.clear();
  bob.port->gmcp.clear();
  h.line(ann, "get scroll");
  auto removed = messages(*ann.port, "Char.Items.Remove");
  auto added = messages(*ann.port, "Char.Items.Add");
  ASSERT_EQ(removed.size(), 1U);
  ASSERT_EQ(added.size(), 1U);
  EXPECT_EQ(removed[0].at("location").as_string(), "room");
  EXPECT_EQ(added[0].at("location").as_string(), "inv");
  const json::value id = added[0].at("item").at("id");
  EXPECT_EQ(removed[0].at("item").at("id"), id);
  const auto bob_removed = messages(*bob.port, "Char.Items.Remove");
  ASSERT_EQ(bob_removed.size(), 1U) << "everyone in the room sees the floor change";
  EXPECT_EQ(bob_removed[0].at("item").at("id"), id);
  EXPECT_TRUE(messages(*bob.port, "Char.Items.Add").empty()) << "Bob's inventory did not change";

  // A client asking for its inventory gets it.
  h.world.on_gmcp(ann.id, "Char.Items.Inv", "");
  h.services.drain();
  const auto inv = messages(*ann.port, "Char.Items.List").back();
  EXPECT_EQ(inv.at("location").as_string(), "inv");
  ASSERT_EQ(inv.at("items").as_array().size(), 1U);
  EXPECT_EQ(inv.at("items").as_array()[0].at("id"), id);
  h.world.on_gmcp(ann.id, "Char.Items.Room", "");
  h.services.drain();
  EXPECT_EQ(messages(*ann.port, "Char.Items.List").back().at("location").as_string(), "room");

  ann.port->gmcp.clear();
  bob.port->gmcp.clear();
  h.line(ann, "drop scroll");
  removed = messages(*ann.port, "Char.Items.Remove");
  added = messages(*ann.port, "Char.Items.Add");
  ASSERT_EQ(removed.size(), 1U);
  ASSERT_EQ(added.size(), 1U);
  EXPECT_EQ(removed[0].at("location").as_string(), "inv");
  EXPECT_EQ(added[0].at("location").as_string(), "room");
  EXPECT_NE(std::string(added[0].at("item").at("attrib").as_string()).find('t'), std::string::npos);
  EXPECT_EQ(messages(*bob.port, "Char.Items.Add").size(), 1U);
}

TEST(GmcpPlay, ASubModuleAloneGetsOnlyThatSubModule) {
  game_harness h;
  auto ann = h.connect(R"(["Char.Items 1"])");
  h.line(ann, "create Ann password123");
  h.line(ann, "down");
  EXPECT_GT(count_prefix(*ann.port, "Char.Items.List"), 0U);
  EXPECT_EQ(count_prefix(*ann.port, "Char.Vitals"), 0U);
  EXPECT_EQ(count_prefix(*ann.port, "Char.Status"), 0U);
  EXPECT_EQ(count_prefix(*ann.port, "Char.Name"), 0U);
  EXPECT_EQ(count_prefix(*ann.port, "Room.Info"), 0U);
}
