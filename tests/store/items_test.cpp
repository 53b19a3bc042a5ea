#include "server/store/items.hpp"

#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
#include "server/store/branches.hpp"
#include "server/store/database.hpp"
#include "server/store/rooms.hpp"
#include "server/store/store_error.hpp"
#include "tests/store/store_fixtures.hpp"

namespace dw::store {
namespace {

using testing::make_branch;
using testing::make_item;
using testing::make_room;

struct world {
  database db = database::open(":memory:");
  std::int64_t owner = 0;
  world() {
    owner = accounts::create(db, "Holder", "h", role::player, 1).id;
    branches::upsert(db, make_branch(1));
    rooms::upsert(db, make_room(10, 1, 0, 0));
  }
};

TEST(Items, CreateAssignsIdsAndRoundTrips) {
  world w;
  auto item = make_item(w.owner, 0);
  item.equipped = true;
  const auto id = items::create(w.db, item);
  EXPECT_GT(id, 0);
  EXPECT_GT(items::create(w.db, make_item(0, 10)), id);
  const auto found = items::find(w.db, id);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_EQ(found->kind, "weapon");
  EXPECT_EQ(found->key, "short_sword");
  EXPECT_EQ(found->seed, 0x8000000000000001ull);
  EXPECT_EQ(found->owner_account, w.owner);
  EXPECT_EQ(found->room_id, 0);
  EXPECT_TRUE(found->equipped);
}

TEST(Items, UpsertKeepsTheGivenIdAndUpdates) {
  world w;
  auto item = make_item(0, 10);
  item.id = 5000;
  items::upsert(w.db, item);
  item.key = "long_sword";
  items::upsert(w.db, item);
  const auto found = items::find(w.db, 5000);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->key, "long_sword");
  EXPECT_EQ(items::max_id(w.db), 5000);
}

TEST(Items, WhatAnArtefactWasMadeAsIsKeptWithIt) {
  world w;
  auto item = make_item(w.owner, 0);
  item.kind = "scroll";
  item.made = "type\tscroll\nname\tthe Scroll of Pello\nprice\t46\n";
  const auto id = items::create(w.db, item);
  EXPECT_EQ(items::find(w.db, id)->made, item.made);
  EXPECT_EQ(items::list_carried(w.db, w.owner).at(0).made, item.made);
  item.id = id;
  item.made = "type\tscroll\nname\tthe Scroll of Taldaren\nprice\t12\n";
  items::upsert(w.db, item);
  EXPECT_EQ(items::find(w.db, id)->made, item.made);
  EXPECT_EQ(items::find(w.db, items::create(w.db, make_item(0, 10)))->made, "");  // gear: nothing kept
}

TEST(Items, ListInRoomAndCarried) {
  world w;
  const auto a = items::create(w.db, make_item(0, 10));
  const auto b = items::create(w.db, make_item(0, 10));
  const auto c = items::create(w.db, make_item(w.owner, 0));
  const auto in_room = items::list_in_room(w.db, 10);
  ASSERT_EQ(in_room.size(), 2u);
  EXPECT_EQ(in_room[0].id, a);
  EXPECT_EQ(in_room[1].id, b);
  const auto carried = items::list_carried(w.db, w.owner);
  ASSERT_EQ(carried.size(), 1u);
  EXPECT_EQ(carried[0].id, c);
}

TEST(Items, MovePicksUpAndDropsAndUnequips) {
  world w;
  const auto id = items::create(w.db, make_item(0, 10));
  EXPECT_TRUE(items::move(w.db, id, w.owner, 0));
  EXPECT_TRUE(items::set_equipped(w.db, id, true));
  EXPECT_TRUE(items::list_in_room(w.db, 10).empty());
  ASSERT_EQ(items::list_carried(w.db, w.owner).size(), 1u);
  EXPECT_TRUE(items::find(w.db, id)->equipped);

  EXPECT_TRUE(items::move(w.db, id, 0, 1));  // dropped in the village square
  const auto dropped = items::find(w.db, id);
  ASSERT_TRUE(dropped);
  EXPECT_EQ(dropped->room_id, 1);
  EXPECT_EQ(dropped->owner_account, 0);
  EXPECT_FALSE(dropped->equipped);
  EXPECT_FALSE(items::move(w.db, id + 100, w.owner, 0));
}

TEST(Items, CannotBeBothCarriedAndLying) {
  world w;
  EXPECT_THROW(items::create(w.db, make_item(w.owner, 10)), store_error);
}

TEST(Items, RoomAndOwnerMustExist) {
  world w;
  EXPECT_THROW(items::create(w.db, make_item(0, 99999)), store_error);
  EXPECT_THROW(items::create(w.db, make_item(424242, 0)), store_error);
}

TEST(Items, Remove) {
  world w;
  const auto id = items::create(w.db, make_item(0, 10));
  EXPECT_TRUE(items::remove(w.db, id));
  EXPECT_FALSE(items::find(w.db, id));
  EXPECT_FALSE(items::remove(w.db, id));
}

}  // namespace
}  // namespace dw::store
