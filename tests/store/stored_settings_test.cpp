#include "server/store/stored_settings.hpp"

#include <gtest/gtest.h>

#include "server/store/database.hpp"

namespace dw::store {
namespace {

TEST(Settings, SetGetAllAndRemove) {
  database db = database::open(":memory:");
  EXPECT_TRUE(settings::get_all(db).empty());
  settings::set(db, "motd", "Welcome");
  settings::set(db, "idle_minutes", "30");
  settings::set(db, "motd", "Welcome back");  // replaces
  const auto all = settings::get_all(db);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].key, "idle_minutes");
  EXPECT_EQ(all[0].value, "30");
  EXPECT_EQ(all[1].key, "motd");
  EXPECT_EQ(all[1].value, "Welcome back");
  EXPECT_EQ(settings::get(db, "motd"), "Welcome back");
  EXPECT_FALSE(settings::get(db, "missing"));

  EXPECT_TRUE(settings::remove(db, "motd"));
  EXPECT_FALSE(settings::remove(db, "motd"));
  EXPECT_EQ(settings::get_all(db).size(), 1u);
}

}  // namespace
}  // namespace dw::store
