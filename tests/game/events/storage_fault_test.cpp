// What players are told when the database refuses a write, and what memory looks like afterwards.
// The in-memory SQLite database refuses writes for real (PRAGMA query_only) while a test says so.
#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
#include "server/store/items.hpp"
#include "server/store/rooms.hpp"
#include "tests/game/game_harness.hpp"
#include "tests/support/content_seeds.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

constexpr std::string_view refused = "The world could not record that; nothing changed. Try again in a moment.";


/// The first unexplored exit of the room a character stands in, by name.
std::string unexplored_exit(game_harness& h, const dw::game::character& ch) {
  const auto room = h.world.where().dungeon().room_at(static_cast<dw::dungeon::branch_id>(ch.where.branch_id),
                                              {ch.where.x, ch.where.y});
  for (auto d : dw::dungeon::all_directions) {
    if (room && room->exit(d) == dw::dungeon::exit_state::unexplored) {
      return std::string(dw::dungeon::name(d));
    }
  }
  return {};
}

}  // namespace

TEST(StorageFault, ARefusedAccountIsNotWelcomedAndDoesNotExist) {
  game_harness h;
  h.services.refuse_writes(true);
  auto ann = h.connect();
  ann.port->take();
  h.line(ann, "create Ann password123");
  std::string out = ann.port->take();
  EXPECT_TRUE(has(out, refused)) << out;
  EXPECT_FALSE(has(out, "Welcome")) << out;
  EXPECT_EQ(dw::store::accounts::count(h.services.db()), 0);
  // Still at the login screen: the next try, once writing works, makes the account.
  h.services.refuse_writes(false);
  h.line(ann, "create Ann password123");
  out = ann.port->take();
  EXPECT_TRUE(has(out, "Welcome to Deepwell, Ann.")) << out;
  EXPECT_EQ(dw::store::accounts::count(h.services.db()), 1);
}

TEST(StorageFault, AccountsRefusedTogetherNeverShareAnIdOrTakeEachOtherOver) {
  game_harness h;
  h.services.refuse_writes(true);
  auto ann = h.connect();
  auto bob = h.connect();
  h.line(ann, "create Ann password123");
  h.line(bob, "create Bob password123");
  EXPECT_TRUE(has(ann.port->take(), refused));
  EXPECT_TRUE(has(bob.port->take(), refused));
  EXPECT_TRUE(h.world.people().online().empty()) << "nobody was put into play";
  h.services.refuse_writes(false);
  h.line(ann, "create Ann password123");
  h.line(bob, "create Bob password123");
  const std::string a = ann.port->take();
  const std::string b = bob.port->take();
  EXPECT_FALSE(has(b, "take over")) << b;
  ASSERT_EQ(h.world.people().online().size(), 2U);
  EXPECT_NE(h.world.people().online()[0]->account_id, h.world.people().online()[1]->account_id);
}

TEST(StorageFault, ARefusedMoveLeavesEveryoneWhereTheyWereAndSeeingNothing) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  ann.port->take();
  bob.port->take();
  h.services.refuse_writes(true);
  h.line(ann, "down");
  const std::string out = ann.port->take();
  EXPECT_TRUE(has(out, refused)) << out;
  EXPECT_FALSE(has(out, "Bottom of the Well")) << "what the move would have shown never leaves: " << out;
  EXPECT_FALSE(has(bob.port->take(), "Ann climbs down")) << "bystanders never see a move that did not happen";
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->where.room_id, dw::game::village_square_id);
  EXPECT_EQ(h.world.people().characters_in(dw::game::village_square_id).size(), 2U);
  h.services.refuse_writes(false);
  h.line(ann, "down");
  EXPECT_TRUE(has(ann.port->take(), "Bottom of the Well"));
  EXPECT_TRUE(has(bob.port->take(), "Ann climbs down"));
}

TEST(StorageFault, ARefusedDiscoveryLeavesNoPhantomRoomAndTheWayStaysUnexplored) {
  auto s = dw::testing::fast_settings();
  s.dungeon.world_seed = dw::testing::seed_without_monsters(*dw::testing::real_content());  // a way on at once
  game_harness h(s);
  auto ann = h.create("Ann");
  h.line(ann, "down");
  h.line(ann, "east");
  const dw::game::character& ch = *h.world.people().find_character_by_name("Ann");
  const std::string way = unexplored_exit(h, ch);
  ASSERT_FALSE(way.empty()) << "the first room of east branch 1 has an unexplored exit";
  const auto before = *h.world.where().dungeon().branch(1);
  ann.port->take();
  h.services.refuse_writes(true);
  h.line(ann, way);
  const std::string out = ann.port->take();
  EXPECT_TRUE(has(out, refused)) << out;
  const auto after = *h.world.where().dungeon().branch(1);
  EXPECT_EQ(after.room_count, before.room_count);
  EXPECT_EQ(after.unexplored, before.unexplored);
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->where.x, 1);
  EXPECT_EQ(unexplored_exit(h, *h.world.people().find_character_by_name("Ann")), way) << "the exit is unexplored again";
  // Writing works again: the same step discovers the room, saved this time.
  h.services.refuse_writes(false);
  h.line(ann, way);
  const std::string again = ann.port->take();
  EXPECT_FALSE(has(again, refused)) << again;
  const auto* moved = h.world.people().find_character_by_name("Ann");
  EXPECT_TRUE(dw::store::rooms::load(h.services.db(), 1, moved->where.x, moved->where.y).has_value());
}

TEST(StorageFault, ARefusedNewBranchIsNotOpened) {
  game_harness h;
  auto ann = h.create("Ann");
  h.line(ann, "down");
  ann.port->take();
  h.services.refuse_writes(true);
  h.line(ann, "east");
  EXPECT_TRUE(has(ann.port->take(), refused));
  EXPECT_TRUE(h.world.where().dungeon().branches().empty());
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->where.room_id, dw::game::start_room_id);
  h.services.refuse_writes(false);
  h.line(ann, "east");
  const std::string out = ann.port->take();
  EXPECT_TRUE(has(out, "East branch 2")) << "branch numbers are not reused: " << out;
  ASSERT_EQ(h.world.where().dungeon().branches().size(), 1U);
}

TEST(StorageFault, ARefusedPickUpLeavesTheItemOnTheFloor) {
  game_harness h;
  auto ann = h.create("Ann");
  h.line(ann, "@spawn scroll 7");
  ann.port->take();
  h.services.refuse_writes(true);
  h.line(ann, "get scroll");
  EXPECT_TRUE(has(ann.port->take(), refused));
  EXPECT_TRUE(h.world.people().find_character_by_name("Ann")->inventory.empty());
  EXPECT_EQ(h.world.play().contents.floor_of(dw::game::village_square_id).size(), 1U);
  h.services.refuse_writes(false);
  h.line(ann, "get scroll");
  EXPECT_EQ(h.world.people().find_character_by_name("Ann")->inventory.size(), 1U);
  EXPECT_EQ(dw::store::items::list_carried(h.services.db(), h.world.people().find_character_by_name("Ann")->account_id).size(),
            1U);
}

TEST(StorageFault, AFaultIsToldToAdministratorsOnceWhenItStartsAndOnceWhenItEnds) {
  game_harness h;
  auto root = h.create("Rhea");  // the first account is an administrator
  auto ann = h.create("Ann");
  root.port->take();
  h.services.refuse_writes(true);
  for (int i = 0; i < 3; ++i) {
    h.line(ann, "down");
    h.line(ann, "up");
  }
  std::string told = root.port->take();
  EXPECT_EQ(told.find("[Storage] Storage fault"), told.rfind("[Storage] Storage fault")) << told;
  EXPECT_TRUE(has(told, "read-only")) << told;
  EXPECT_FALSE(has(ann.port->take(), "[Storage]")) << "players are told about their own action only";
  h.services.refuse_writes(false);
  h.line(ann, "down");
  told = root.port->take();
  EXPECT_TRUE(has(told, "[Storage] Saving works again")) << told;
}

TEST(TypeAhead, LinesSentWithTheLoginRunAfterItInOrder) {
  game_harness h;
  auto bob = h.create("Bob");
  auto eager = h.connect();
  // A client's login script: both lines arrive before the account exists.
  h.world.on_line(eager.id, "create Eager password123");
  h.world.on_line(eager.id, "say eager words");
  h.world.on_line(eager.id, "say and more");
  h.services.drain();
  const std::string out = eager.port->take();
  ASSERT_TRUE(has(out, "Welcome to Deepwell, Eager.")) << out;
  ASSERT_TRUE(has(out, "You say, 'eager words'")) << out;
  EXPECT_LT(out.find("Welcome"), out.find("eager words"));
  EXPECT_LT(out.find("eager words"), out.find("and more"));
  EXPECT_TRUE(has(bob.port->take(), "Eager says, 'eager words'"));
}

TEST(TypeAhead, AReplyToAnUninvolvedPlayerIsNotHeldBehindAnothersWrite) {
  game_harness h;
  auto ann = h.create("Ann");
  auto bob = h.create("Bob");
  h.line(bob, "down");
  h.line(bob, "east");  // Bob is in the dungeon, out of sight of Ann's move
  ann.port->take();
  bob.port->take();
  h.world.on_line(ann.id, "down");  // Ann's move is being saved: not drained yet
  h.world.on_line(bob.id, "look");
  EXPECT_TRUE(has(bob.port->take(), "East branch 1")) << "Bob's look does not wait for Ann's write";
  EXPECT_FALSE(has(ann.port->take(), "Bottom of the Well")) << "Ann's reply waits for her own write";
  h.services.drain();
  EXPECT_TRUE(has(ann.port->take(), "Bottom of the Well"));
}
