// What start-up proves about a database before anyone plays: it can be written, and it is not damaged.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "server/store/database.hpp"
#include "server/store/rooms.hpp"
#include "server/store/store_error.hpp"
#include "tests/store/temp_dir.hpp"

namespace dw::store {
namespace {

using testing::temp_dir;

std::string writable_error(database& db) {
  try {
    db.check_writable();
  } catch (const store_error& e) {
    return e.what();
  }
  return {};
}

TEST(StartupChecks, AWritableDatabasePasses) {
  temp_dir dir;
  database db = database::open(dir.file("deepwell.db"));
  EXPECT_EQ(writable_error(db), "");
}

TEST(StartupChecks, ALockHeldByAnotherConnectionIsNamedAfterTheWait) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  database db = database::open(path);
  // Another program holds the write lock (as `sqlite3 deepwell.db 'BEGIN EXCLUSIVE; ...'` would).
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
  db.set_busy_timeout(50);
  const std::string why = writable_error(db);
  EXPECT_NE(why.find("another process holds a lock"), std::string::npos) << why;
  EXPECT_NE(why.find(path), std::string::npos) << why;
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  EXPECT_EQ(writable_error(db), "") << "once the lock is gone the database is writable";
}

TEST(StartupChecks, AReadOnlyConnectionIsNamed) {
  temp_dir dir;
  database db = database::open(dir.file("deepwell.db"));
  db.exec("PRAGMA query_only = ON");  // SQLite refuses writes with SQLITE_READONLY, as for a read-only file
  const std::string why = writable_error(db);
  EXPECT_NE(why.find("read-only"), std::string::npos) << why;
}

TEST(StartupChecks, QuickCheckOfAHealthyDatabaseIsOk) {
  temp_dir dir;
  database db = database::open(dir.file("deepwell.db"));
  const check_report report = db.quick_check();
  EXPECT_TRUE(report.ok);
  EXPECT_TRUE(report.damaged_tables.empty());
}

TEST(StartupChecks, QuickCheckNamesTheTableWithACorruptPage) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  std::int64_t root = 0;
  std::int64_t page_size = 0;
  {
    database db = database::open(path);
    db.exec(
        "INSERT INTO branches (id, direction, number, sequence, seed, created_at, window_end, last_occupied, "
        "unexplored, room_count) VALUES (1, 0, 1, 1, 1, 0, 0, 0, 0, 0)");
    for (int i = 0; i < 400; ++i) {
      db.exec("INSERT INTO rooms (id, branch_id, x, y, contents) VALUES (" + std::to_string(100 + i) + ", 1, " +
              std::to_string(i) + ", 1, 'some text to fill the pages of the table up a little')");
    }
    root = db.query_int64("SELECT rootpage FROM sqlite_schema WHERE name = 'rooms'");
    page_size = db.query_int64("PRAGMA page_size");
  }  // the last connection closes: the WAL is checkpointed into the main file
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    ASSERT_TRUE(file.good());
    // Scribble over the rooms table's root page header (a disk error in exactly that page).
    file.seekp((root - 1) * page_size);
    const std::string junk(64, '\x5a');
    file.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  }
  database db = database::open(path);
  const check_report report = db.quick_check();
  EXPECT_FALSE(report.ok);
  ASSERT_FALSE(report.problems.empty());
  EXPECT_NE(std::find(report.damaged_tables.begin(), report.damaged_tables.end(), "rooms"),
            report.damaged_tables.end())
      << "problems: " << report.problems.front();
  EXPECT_EQ(std::find(report.damaged_tables.begin(), report.damaged_tables.end(), "accounts"),
            report.damaged_tables.end());
}

}  // namespace
}  // namespace dw::store
