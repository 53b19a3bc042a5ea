#include "server/store/migrations.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "server/store/branches.hpp"
#include "server/store/database.hpp"
#include "server/store/store_error.hpp"
#include "server/store/world.hpp"
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
  for (const char* name : {"schema_version", "accounts", "characters", "bans", "audit", "settings", "branches", "rooms",
                           "items", "counters", "progress", "bounty_books", "bounties", "world"}) {
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

TEST(Migrations, BranchesStoredBeforeVersionNineKeepTheirIdAsTapeKey) {
  // Issue 28: new branches key their rooms' tapes by their own seed; those already stored were drawn by their
  // id, and the migration records that, so their rooms and saved fights keep what they have.
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  {
    database db = database::open_unchecked(path);
    migrate(db, migrations().first(8));
    ASSERT_EQ(db.schema_version(), 8);
    db.exec(
        "INSERT INTO branches (id, direction, number, sequence, seed, created_at, window_end, last_occupied, "
        "unexplored, room_count) VALUES (4, 1, 1, 4, -5, 10, 20, 30, 2, 1), (9, 0, 3, 9, 77, 10, 20, 30, 1, 1)");
  }
  database db = database::open(path);
  ASSERT_EQ(db.schema_version(), latest_schema_version());
  const std::vector<branch_record> stored = branches::load_all(db);
  ASSERT_EQ(stored.size(), 2U);
  EXPECT_EQ(stored[0].tape_key, 4U);
  EXPECT_EQ(stored[0].seed, static_cast<std::uint64_t>(-5)) << "the layout's seed is not touched";
  EXPECT_EQ(stored[1].tape_key, 9U);
  EXPECT_EQ(stored[1].seed, 77U);
  EXPECT_FALSE(world::recorded_seed(db).has_value()) << "the first start records it, not the migration";

  // A branch the game opens now carries its own key, through a save and a load.
  branch_record fresh = stored[1];
  fresh.id = 10;
  fresh.sequence = 10;
  fresh.seed = 0xFEEDFACECAFEBEEFULL;
  fresh.tape_key = fresh.seed;
  branches::upsert(db, fresh);
  EXPECT_EQ(branches::load_all(db).back().tape_key, 0xFEEDFACECAFEBEEFULL);
}

TEST(Migrations, TheWorldSeedIsRecordedOnce) {
  database db = database::open(":memory:");
  EXPECT_FALSE(world::recorded_seed(db).has_value());
  EXPECT_TRUE(world::record_seed(db, 20261122, 1'800'000'000));
  EXPECT_FALSE(world::record_seed(db, 7, 1'800'000'001)) << "never changed once recorded";
  EXPECT_EQ(world::recorded_seed(db), 20261122);
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
