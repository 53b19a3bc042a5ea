#include "server/store/bounties.hpp"

#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
#include "server/store/database.hpp"

namespace dw::store {
namespace {

bounty_record task(std::int64_t day, std::int32_t slot, std::string kind, std::string target, std::int32_t progress) {
  bounty_record r;
  r.day = day;
  r.slot = slot;
  r.kind = std::move(kind);
  r.target = std::move(target);
  r.depth = 3;
  r.count = 4;
  r.progress = progress;
  r.silver = 55;
  r.xp = 120;
  return r;
}

TEST(Bounties, ABookIsSavedAsAWholeAndReadBackInBoardOrder) {
  database db = database::open(":memory:");
  const auto ann = accounts::create(db, "Ann", "h", role::player, 1).id;
  const auto bob = accounts::create(db, "Bob", "h", role::player, 1).id;
  EXPECT_FALSE(bounties::load(db, ann).has_value()) << "never held one";

  bounty_book_record book{ann, 2, {task(20781, 3, "defeat", "cave_rat", 1), task(20780, 2, "reach", "", 0)}};
  book.tasks[1].turned_in = true;
  bounties::save(db, book);
  bounties::save(db, bounty_book_record{bob, 0, {task(20781, 3, "scroll", "heal", 0)}});
  auto loaded = bounties::load(db, ann);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->completed, 2);
  ASSERT_EQ(loaded->tasks.size(), 2U);
  EXPECT_EQ(loaded->tasks[0], book.tasks[1]) << "by day, then notice";
  EXPECT_EQ(loaded->tasks[1], book.tasks[0]);

  // Saving again replaces everything: a task given up is gone, progress moves on.
  book.tasks.erase(book.tasks.begin() + 1);
  book.tasks[0].progress = 4;
  book.completed = 3;
  bounties::save(db, book);
  loaded = bounties::load(db, ann);
  EXPECT_EQ(*loaded, book);
  // An empty book is still a book: it says how many were completed.
  bounties::save(db, bounty_book_record{ann, 3, {}});
  loaded = bounties::load(db, ann);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_TRUE(loaded->tasks.empty());
  EXPECT_EQ(loaded->completed, 3);
  // Bob's are his own.
  ASSERT_EQ(bounties::load(db, bob)->tasks.size(), 1U);
  EXPECT_EQ(bounties::load(db, bob)->tasks[0].target, "heal");
}

TEST(Bounties, GoWithTheirAccount) {
  database db = database::open(":memory:");
  const auto ann = accounts::create(db, "Ann", "h", role::player, 1).id;
  bounties::save(db, bounty_book_record{ann, 1, {task(1, 1, "open", "", 0)}});
  db.exec("DELETE FROM accounts WHERE name = 'Ann'");
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM bounties"), 0);
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM bounty_books"), 0);
}

}  // namespace
}  // namespace dw::store
