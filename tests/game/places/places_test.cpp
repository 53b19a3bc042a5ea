// The dungeon as players meet it, through the real world with fake connections.
#include <gtest/gtest.h>

#include <boost/json.hpp>

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
  ann.port->info.width = 200;  // the exits line whole, however many exits the first room has
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
  h.world.where().directory.set_clear_decider([](const dw::dungeon::room&) { return false; });  // every room holds a challenge
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

TEST(Places, FixedAndDungeonRoomsAreOnePlaceWithTheSameShape) {
  game_harness h;
  auto ann = h.create("Ann");
  dw::game::places& where = h.world.where();
  dw::store::location well;
  well.room_id = dw::game::start_room_id;
  const auto start = where.at(well);
  ASSERT_TRUE(start.has_value());
  EXPECT_EQ(start->branch, 0);
  ASSERT_TRUE(start->coords.has_value()) << "the well is (0,0)";
  // Four passages into the dungeon and the ladder up, in the order n e s w u.
  ASSERT_EQ(start->exits.size(), 5U);
  EXPECT_EQ(start->exits[0].kind, dw::game::exit_kind::passage);
  EXPECT_EQ(start->exits[4].dir, dw::game::exit_dir::up);
  EXPECT_EQ(start->exits[4].target, dw::game::village_square_id);
  into_east_branch(h, ann);
  const dw::game::character* ch = h.world.people().find_character_by_name("Ann");
  ASSERT_NE(ch, nullptr);
  const auto room = where.at(ch->where);
  ASSERT_TRUE(room.has_value());
  EXPECT_EQ(room->area, "East branch 1");
  EXPECT_EQ(room->depth, 1);
  bool back_to_well = false;
  for (const dw::game::place_exit& e : room->exits) {
    back_to_well = back_to_well || (e.dir == dw::game::exit_dir::west && e.kind == dw::game::exit_kind::to_well &&
                                    e.target == dw::game::start_room_id);
  }
  EXPECT_TRUE(back_to_well);
  EXPECT_EQ(where.directory.where_text(ch->where), "East branch 1 (1,0)");
  dw::store::location gone;
  gone.room_id = 999;
  gone.branch_id = 1;
  gone.x = 40;
  gone.y = 40;
  EXPECT_FALSE(where.at(gone).has_value());
}

TEST(Places, UpAndDownAreDirectionsOffTheGrid) {
  using dw::dungeon::direction;
  EXPECT_EQ(dw::dungeon::opposite(direction::up), direction::down);
  EXPECT_EQ(dw::dungeon::opposite(direction::west), direction::east);
  EXPECT_FALSE(dw::dungeon::is_grid(direction::down));
  EXPECT_FALSE(dw::dungeon::step({0, 0}, direction::up).has_value());
  dw::dungeon::room r;
  r.exits.fill(dw::dungeon::exit_state::two_way);
  EXPECT_EQ(r.exit(direction::up), dw::dungeon::exit_state::none) << "no dungeon room has a ladder";
  EXPECT_EQ(dw::dungeon::name(direction::down), "down");
}

TEST(Places, WalkingUpInTheDungeonIsExplained) {
  game_harness h;
  auto ann = h.create("Ann");
  into_east_branch(h, ann);
  ann.port->take();
  h.line(ann, "up");
  EXPECT_TRUE(dw::testing::has(ann.port->take(), "There is no way up here."));
}

TEST(Places, ACharacterStandsByTheDoorItCameInByUntilItLeavesPlay) {
  game_harness h;
  auto ann = h.create("Ann");
  into_east_branch(h, ann);
  dw::game::places& where = h.world.where();
  dw::game::ground& port = where;  // what fleeing asks
  const dw::game::character* ch = h.world.people().find_character_by_name("Ann");
  ASSERT_NE(ch, nullptr);
  const std::int64_t account = ch->account_id;
  const int west = static_cast<int>(dw::dungeon::index_of(dw::dungeon::direction::west));
  EXPECT_EQ(where.directory.arrived_side(account), west) << "walked east: in by the west door";
  EXPECT_EQ(port.arrived_side(*ch), west);
  const boost::json::object interior = boost::json::parse(where.insides.room_interior_json(*ch)).as_object();
  EXPECT_EQ(interior.at("you"), interior.at("doors").at("w")) << "survey shows Ann standing on that door";
  h.line(ann, "west");  // back to the well: by no side
  EXPECT_EQ(port.arrived_side(*ch), -1);
  h.line(ann, "east");
  ASSERT_EQ(port.arrived_side(*ch), west);
  h.line(ann, "quit");
  h.disconnect(ann);
  EXPECT_EQ(where.directory.arrived_side(account), -1) << "forgotten on leaving play";
  auto again = h.connect();
  h.line(again, "connect Ann password123");
  ch = h.world.people().find_character_by_name("Ann");
  ASSERT_NE(ch, nullptr);
  EXPECT_NE(ch->where.branch_id, 0) << "back in the room Ann rested in";
  EXPECT_EQ(port.arrived_side(*ch), -1) << "but come in by no side, as at every login";
}

TEST(DungeonPlay, AStepFromTheWellIntoABranchNotReadYetWaitsForItAndIsTakenOnce) {
  game_harness h;
  auto ann = h.create("Ann");
  into_east_branch(h, ann);
  h.line(ann, "west");  // back at the well; East branch 1's window is still open
  ASSERT_TRUE(h.world.where().dungeon().evict(1));  // as after a restart: no room of the branch is resident
  ann.port->take();
  h.services.hold_reads = true;
  h.line(ann, "east");
  EXPECT_EQ(ann.port->take(), "") << "nothing of the step is said while the branch is read";
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->where.branch_id, 0) << "still at the well";
  EXPECT_FALSE(h.world.where().dungeon().fully_resident(1));
  h.services.release_reads();
  EXPECT_TRUE(h.world.where().dungeon().fully_resident(1));
  const std::string out = ann.port->take();
  const std::size_t back = out.find("You make your way back into East branch 1.");
  EXPECT_NE(back, std::string::npos) << out;
  EXPECT_EQ(back, out.rfind("You make your way back into East branch 1.")) << "the step is taken once:\n" << out;
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->where.branch_id, 1);
}
