#include "server/store/preferences.hpp"

#include <gtest/gtest.h>

#include "server/store/accounts.hpp"
#include "server/store/database.hpp"

namespace dw::store {
namespace {

TEST(Preferences, SetReplaceRemoveAndKeepAccountsApart) {
  database db = database::open(":memory:");
  const auto ann = accounts::create(db, "Ann", "h", role::player, 1).id;
  const auto bob = accounts::create(db, "Bob", "h", role::player, 1).id;
  EXPECT_TRUE(preferences::list(db, ann).empty());
  preferences::set(db, ann, "colour", "off");
  preferences::set(db, ann, "brief", "on");
  preferences::set(db, bob, "colour", "on");
  preferences::set(db, ann, "colour", "on");  // replaces
  auto mine = preferences::list(db, ann);
  ASSERT_EQ(mine.size(), 2u);
  EXPECT_EQ(mine[0].key, "brief");
  EXPECT_EQ(mine[1].key, "colour");
  EXPECT_EQ(mine[1].value, "on");
  preferences::set(db, ann, "brief", "");  // an empty value removes it
  mine = preferences::list(db, ann);
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0].key, "colour");
  EXPECT_EQ(preferences::list(db, bob).size(), 1u);
}

}  // namespace
}  // namespace dw::store
