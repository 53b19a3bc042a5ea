#include "server/store/branches.hpp"

#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
#include "server/store/characters.hpp"
#include "server/store/database.hpp"
#include "server/store/items.hpp"
#include "server/store/rooms.hpp"
#include "tests/store/store_fixtures.hpp"

namespace dw::store {
namespace {

using testing::make_branch;
using testing::make_item;
using testing::make_room;

TEST(Branches, UpsertThenLoadAllRoundTripsEveryField) {
  database db = database::open(":memory:");
  branches::upsert(db, make_branch(4, 9));
  const auto all = branches::load_all(db);
  ASSERT_EQ(all.size(), 1u);
  const branch_record& b = all[0];
  EXPECT_EQ(b.id, 4);
  EXPECT_EQ(b.direction, 2);
  EXPECT_EQ(b.number, 4);
  EXPECT_EQ(b.sequence, 9);
  EXPECT_EQ(b.seed, 0xFEEDFACECAFEBEEFull);  // high bit set: stored as a negative integer, read back intact
  EXPECT_EQ(b.created_at, 1000);
  EXPECT_EQ(b.window_end, 2000);
  EXPECT_EQ(b.last_occupied, 1500);
  EXPECT_EQ(b.unexplored, 3);
  EXPECT_EQ(b.room_count, 10);
}

TEST(Branches, UpsertUpdatesAnExistingBranch) {
  database db = database::open(":memory:");
  branches::upsert(db, make_branch(1));
  auto changed = make_branch(1);
  changed.room_count = 55;
  changed.last_occupied = 9999;
  branches::upsert(db, changed);
  const auto all = branches::load_all(db);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].room_count, 55);
  EXPECT_EQ(all[0].last_occupied, 9999);
}

TEST(Branches, LoadAllIsOrderedById) {
  database db = database::open(":memory:");
  branches::upsert(db, make_branch(3));
  branches::upsert(db, make_branch(1));
  branches::upsert(db, make_branch(2));
  const auto all = branches::load_all(db);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].id, 1);
  EXPECT_EQ(all[1].id, 2);
  EXPECT_EQ(all[2].id, 3);
}

TEST(Branches, RemoveCascadesToRoomsAndTheirItems) {
  database db = database::open(":memory:");
  const auto owner = accounts::create(db, "Keeper", "h", role::player, 1).id;
  branches::upsert(db, make_branch(1));
  branches::upsert(db, make_branch(2));
  rooms::upsert(db, make_room(10, 1, 0, 0));
  rooms::upsert(db, make_room(11, 1, 1, 0));
  rooms::upsert(db, make_room(20, 2, 0, 0));
  const auto doomed = items::create(db, make_item(0, 11));
  const auto elsewhere = items::create(db, make_item(0, 20));
  const auto carried = items::create(db, make_item(owner, 0));
  const auto in_square = items::create(db, make_item(0, 1));

  EXPECT_TRUE(branches::remove(db, 1));

  EXPECT_EQ(rooms::count_in_branch(db, 1), 0);
  EXPECT_FALSE(rooms::load_by_id(db, 10));
  EXPECT_FALSE(items::find(db, doomed));
  EXPECT_TRUE(items::find(db, elsewhere));
  EXPECT_TRUE(items::find(db, carried));
  EXPECT_TRUE(items::find(db, in_square));
  EXPECT_EQ(rooms::count_in_branch(db, 2), 1);
  ASSERT_EQ(branches::load_all(db).size(), 1u);
  EXPECT_FALSE(branches::remove(db, 1));
}

TEST(Branches, CollapseMovesCharactersThenRemoves) {
  database db = database::open(":memory:");
  const auto id = accounts::create(db, "Delver", "h", role::player, 1).id;
  branches::upsert(db, make_branch(1));
  rooms::upsert(db, make_room(10, 1, 0, 0));
  character_record c;
  c.account_id = id;
  c.where = location{10, 1, 0, 0};
  c.hp = c.max_hp = 20;
  characters::save(db, c);

  characters::move_all_in_branch_to(db, 1, location{}, "The branch collapsed behind you.");
  branches::remove(db, 1);

  const auto after = characters::load(db, id);
  ASSERT_TRUE(after);
  EXPECT_EQ(after->where, location{});
  EXPECT_EQ(after->pending_message, "The branch collapsed behind you.");
}

TEST(Branches, MaxRoomIdAndMaxSequence) {
  database db = database::open(":memory:");
  EXPECT_EQ(branches::max_room_id(db), 2);  // the static rooms
  EXPECT_EQ(branches::max_sequence(db), 0);
  branches::upsert(db, make_branch(1, 40));
  branches::upsert(db, make_branch(2, 41));
  rooms::upsert(db, make_room(1234, 2, 0, 0));
  rooms::upsert(db, make_room(77, 1, 0, 0));
  EXPECT_EQ(branches::max_room_id(db), 1234);
  EXPECT_EQ(branches::max_sequence(db), 41);
}

}  // namespace
}  // namespace dw::store
