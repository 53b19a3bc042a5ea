#include "server/store/rooms.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "server/store/branches.hpp"
#include "server/store/database.hpp"
#include "server/store/store_error.hpp"
#include "tests/store/store_fixtures.hpp"

namespace dw::store {
namespace {

using testing::make_branch;
using testing::make_room;

database with_branch(std::int64_t branch_id) {
  database db = database::open(":memory:");
  branches::upsert(db, make_branch(branch_id));
  return db;
}

TEST(Rooms, UpsertThenLoadByCoordinatesRoundTripsEveryField) {
  database db = with_branch(3);
  auto r = make_room(500, 3, -4, 9);
  r.exits = {0, 1, 2, 4};
  r.clear = true;
  r.contents = "m:rat,1;m:rat,2";
  rooms::upsert(db, r);
  const auto loaded = rooms::load(db, 3, -4, 9);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->id, 500);
  EXPECT_EQ(loaded->branch_id, 3);
  EXPECT_EQ(loaded->x, -4);
  EXPECT_EQ(loaded->y, 9);
  EXPECT_EQ(loaded->depth, 5);
  EXPECT_TRUE(loaded->clear);
  EXPECT_EQ(loaded->exits, (std::array<std::uint8_t, 4>{0, 1, 2, 4}));
  EXPECT_EQ(loaded->event, 7);
  EXPECT_EQ(loaded->contents, "m:rat,1;m:rat,2");
  EXPECT_FALSE(rooms::load(db, 3, -4, 8));
  EXPECT_FALSE(rooms::load(db, 4, -4, 9));
}

TEST(Rooms, LoadByIdAndStaticRooms) {
  database db = with_branch(1);
  rooms::upsert(db, make_room(42, 1, 2, 3));
  const auto found = rooms::load_by_id(db, 42);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->x, 2);
  EXPECT_EQ(found->y, 3);
  const auto square = rooms::load_by_id(db, 1);
  ASSERT_TRUE(square);
  EXPECT_EQ(square->branch_id, 0);
  EXPECT_FALSE(rooms::load_by_id(db, 43));
}

TEST(Rooms, UpsertUpdatesInPlace) {
  database db = with_branch(1);
  rooms::upsert(db, make_room(42, 1, 2, 3));
  auto changed = make_room(42, 1, 2, 3);
  changed.clear = false;
  changed.exits = {4, 4, 4, 4};
  changed.contents = "";
  rooms::upsert(db, changed);
  const auto loaded = rooms::load(db, 1, 2, 3);
  ASSERT_TRUE(loaded);
  EXPECT_FALSE(loaded->clear);
  EXPECT_EQ(loaded->exits, (std::array<std::uint8_t, 4>{4, 4, 4, 4}));
  EXPECT_EQ(loaded->contents, "");
  EXPECT_EQ(rooms::count_in_branch(db, 1), 1);
}

TEST(Rooms, UpsertLayoutKeepsEventAndContents) {
  database db = with_branch(1);
  auto fresh = make_room(42, 1, 2, 3);
  rooms::upsert_layout(db, fresh);
  auto loaded = rooms::load_by_id(db, 42);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->event, 0);  // a new room starts without content
  EXPECT_EQ(loaded->contents, "");
  EXPECT_EQ(loaded->exits, fresh.exits);

  rooms::upsert(db, make_room(42, 1, 2, 3));  // content layer fills it in
  auto relaid = make_room(42, 1, 2, 3);
  relaid.exits = {2, 2, 2, 2};
  relaid.clear = true;
  relaid.event = 0;
  relaid.contents = "";
  rooms::upsert_layout(db, relaid);
  loaded = rooms::load_by_id(db, 42);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->exits, (std::array<std::uint8_t, 4>{2, 2, 2, 2}));
  EXPECT_TRUE(loaded->clear);
  EXPECT_EQ(loaded->event, 7);
  EXPECT_EQ(loaded->contents, "m:goblin,3;f:0");
}

TEST(Rooms, CoordinatesAreUniqueWithinABranch) {
  database db = with_branch(1);
  branches::upsert(db, make_branch(2));
  rooms::upsert(db, make_room(10, 1, 0, 0));
  rooms::upsert(db, make_room(11, 2, 0, 0));  // same coordinates, other branch: fine
  try {
    rooms::upsert(db, make_room(12, 1, 0, 0));
    FAIL() << "expected a unique constraint failure";
  } catch (const store_error& e) {
    EXPECT_EQ(e.code(), SQLITE_CONSTRAINT_UNIQUE);
  }
}

TEST(Rooms, NeedTheirBranch) {
  database db = database::open(":memory:");
  EXPECT_THROW(rooms::upsert(db, make_room(10, 99, 0, 0)), store_error);
}

TEST(Rooms, CountInBranch) {
  database db = with_branch(1);
  branches::upsert(db, make_branch(2));
  for (int i = 0; i < 5; ++i) {
    rooms::upsert(db, make_room(10 + i, 1, i, 0));
  }
  rooms::upsert(db, make_room(20, 2, 0, 0));
  EXPECT_EQ(rooms::count_in_branch(db, 1), 5);
  EXPECT_EQ(rooms::count_in_branch(db, 2), 1);
  EXPECT_EQ(rooms::count_in_branch(db, 3), 0);
}

TEST(Rooms, ListInRectReturnsOnlyTheRectangleInOrder) {
  database db = with_branch(1);
  branches::upsert(db, make_branch(2));
  std::int64_t id = 100;
  for (int x = -3; x <= 3; ++x) {
    for (int y = -3; y <= 3; ++y) {
      rooms::upsert(db, make_room(id++, 1, x, y));
    }
  }
  rooms::upsert(db, make_room(id++, 2, 0, 0));
  const auto rect = rooms::list_in_rect(db, 1, -1, 0, 1, 2);
  ASSERT_EQ(rect.size(), 9u);  // 3 columns x 3 rows
  for (std::size_t i = 0; i < rect.size(); ++i) {
    EXPECT_EQ(rect[i].branch_id, 1);
    EXPECT_GE(rect[i].x, -1);
    EXPECT_LE(rect[i].x, 1);
    EXPECT_GE(rect[i].y, 0);
    EXPECT_LE(rect[i].y, 2);
    if (i > 0) {
      EXPECT_LT(std::pair(rect[i - 1].x, rect[i - 1].y), std::pair(rect[i].x, rect[i].y));
    }
  }
  EXPECT_TRUE(rooms::list_in_rect(db, 1, 10, 10, 20, 20).empty());
}

TEST(Rooms, PointLookupUsesTheCoordinateKey) {
  database db = with_branch(1);
  auto st = db.prepare(
      "EXPLAIN QUERY PLAN SELECT * FROM rooms WHERE branch_id = 1 AND x = 0 AND y = 0");
  std::string plan;
  while (st->step()) {
    plan += st->column_text(3);
    plan += '\n';
  }
  EXPECT_NE(plan.find("(branch_id=? AND x=? AND y=?)"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("SCAN"), std::string::npos) << plan;
}

}  // namespace
}  // namespace dw::store
