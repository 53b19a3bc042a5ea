#include "server/store/accounts.hpp"

#include <gtest/gtest.h>

#include "server/store/database.hpp"

namespace dw::store {
namespace {

TEST(Role, NamesRoundTrip) {
  for (role r : {role::player, role::builder, role::admin}) {
    EXPECT_EQ(parse_role(to_string(r)), r);
  }
  EXPECT_FALSE(parse_role("wizard"));
  EXPECT_FALSE(parse_role("Admin"));
}

TEST(Accounts, CreateThenFindByNameAndId) {
  database db = database::open(":memory:");
  const auto created = accounts::create(db, "Aria", "hash-1", role::builder, 1000);
  ASSERT_TRUE(created);
  EXPECT_GT(created.id, 0);

  const auto by_name = accounts::find_by_name(db, "Aria");
  ASSERT_TRUE(by_name);
  EXPECT_EQ(by_name->id, created.id);
  EXPECT_EQ(by_name->name, "Aria");
  EXPECT_EQ(by_name->password_hash, "hash-1");
  EXPECT_EQ(by_name->account_role, role::builder);
  EXPECT_EQ(by_name->created_at, 1000);
  EXPECT_EQ(by_name->last_login, 0);

  const auto by_id = accounts::find_by_id(db, created.id);
  ASSERT_TRUE(by_id);
  EXPECT_EQ(by_id->name, "Aria");
  EXPECT_FALSE(accounts::find_by_id(db, created.id + 1));
}

TEST(Accounts, NamesAreUniqueCaseInsensitively) {
  database db = database::open(":memory:");
  const auto first = accounts::create(db, "Aria", "h", role::player, 1);
  ASSERT_TRUE(first);
  const auto again = accounts::create(db, "aRIA", "h2", role::player, 2);
  EXPECT_FALSE(again);
  EXPECT_TRUE(again.name_taken);
  EXPECT_EQ(again.id, 0);
  EXPECT_EQ(accounts::count(db), 1);
  // The connection is still usable after the refused insert.
  EXPECT_TRUE(accounts::create(db, "Bran", "h", role::player, 3));
}

TEST(Accounts, FindByNameIgnoresCaseAndKeepsStoredSpelling) {
  database db = database::open(":memory:");
  accounts::create(db, "MixedCase", "h", role::player, 1);
  const auto found = accounts::find_by_name(db, "mixedcase");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "MixedCase");
  EXPECT_FALSE(accounts::find_by_name(db, "mixedcas"));
}

TEST(Accounts, CountAndListInIdOrder) {
  database db = database::open(":memory:");
  EXPECT_EQ(accounts::count(db), 0);
  accounts::create(db, "Cai", "h", role::player, 1);
  accounts::create(db, "Abe", "h", role::admin, 2);
  EXPECT_EQ(accounts::count(db), 2);
  const auto all = accounts::list(db);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].name, "Cai");
  EXPECT_EQ(all[1].name, "Abe");
  EXPECT_EQ(all[1].account_role, role::admin);
}

TEST(Accounts, SetRolePasswordAndTouchLogin) {
  database db = database::open(":memory:");
  const auto id = accounts::create(db, "Dee", "old", role::player, 1).id;
  EXPECT_TRUE(accounts::set_role(db, id, role::admin));
  EXPECT_TRUE(accounts::set_password_hash(db, id, "new"));
  EXPECT_TRUE(accounts::touch_login(db, id, 777));
  const auto a = accounts::find_by_id(db, id);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->account_role, role::admin);
  EXPECT_EQ(a->password_hash, "new");
  EXPECT_EQ(a->last_login, 777);
}

TEST(Accounts, UpdatesOnAMissingAccountReturnFalse) {
  database db = database::open(":memory:");
  EXPECT_FALSE(accounts::set_role(db, 42, role::admin));
  EXPECT_FALSE(accounts::set_password_hash(db, 42, "x"));
  EXPECT_FALSE(accounts::touch_login(db, 42, 1));
}

}  // namespace
}  // namespace dw::store

namespace dw::store {
namespace {

TEST(AccountLockout, RepeatedFailuresLockAndLoginOrUnlockClear) {
  database db = database::open(":memory:");
  const auto id = accounts::create(db, "Dora", "hash", role::player, 10).id;
  EXPECT_EQ(accounts::record_failed_login(db, id, 100, 3, 600), 0);
  EXPECT_EQ(accounts::record_failed_login(db, id, 101, 3, 600), 0);
  EXPECT_EQ(accounts::record_failed_login(db, id, 102, 3, 600), 702) << "the third failure in a row locks";
  auto dora = accounts::find_by_id(db, id);
  ASSERT_TRUE(dora);
  EXPECT_EQ(dora->failed_logins, 3);
  EXPECT_EQ(dora->locked_until, 702);
  // An administrator lifts the lock; the owner will still hear about the three failures.
  EXPECT_TRUE(accounts::unlock(db, id));
  dora = accounts::find_by_id(db, id);
  EXPECT_EQ(dora->locked_until, 0);
  EXPECT_EQ(dora->failed_logins, 3);
  EXPECT_EQ(accounts::record_failed_login(db, id, 200, 3, 600), 0) << "unlocking restarts the count toward a lock";
  // A successful login clears everything.
  accounts::record_login(db, id, 300);
  dora = accounts::find_by_id(db, id);
  EXPECT_EQ(dora->failed_logins, 0);
  EXPECT_EQ(dora->lock_failures, 0);
  EXPECT_EQ(dora->last_login, 300);
  EXPECT_FALSE(accounts::unlock(db, 9999));
}

}  // namespace
}  // namespace dw::store
