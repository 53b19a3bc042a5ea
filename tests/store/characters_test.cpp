#include "server/store/characters.hpp"

#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
#include "server/store/database.hpp"
#include "server/store/store_error.hpp"

namespace dw::store {
namespace {

character_record make_character(std::int64_t account_id, location where) {
  character_record c;
  c.account_id = account_id;
  c.where = where;
  c.hp = 15;
  c.max_hp = 20;
  c.last_seen = 500;
  return c;
}

TEST(Characters, SaveThenLoad) {
  database db = database::open(":memory:");
  const auto id = accounts::create(db, "Eve", "h", role::player, 1).id;
  EXPECT_FALSE(characters::load(db, id));
  auto c = make_character(id, location{105, 7, -3, 4});
  c.pending_message = "welcome back";
  characters::save(db, c);
  const auto loaded = characters::load(db, id);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->account_id, id);
  EXPECT_EQ(loaded->where, (location{105, 7, -3, 4}));
  EXPECT_EQ(loaded->hp, 15);
  EXPECT_EQ(loaded->max_hp, 20);
  EXPECT_EQ(loaded->last_seen, 500);
  EXPECT_EQ(loaded->pending_message, "welcome back");
}

TEST(Characters, SaveIsAnUpsert) {
  database db = database::open(":memory:");
  const auto id = accounts::create(db, "Eve", "h", role::player, 1).id;
  characters::save(db, make_character(id, location{}));
  auto c = make_character(id, location{2, 0, 0, 0});
  c.hp = 3;
  characters::save(db, c);
  const auto loaded = characters::load(db, id);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->where.room_id, 2);
  EXPECT_EQ(loaded->hp, 3);
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM characters"), 1);
}

TEST(Characters, SaveNeedsAnExistingAccount) {
  database db = database::open(":memory:");
  EXPECT_THROW(characters::save(db, make_character(999, location{})), store_error);
}

TEST(Characters, MoveAllInBranchMovesOnlyThatBranchAndAppendsMessage) {
  database db = database::open(":memory:");
  const auto a = accounts::create(db, "A", "h", role::player, 1).id;
  const auto b = accounts::create(db, "B", "h", role::player, 1).id;
  const auto c = accounts::create(db, "C", "h", role::player, 1).id;
  characters::save(db, make_character(a, location{100, 5, 1, 1}));
  auto with_message = make_character(b, location{101, 5, 2, 1});
  with_message.pending_message = "earlier news";
  characters::save(db, with_message);
  characters::save(db, make_character(c, location{200, 6, 0, 1}));

  EXPECT_EQ(characters::list_in_branch(db, 5).size(), 2u);
  const location square{1, 0, 0, 0};
  EXPECT_EQ(characters::move_all_in_branch_to(db, 5, square, "Your branch collapsed."), 2);

  EXPECT_TRUE(characters::list_in_branch(db, 5).empty());
  EXPECT_EQ(characters::load(db, a)->where, square);
  EXPECT_EQ(characters::load(db, a)->pending_message, "Your branch collapsed.");
  EXPECT_EQ(characters::load(db, b)->pending_message, "earlier news\nYour branch collapsed.");
  EXPECT_EQ(characters::load(db, c)->where, (location{200, 6, 0, 1}));
  EXPECT_EQ(characters::load(db, c)->pending_message, "");
}

TEST(Characters, ListInBranchIsOrderedByAccount) {
  database db = database::open(":memory:");
  const auto a = accounts::create(db, "A", "h", role::player, 1).id;
  const auto b = accounts::create(db, "B", "h", role::player, 1).id;
  characters::save(db, make_character(b, location{100, 3, 0, 1}));
  characters::save(db, make_character(a, location{101, 3, 0, 2}));
  const auto list = characters::list_in_branch(db, 3);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].account_id, a);
  EXPECT_EQ(list[1].account_id, b);
}

TEST(Characters, DeepestIsOrderedByDepthThenByWhoGotThereFirst) {
  database db = database::open(":memory:");
  const auto depth_at = [&db](const char* name, std::int32_t deepest, std::int64_t at) {
    auto c = make_character(accounts::create(db, name, "h", role::player, 1).id, location{1, 0, 0, 0});
    c.deepest = deepest;
    c.deepest_at = at;
    characters::save(db, c);
  };
  depth_at("Ann", 3, 100);
  depth_at("Bob", 7, 300);
  depth_at("Cid", 7, 200);
  depth_at("Dot", 0, 0);  // never went down: not on the board
  const auto rows = characters::deepest(db, 10);
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[0].name, "Cid");
  EXPECT_EQ(rows[1].name, "Bob");
  EXPECT_EQ(rows[2].name, "Ann");
  EXPECT_EQ(rows[2].deepest, 3);
  EXPECT_EQ(rows[2].deepest_at, 100);
  EXPECT_EQ(characters::deepest(db, 1).size(), 1U);
}

}  // namespace
}  // namespace dw::store
