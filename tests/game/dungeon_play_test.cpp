// The dungeon as players meet it, through the real world with fake connections.
#include <gtest/gtest.h>

#include "server/store/branches.hpp"
#include "server/store/rooms.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;

namespace {
/// Walks down the well and east into a branch.
void into_east_branch(game_harness& h, const game_harness::player& p) {
  h.line(p, "down");
  h.line(p, "east");
}
}  // namespace

TEST(DungeonPlay, WalkingEastOpensABranchAndPersistsItsFirstRoom) {
  game_harness h;
  auto ann = h.create("Ann");
  into_east_branch(h, ann);
  const std::string out = ann.port->take();
  EXPECT_NE(out.find("East branch 1"), std::string::npos) << out;
  EXPECT_NE(out.find("1,0, depth 1"), std::string::npos) << out;
  EXPECT_NE(out.find("west (to the well)"), std::string::npos) << out;
  const auto room = dw::store::rooms::load(h.services.db(), 1, 1, 0);
  ASSERT_TRUE(room.has_value());
  EXPECT_EQ(dw::store::branches::load_all(h.services.db()).size(), 1U);
  // Room.Info carries coordinates, depth, the branch as area and 0 for unexplored exits.
  ASSERT_FALSE(ann.port->gmcp.empty());
  const std::string& info = ann.port->gmcp.back();
  EXPECT_NE(info.find("\"coords\":[1,0]"), std::string::npos) << info;
  EXPECT_NE(info.find("\"area\":\"East branch 1\""), std::string::npos) << info;
  EXPECT_NE(info.find("\"depth\":1"), std::string::npos) << info;
  EXPECT_NE(info.find("\"w\":2"), std::string::npos) << info;
}

TEST(DungeonPlay, ASecondPlayerInsideTheWindowFollowsIntoTheSameBranch) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  into_east_branch(h, ann);
  into_east_branch(h, bob);
  const std::string out = bob.port->take();
  EXPECT_NE(out.find("You follow your companions into East branch 1"), std::string::npos) << out;
  EXPECT_NE(out.find("Here: Ann"), std::string::npos) << out;
  EXPECT_NE(ann.port->take().find("Bob arrives from the west"), std::string::npos);
}

TEST(DungeonPlay, AfterTheWindowANewBranchOpens) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  into_east_branch(h, ann);
  h.services.clock += h.world.settings().dungeon.branch_join_seconds;
  into_east_branch(h, bob);
  const std::string out = bob.port->take();
  EXPECT_NE(out.find("East branch 2"), std::string::npos) << out;
  EXPECT_EQ(out.find("Here: Ann"), std::string::npos) << out;
}

TEST(DungeonPlay, ANotClearRoomBlocksItsUnexploredExitsButNotTheWayBack) {
  game_harness h;
  h.world.where().set_clear_decider([](const dw::dungeon::room&) { return false; });  // every room holds a challenge
  auto ann = h.create("Ann");
  into_east_branch(h, ann);
  std::string out = ann.port->take();
  EXPECT_NE(out.find("The way forward is blocked until this room is cleared."), std::string::npos) << out;
  const auto room = h.world.where().dungeon().room_at(1, {1, 0});
  ASSERT_TRUE(room);
  for (auto d : dw::dungeon::all_directions) {
    if (room->exit(d) == dw::dungeon::exit_state::unexplored) {
      h.line(ann, std::string(dw::dungeon::name(d)));
      out = ann.port->take();
      EXPECT_NE(out.find("The way " + std::string(dw::dungeon::name(d)) + " is blocked until this room is cleared."),
                std::string::npos)
          << out;
    }
  }
  h.line(ann, "west");
  EXPECT_NE(ann.port->take().find("The Bottom of the Well"), std::string::npos);
}

TEST(DungeonPlay, MapShowsYouTheWellAndTheLegendWithinTheWidth) {
  game_harness h;
  auto ann = h.create("Ann");
  ann.port->info.width = 60;
  into_east_branch(h, ann);
  ann.port->take();
  h.line(ann, "map");
  const std::string out = ann.port->take();
  EXPECT_NE(out.find("[W]-[@]"), std::string::npos) << out;
  EXPECT_NE(out.find("> < v ^ one-way"), std::string::npos) << out;
  for (std::size_t start = 0; start < out.size();) {
    const std::size_t nl = out.find('\n', start);
    const std::size_t end = nl == std::string::npos ? out.size() : nl;
    EXPECT_LE(end - start, 60U) << out.substr(start, end - start);
    start = end + 1;
  }
}

TEST(DungeonPlay, BranchesListingIsForAdministratorsOnly) {
  game_harness h;
  auto admin = h.create("Ann");
  auto player = h.create("Bob");
  into_east_branch(h, player);
  h.line(player, "@branches");
  EXPECT_NE(player.port->take().find("Unknown command '@branches'"), std::string::npos);
  h.line(admin, "@branches");
  const std::string out = admin.port->take();
  EXPECT_NE(out.find("East branch 1"), std::string::npos) << out;
  EXPECT_NE(out.find("1 branch."), std::string::npos) << out;
}

TEST(DungeonPlay, IdleBranchCollapsesAndLoggedOutCharactersWakeAtTheWell) {
  game_harness h;
  auto ann = h.create("Ann");
  into_east_branch(h, ann);
  h.line(ann, "quit");
  h.disconnect(ann);
  h.services.clock += h.world.settings().dungeon.branch_join_seconds +
                      h.world.settings().dungeon.branch_idle_collapse_seconds + 1;
  h.world.tick();
  h.services.drain();
  EXPECT_TRUE(h.world.where().dungeon().branches().empty());
  EXPECT_TRUE(dw::store::branches::load_all(h.services.db()).empty());
  EXPECT_FALSE(dw::store::rooms::load(h.services.db(), 1, 1, 0).has_value());
  auto again = h.connect();
  h.line(again, "connect Ann password123");
  const std::string out = again.port->take();
  EXPECT_NE(out.find("collapsed"), std::string::npos) << out;
  EXPECT_NE(out.find("The Bottom of the Well"), std::string::npos) << out;
}

TEST(DungeonPlay, NoCollapseWhileSomeoneIsInside) {
  game_harness h;
  auto ann = h.create("Ann");
  into_east_branch(h, ann);
  h.services.clock += 100000;
  h.world.tick();
  EXPECT_EQ(h.world.where().dungeon().branches().size(), 1U);
}

TEST(DungeonPlay, MapOfAnEvictedBranchComesFromTheStore) {
  game_harness h;
  auto ann = h.create("Ann");
  into_east_branch(h, ann);
  ASSERT_TRUE(h.world.where().dungeon().evict(1));  // as after a restart: no room of the branch is resident
  ann.port->take();
  h.line(ann, "map");
  const std::string out = ann.port->take();
  EXPECT_NE(out.find("[W]-[@]"), std::string::npos) << out;
}
