#include "server/store/migrations.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>

#include "server/store/database.hpp"
#include "server/store/store_error.hpp"
#include "tests/store/temp_dir.hpp"

namespace dw::store {
namespace {

using testing::temp_dir;

std::int64_t table_count(database& db) {
  return db.query_int64("SELECT count(*) FROM sqlite_schema WHERE type = 'table'");
}

bool has_table(database& db, const std::string& name) {
  return db.query_int64("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", name) == 1;
}

TEST(Migrations, AreOrderedAndConsecutive) {
  const auto list = migrations();
  ASSERT_FALSE(list.empty());
  for (std::size_t i = 0; i < list.size(); ++i) {
    EXPECT_EQ(list[i].version, static_cast<std::int32_t>(i + 1));
  }
  EXPECT_EQ(latest_schema_version(), list.back().version);
}

TEST(Migrations, FreshDatabaseGetsEveryTable) {
  database db = database::open(":memory:");
  for (const char* name : {"schema_version", "accounts", "characters", "bans", "audit", "settings", "branches",
                           "rooms", "items", "counters", "progress", "bounty_books", "bounties"}) {
    EXPECT_TRUE(has_table(db, name)) << name;
  }
  // The static rooms exist so items can lie in them.
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM rooms WHERE id IN (1, 2) AND branch_id IS NULL"), 2);
}

TEST(Migrations, ReopeningIsANoOp) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  std::int64_t tables = 0;
  {
    database db = database::open(path);
    tables = table_count(db);
    db.exec("INSERT INTO settings (key, value) VALUES ('kept', 'yes')");
  }
  database db = database::open(path);
  EXPECT_EQ(db.schema_version(), latest_schema_version());
  EXPECT_EQ(table_count(db), tables);
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM settings WHERE key = 'kept'"), 1);
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM rooms"), 2);  // static rooms not inserted twice
}

TEST(Migrations, DatabaseAtVersionOneIsMigratedOnOpen) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  {
    database db = database::open_unchecked(path);
    migrate(db, migrations().first(1));
    EXPECT_EQ(db.schema_version(), 1);
    EXPECT_FALSE(has_table(db, "rooms"));
    db.exec("INSERT INTO accounts (name, password_hash, created_at) VALUES ('Old', 'h', 1)");
  }
  database db = database::open(path);
  EXPECT_EQ(db.schema_version(), latest_schema_version());
  EXPECT_TRUE(has_table(db, "rooms"));
  EXPECT_TRUE(has_table(db, "items"));
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM accounts WHERE name = 'Old'"), 1);
}

TEST(Migrations, FailingMigrationLeavesThePreviousVersion) {
  database db = database::open_unchecked(":memory:");
  const std::array<migration, 2> list{{
      {1, "CREATE TABLE a (x INTEGER);"},
      {2, "CREATE TABLE b (x INTEGER); THIS IS NOT SQL;"},
  }};
  EXPECT_THROW(migrate(db, list), store_error);
  EXPECT_EQ(db.schema_version(), 1);
  EXPECT_TRUE(has_table(db, "a"));
  EXPECT_FALSE(has_table(db, "b"));  // rolled back with its transaction
}

TEST(Migrations, CustomListAppliesOnlyNewerSteps) {
  database db = database::open_unchecked(":memory:");
  std::array<migration, 2> list{{
      {1, "CREATE TABLE a (x INTEGER);"},
      {2, "CREATE TABLE b (x INTEGER);"},
  }};
  migrate(db, std::span(list).first(1));
  migrate(db, list);
  migrate(db, list);  // nothing left to do; would fail on "table a already exists" otherwise
  EXPECT_EQ(db.schema_version(), 2);
  EXPECT_TRUE(has_table(db, "b"));
}

}  // namespace
}  // namespace dw::store
