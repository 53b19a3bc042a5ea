// In-game administration over a real telnet connection: travel, inspection, roles, live settings and
// the dungeon tools.
#include "tests/integration/admin_support.hpp"

using namespace dw::testing::admin_flow;

// ---------------------------------------------------------------- 8. travel

TEST(AdminTravel, GotoSummonAndTelMoveCharactersAndShowThemTheirNewRoom) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port(), wide_client());
  bob.create("Bob", "bobpassword");
  bob.send_line("down");
  bob.expect("The Bottom of the Well");
  bob.expect(prompt);

  ann.send_line("@goto Bob");
  ann.expect("The Bottom of the Well");
  bob.expect("Ann appears in a swirl of dust.");

  ann.send_line("@tel Bob 1");
  ann.expect("You send Bob away.");
  bob.expect("The Village Square");
  bob.send_line("look");
  bob.expect("The Village Square");

  ann.send_line("@summon Bob");
  ann.expect("You summon Bob.");
  bob.expect("Ann summons you.");
  bob.expect("The Bottom of the Well");
  const std::string here = answer(bob, "look", "The Bottom of the Well");
  EXPECT_TRUE(contains(here, "Here: Ann.")) << here;

  ann.send_line("@goto 1");
  ann.expect("The Village Square");
  ann.send_line("@goto 2");
  ann.expect("The Bottom of the Well");

  // Into the dungeon: by player name and by branch coordinates.
  bob.send_line("east");
  bob.expect("[East branch 1, 1,0, depth 1]");
  bob.expect(prompt);
  ann.send_line("@goto Bob");
  ann.expect("[East branch 1, 1,0, depth 1]");
  ann.send_line("@goto 1");
  ann.expect("The Village Square");
  ann.send_line("@goto 1 1,0");
  ann.expect("[East branch 1, 1,0, depth 1]");
  ann.send_line("@tel Bob 2");
  bob.expect("The Bottom of the Well");

  ann.send_line("@goto 999");
  ann.expect("There is no room 999.");
  ann.send_line("@goto 1 5,5");
  ann.expect("Branch 1 has no room at 5,5.");
  ann.send_line("@summon Nobody");
  ann.expect("Nobody called 'Nobody' is playing.");
}

// ---------------------------------------------------------------- 9. @stat

TEST(AdminInspection, StatShowsPlayersRoomsBranchesAndItems) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  const std::string player = answer(ann, "@stat Bob", "Bob (account");
  EXPECT_TRUE(contains(player, "Bob (account 2, player)")) << player;
  EXPECT_TRUE(contains(player, "hp 40/40")) << player;
  EXPECT_TRUE(contains(player, "from 127.0.0.1, client DWTEST, 100x40")) << player;

  const std::string square = answer(ann, "@stat room", "Room ");
  EXPECT_TRUE(contains(square, "The Village Square (static")) << square;

  walk_into_east_branch(ann);
  const std::string room = answer(ann, "@stat room", "Room ");
  EXPECT_TRUE(contains(room, "of branch 1 at (1,0), depth 1")) << room;
  EXPECT_TRUE(contains(room, "Tape seed: ")) << room;
  EXPECT_TRUE(contains(room, "Exits:")) << room;
  EXPECT_TRUE(contains(room, "  west: to the well")) << room;

  const std::string branch = answer(ann, "@stat branch 1", "East branch 1");
  EXPECT_TRUE(contains(branch, "East branch 1 (id 1)")) << branch;
  EXPECT_TRUE(contains(branch, "inside 1")) << branch;
  ann.send_line("@stat branch 9");
  ann.expect("Usage: @stat branch <id>");

  ann.send_line("@spawn scroll 777");
  ann.expect("(seed 777)");
  const std::string item = answer(ann, "@stat item scroll", "Item ");
  EXPECT_TRUE(contains(item, "seed 777")) << item;
  EXPECT_TRUE(contains(item, "blueprint")) << item;
  EXPECT_TRUE(contains(item, "price ")) << item;
  EXPECT_TRUE(contains(item, "= base 40 x ")) << item;
  EXPECT_FALSE(contains(item, ".000000")) << "numbers as a person writes them: " << item;

  ann.send_line("@stat Nobody");
  ann.expect("Usage: @stat <player | room | item <id|name> | branch <id>>");
}

// ---------------------------------------------------------------- 10. roles

TEST(AdminRoles, PromoteAndDemoteTellThePlayerAndTheLastAdminStays) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  ann.send_line("@promote Bob builder");
  ann.expect("Bob is now a builder.");
  bob.expect("You are now a builder.");
  const std::string who = answer(ann, "who", "Playing now:");
  EXPECT_TRUE(contains(who, "Bob (builder)")) << who;

  ann.send_line("@demote Bob");
  ann.expect("Bob is now a player.");
  bob.expect("You are now a player.");

  ann.send_line("@demote Ann");
  ann.expect("Ann is the last administrator and stays one.");
  ann.send_line("@promote Nobody admin");
  ann.expect("There is no account called Nobody.");
  ann.send_line("@promote Bob emperor");
  ann.expect("Usage: @promote <name> <player | builder | admin>");

  // A second administrator can use the commands at once, and then the first may step down.
  ann.send_line("@promote Bob admin");
  bob.expect("You are now a");  // (the server says "a admin")
  bob.expect("admin.");
  bob.send_line("@who");
  bob.expect("2 connections.");
  bob.send_line("@demote Ann");
  bob.expect("Ann is now a player.");
  ann.expect("You are now a player.");
  ann.send_line("@kick Bob");
  ann.expect("Unknown command '@kick'. Type 'help'.");
}

// ---------------------------------------------------------------- 11. @config

TEST(AdminSettings, ConfigValidatesSavesAndSurvivesARestart) {
  server_process server;
  {
    telnet_client ann(server.port(), wide_client(200));  // (tall enough for every setting: no --More--)
    ann.create("Ann", "annpassword");
    ann.send_line("@config max_unexplored_exits 2");
    ann.expect("dungeon.max_unexplored_exits = 2 (saved");
    ann.send_line("@config max_unexplored_exits 0");
    ann.expect("dungeon.max_unexplored_exits: must be between 1 and 64");
    ann.send_line("@config max_unexplored_exits many");
    ann.expect("dungeon.max_unexplored_exits: must be an integer");
    ann.send_line("@config server.port 5");
    ann.expect("server.port can only be changed in the config file");
    ann.send_line("@config no_such_key 1");
    ann.expect("There is no single setting called 'no_such_key'");
    const std::string all = answer(ann, "@config", "Settings (");
    EXPECT_TRUE(contains(all, "dungeon.max_unexplored_exits = 2")) << all;
    EXPECT_TRUE(contains(all, "server.port = ")) << all;
  }
  ASSERT_EQ(server.stop(), 0);
  server.start();
  telnet_client ann(server.port());
  ann.connect("Ann", "annpassword");
  ann.send_line("@config max_unexplored_exits");
  ann.expect("dungeon.max_unexplored_exits = 2\n");
}

// ---------------------------------------------------------------- 12. branches

TEST(AdminDungeon, BranchesMapAndCollapseWithAPlayerInside) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  ann.send_line("@branches");
  ann.expect("No branch is open");
  walk_into_east_branch(bob);

  const std::string list = answer(ann, "@branches", " id  branch");
  EXPECT_TRUE(contains(list, "East branch 1")) << list;
  EXPECT_TRUE(contains(list, "1 branch.")) << list;
  const std::string map = answer(ann, "@branch 1", "East branch 1 (id 1)");
  EXPECT_TRUE(contains(map, "[W]-[")) << map;
  // The unexplored exits out of the outermost room are drawn too (one cell of margin round the branch).
  EXPECT_TRUE(contains(map, "?")) << map;
  ann.send_line("@branch 7");
  ann.expect("Usage: @branch <id>");

  ann.send_line("@collapse 1");
  ann.expect("Branch 1 collapsed (1 characters evacuated to the well).");
  bob.expect("thrown back to the well");
  bob.expect("The Bottom of the Well");
  bob.send_line("look");
  bob.expect("The Bottom of the Well");
  ann.send_line("@branches");
  ann.expect("No branch is open");
  ann.send_line("@collapse 1");
  ann.expect("Usage: @collapse <id>");

  // The well opens a new branch afterwards.
  bob.send_line("east");
  bob.expect("[East branch ");
}

// ---------------------------------------------------------------- 13. @clear

TEST(AdminDungeon, ClearOpensTheWayOutOfAMonsterRoom) {
  const std::int64_t seed = monster_seed();
  ASSERT_GT(seed, 0);
  server_process server(seed_config(seed));
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  ann.send_line("@clear");
  ann.expect("Only dungeon rooms can be cleared.");

  const std::string first = walk_into_east_branch(ann);
  ASSERT_TRUE(contains(first, "The way forward is blocked until this room is cleared.")) << first;
  const std::vector<std::string> ways = unexplored_exits(first);
  ASSERT_FALSE(ways.empty()) << first;
  const std::string way = ways.front();
  ann.send_line(way);
  ann.expect("The way " + way + " is blocked until this room is cleared.");

  ann.send_line("@clear");
  ann.expect("the room is clear");
  ann.expect("You clear the room with a word.");
  const std::string look = answer(ann, "look", "[East branch 1, 1,0");
  EXPECT_FALSE(contains(look, "blocked")) << look;
  EXPECT_FALSE(contains(look, "Type 'fight'")) << look;

  ann.send_line(way);
  const std::string walked = ann.expect(prompt);
  EXPECT_FALSE(contains(walked, "The way " + way + " is blocked")) << walked;
  EXPECT_TRUE(contains(walked, "[East branch 1, ")) << walked;
  EXPECT_FALSE(contains(walked, "[East branch 1, 1,0,")) << "still in the first room: " << walked;
}
