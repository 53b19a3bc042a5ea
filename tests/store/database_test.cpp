#include "server/store/database.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "server/store/migrations.hpp"
#include "server/store/store_error.hpp"
#include "tests/store/temp_dir.hpp"

namespace dw::store {
namespace {

using testing::temp_dir;

std::string pragma_text(database& db, const std::string& pragma) {
  auto st = db.prepare("PRAGMA " + pragma);
  return st->step() ? st->column_text(0) : std::string();
}

// Builds a database with raw SQLite, as another program would.
void make_foreign_db(const std::string& path, int application_id) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  const std::string sql =
      "PRAGMA application_id = " + std::to_string(application_id) + "; CREATE TABLE other (x INTEGER);";
  EXPECT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(raw);
}

std::string open_error(const std::string& path) {
  try {
    database::open(path);
  } catch (const store_error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Database, OpensInMemoryAtTheLatestSchema) {
  database db = database::open(":memory:");
  EXPECT_EQ(db.schema_version(), latest_schema_version());
  EXPECT_EQ(db.query_int64("PRAGMA application_id"), deepwell_application_id);
  EXPECT_EQ(db.query_int64("PRAGMA foreign_keys"), 1);
}

TEST(Database, FileUsesWalNormalSyncForeignKeysAndBusyTimeout) {
  temp_dir dir;
  database db = database::open(dir.file("deepwell.db"));
  EXPECT_EQ(pragma_text(db, "journal_mode"), "wal");
  EXPECT_EQ(db.query_int64("PRAGMA synchronous"), 1);  // NORMAL
  EXPECT_EQ(db.query_int64("PRAGMA foreign_keys"), 1);
  EXPECT_GT(db.query_int64("PRAGMA busy_timeout"), 0);
  EXPECT_EQ(db.query_int64("PRAGMA application_id"), deepwell_application_id);
}

TEST(Database, RejectsATextFile) {
  temp_dir dir;
  const std::string path = dir.file("notes.txt");
  {
    std::ofstream out(path);
    for (int i = 0; i < 100; ++i) {
      out << "This is a plain text file, certainly not a database.\n";
    }
  }
  const std::string message = open_error(path);
  EXPECT_NE(message.find(path + " is not a Deepwell database"), std::string::npos) << message;
  EXPECT_NE(message.find("not an SQLite file"), std::string::npos) << message;
}

TEST(Database, RejectsAnSqliteDatabaseWithAnotherApplicationId) {
  temp_dir dir;
  const std::string path = dir.file("other.db");
  make_foreign_db(path, 0x1234);
  const std::string message = open_error(path);
  EXPECT_NE(message.find(path + " is not a Deepwell database (application_id 0x00001234"), std::string::npos)
      << message;
}

TEST(Database, RejectsANonEmptySqliteDatabaseWithoutApplicationId) {
  temp_dir dir;
  const std::string path = dir.file("other.db");
  make_foreign_db(path, 0);
  const std::string message = open_error(path);
  EXPECT_NE(message.find("is not a Deepwell database"), std::string::npos) << message;
  // And it was left untouched: no Deepwell tables were added.
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw, "SELECT count(*) FROM sqlite_schema", -1, &st, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(st, 0), 1);
  sqlite3_finalize(st);
  sqlite3_close(raw);
}

TEST(Database, ClaimsAnEmptyFile) {
  temp_dir dir;
  const std::string path = dir.file("empty.db");
  { std::ofstream out(path); }
  database db = database::open(path);
  EXPECT_EQ(db.schema_version(), latest_schema_version());
}

TEST(Database, RejectsASchemaNewerThanThisBinary) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  {
    database db = database::open(path);
    db.exec("UPDATE schema_version SET version = 99");
  }
  const std::string message = open_error(path);
  EXPECT_NE(message.find("newer Deepwell (schema version 99; this binary knows up to " +
                         std::to_string(latest_schema_version()) + ")"),
            std::string::npos)
      << message;
}

TEST(Database, MissingParentDirectoryIsAStoreError) {
  temp_dir dir;
  const std::string message = open_error(dir.file("no/such/dir/deepwell.db"));
  EXPECT_NE(message.find("cannot open database"), std::string::npos) << message;
}

TEST(Database, SecondConnectionSeesCommittedData) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  database writer = database::open(path);
  database reader = database::open(path);
  writer.exec("INSERT INTO settings (key, value) VALUES ('motd', 'hello')");
  EXPECT_EQ(reader.query_int64("SELECT count(*) FROM settings WHERE key = 'motd'"), 1);
}

TEST(Database, ConcurrentOpensOfAFreshFileAllSucceed) {
  temp_dir dir;
  for (int round = 0; round < 3; ++round) {
    const std::string path = dir.file("fresh" + std::to_string(round) + ".db");
    std::vector<std::string> errors(4);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < errors.size(); ++t) {
      threads.emplace_back([&, t] {
        try {
          database db = database::open(path);
          if (db.schema_version() != latest_schema_version()) {
            errors[t] = "wrong schema version";
          }
        } catch (const store_error& e) {
          errors[t] = e.what();
        }
      });
    }
    for (auto& thread : threads) {
      thread.join();
    }
    for (const auto& error : errors) {
      EXPECT_EQ(error, "");
    }
  }
}

TEST(Database, MovedConnectionKeepsWorking) {
  database a = database::open(":memory:");
  a.exec("INSERT INTO settings (key, value) VALUES ('k', 'v')");
  database b = std::move(a);
  EXPECT_EQ(b.query_int64("SELECT count(*) FROM settings"), 1);
  a = database::open(":memory:");
  EXPECT_EQ(a.query_int64("SELECT count(*) FROM settings"), 0);
}

TEST(Database, ForeignKeysAreEnforced) {
  database db = database::open(":memory:");
  try {
    db.exec("INSERT INTO rooms (id, branch_id, x, y) VALUES (10, 12345, 0, 0)");
    FAIL() << "expected a foreign key failure";
  } catch (const store_error& e) {
    EXPECT_EQ(e.code(), SQLITE_CONSTRAINT_FOREIGNKEY);
  }
}

}  // namespace
}  // namespace dw::store

namespace dw::store {
namespace {

TEST(Database, ClaimAloneFailsWhileAnotherConnectionIsOpenAndThenKeepsEveryoneElseOut) {
  temp_dir dir;
  const std::string path = dir.file("claim.db");
  {
    database server = database::open(path);  // a running server: it opened the file and read it
    server.exec("INSERT INTO settings (key, value) VALUES ('k', 'v')");
    database tool = database::open(path);
    try {
      tool.claim_alone();
      FAIL() << "claimed a file another connection has open";
    } catch (const store_error& e) {
      EXPECT_EQ(e.code() & 0xff, SQLITE_BUSY) << e.what();
      EXPECT_NE(std::string(e.what()).find("is open in another process"), std::string::npos) << e.what();
    }
    // The failed claim changed nothing for the one that holds it.
    server.exec("INSERT INTO settings (key, value) VALUES ('k2', 'v2')");
  }
  database tool = database::open(path);
  tool.claim_alone();
  tool.exec("DELETE FROM settings WHERE key = 'k'");
  EXPECT_THROW(
      {
        database server = database::open(path);
        server.set_busy_timeout(0);
        server.exec("INSERT INTO settings (key, value) VALUES ('k3', 'v3')");
      },
      store_error)
      << "nothing else may use the file while it is claimed";
}

}  // namespace
}  // namespace dw::store
