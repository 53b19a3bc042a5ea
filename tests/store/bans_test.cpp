#include "server/store/bans.hpp"

#include <gtest/gtest.h>

#include "server/store/database.hpp"
#include "server/store/store_error.hpp"

namespace dw::store {
namespace {

ban_record make_ban(std::string kind, std::string target, std::int64_t expires_at) {
  ban_record b;
  b.kind = std::move(kind);
  b.target = std::move(target);
  b.reason = "spamming";
  b.by = "Admin";
  b.created_at = 100;
  b.expires_at = expires_at;
  return b;
}

TEST(Bans, AddListAndRemove) {
  database db = database::open(":memory:");
  const auto first = bans::add(db, make_ban("account", "Griefer", 0));
  const auto second = bans::add(db, make_ban("address", "203.0.113.*", 500));
  EXPECT_LT(first, second);
  const auto all = bans::list(db);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].id, first);
  EXPECT_EQ(all[0].kind, "account");
  EXPECT_EQ(all[0].target, "Griefer");
  EXPECT_EQ(all[0].reason, "spamming");
  EXPECT_EQ(all[0].by, "Admin");
  EXPECT_EQ(all[0].created_at, 100);
  EXPECT_EQ(all[0].expires_at, 0);
  EXPECT_EQ(all[1].target, "203.0.113.*");

  EXPECT_TRUE(bans::remove(db, first));
  EXPECT_FALSE(bans::remove(db, first));
  ASSERT_EQ(bans::list(db).size(), 1u);
}

TEST(Bans, ListActiveDropsExpiredOnes) {
  database db = database::open(":memory:");
  bans::add(db, make_ban("account", "Forever", 0));
  bans::add(db, make_ban("account", "Expired", 150));
  bans::add(db, make_ban("account", "Later", 300));
  const auto active = bans::list_active(db, 200);
  ASSERT_EQ(active.size(), 2u);
  EXPECT_EQ(active[0].target, "Forever");
  EXPECT_EQ(active[1].target, "Later");
}

TEST(Bans, RemoveTargetTakesEveryBanOnItWhateverTheCase) {
  database db = database::open(":memory:");
  bans::add(db, make_ban("account", "Griefer", 0));
  bans::add(db, make_ban("address", "10.1.*", 0));
  bans::add(db, make_ban("account", "griefer", 500));
  const auto removed = bans::remove_target(db, "GRIEFER");
  ASSERT_EQ(removed.size(), 2u);
  EXPECT_EQ(removed[0].target, "Griefer");
  EXPECT_EQ(removed[1].expires_at, 500);
  const auto left = bans::list(db);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].target, "10.1.*");
  EXPECT_TRUE(bans::remove_target(db, "10.1").empty());
}

TEST(Bans, KindIsChecked) {
  database db = database::open(":memory:");
  EXPECT_THROW(bans::add(db, make_ban("planet", "Mars", 0)), store_error);
}

}  // namespace
}  // namespace dw::store
