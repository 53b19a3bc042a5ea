#include "server/store/backup.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "server/store/database.hpp"
#include "server/store/stored_settings.hpp"
#include "server/store/transaction.hpp"
#include "tests/store/temp_dir.hpp"

namespace dw::store {
namespace {

namespace fs = std::filesystem;
using testing::temp_dir;

constexpr std::int64_t at = 1795809180;  // 2026-11-27 19:53:00 UTC

std::int64_t count_rows(const std::string& path, const char* sql) {
  database db = database::open_unchecked(path);
  return db.query_int64(sql);
}

std::string single_text(const std::string& path, const char* sql) {
  database db = database::open_unchecked(path);
  auto st = db.prepare(sql);
  return st->step() ? st->column_text(0) : std::string();
}

/// Fills the settings table with `n` rows of some bulk, so the file spans many pages.
void fill(database& db, int n) {
  transaction tx(db);
  for (int i = 0; i < n; ++i) {
    settings::set(db, "bulk." + std::to_string(i), std::string(200, 'x'));
  }
  tx.commit();
}

std::vector<std::string> names_in(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(folder)) {
    names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST(Backup, NamesCarryTheUtcTimeAndOnlyTheirShapeIsRecognised) {
  EXPECT_EQ(backup_name("data/deepwell.db", at), "deepwell-20261127-195300Z.db");
  EXPECT_EQ(backup_name("/srv/world.sqlite", at), "world-20261127-195300Z.db");
  EXPECT_EQ(backup_time("data/deepwell.db", "deepwell-20261127-195300Z.db"), at);
  EXPECT_EQ(backup_time("data/deepwell.db", "deepwell-20261127-195300Z-2.db"), at);
  EXPECT_FALSE(backup_time("data/deepwell.db", "world-20261127-195300Z.db"));
  EXPECT_FALSE(backup_time("data/deepwell.db", "deepwell-20261127-195300Z.db.partial"));
  EXPECT_FALSE(backup_time("data/deepwell.db", "deepwell-2026.db"));
  EXPECT_FALSE(backup_time("data/deepwell.db", "deepwell.db"));
}

// The writer goes on committing between the copy's steps: the copy is the snapshot of the moment it
// began (not one row of what came after), whole, one file without a WAL, and the writer never waited.
TEST(Backup, CopiesOneSnapshotWhileAnotherConnectionKeepsCommitting) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  database writer_db = database::open(path);
  writer_db.set_busy_timeout(0);  // a write that had to wait for the copy would fail at once
  fill(writer_db, 3000);
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
  const std::int64_t before = writer_db.query_int64("SELECT count(*) FROM settings");

  int steps = 0;
  backup_options options;
  options.at = at;
  options.pages_per_step = 8;
  options.go_on = [&] {
    ++steps;
    settings::set(writer_db, "during." + std::to_string(steps), "y");  // commits at once (autocommit)
    return true;
  };
  const backup_outcome outcome = take_backup(path, dir.file("backups"), options);
  ASSERT_TRUE(outcome.ok) << outcome.error;
  EXPECT_GT(steps, 10) << "the copy should have taken many steps";
  EXPECT_EQ(outcome.path, dir.file("backups") + "/deepwell-20261127-195300Z.db");
  EXPECT_EQ(outcome.bytes, static_cast<std::int64_t>(fs::file_size(outcome.path)));
  EXPECT_EQ(fs::status(outcome.path).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write)
      << "the copy is no more readable than the database";
  EXPECT_EQ(writer_db.query_int64("SELECT count(*) FROM settings"), before + steps);

  EXPECT_EQ(count_rows(outcome.path, "SELECT count(*) FROM settings"), before);
  EXPECT_EQ(count_rows(outcome.path, "SELECT count(*) FROM settings WHERE key LIKE 'during.%'"), 0);
  EXPECT_EQ(single_text(outcome.path, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(single_text(outcome.path, "PRAGMA journal_mode"), "delete");
  EXPECT_EQ(count_rows(outcome.path, "PRAGMA application_id"), deepwell_application_id);
  EXPECT_EQ(names_in(dir.file("backups")), std::vector<std::string>{"deepwell-20261127-195300Z.db"});
  // The copy opens as a Deepwell database (what a restore does).
  EXPECT_NO_THROW(database::open(outcome.path));
}

TEST(Backup, ASecondBackupInTheSameSecondGetsItsOwnName) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  database db = database::open(path);
  backup_options options;
  options.at = at;
  ASSERT_TRUE(take_backup(path, dir.file("b"), options).ok);
  const backup_outcome second = take_backup(path, dir.file("b"), options);
  ASSERT_TRUE(second.ok) << second.error;
  EXPECT_EQ(fs::path(second.path).filename(), "deepwell-20261127-195300Z-2.db");
  const std::vector<backup_file> listed = list_backups(dir.file("b"), path);
  ASSERT_EQ(listed.size(), 2U);
  EXPECT_EQ(listed[0].name, "deepwell-20261127-195300Z.db");
  EXPECT_EQ(listed[1].name, "deepwell-20261127-195300Z-2.db");
}

// `keep` deletes the oldest of the server's own backups only: other files in the folder, and backups of
// another database sharing it, stay; a temporary file left by a backup cut short goes.
TEST(Backup, KeepPrunesTheOldestOfItsOwnFilesOnly) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  const std::string folder = dir.file("backups");
  database db = database::open(path);
  fs::create_directories(folder);
  for (const char* other : {"notes.txt", "world-20200101-000000Z.db", "deepwell-old.db", "deepwell.db"}) {
    std::ofstream(folder + "/" + other) << "not mine";
  }
  std::ofstream(folder + "/deepwell-20200101-000000Z.db.partial") << "cut short";
  backup_options options;
  options.keep = 3;
  std::vector<std::string> removed;
  for (int i = 0; i < 5; ++i) {
    options.at = at + i * 3600;
    const backup_outcome outcome = take_backup(path, folder, options);
    ASSERT_TRUE(outcome.ok) << outcome.error;
    removed.insert(removed.end(), outcome.removed.begin(), outcome.removed.end());
  }
  EXPECT_EQ(names_in(folder), (std::vector<std::string>{"deepwell-20261127-215300Z.db", "deepwell-20261127-225300Z.db",
                                                        "deepwell-20261127-235300Z.db", "deepwell-old.db",
                                                        "deepwell.db", "notes.txt", "world-20200101-000000Z.db"}));
  EXPECT_EQ(removed, (std::vector<std::string>{"deepwell-20200101-000000Z.db.partial", "deepwell-20261127-195300Z.db",
                                               "deepwell-20261127-205300Z.db"}));
}

TEST(Backup, AFolderThatCannotBeMadeFailsWithAReasonAndLeavesNothing) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  database db = database::open(path);
  std::ofstream(dir.file("in-the-way")) << "a file where the folder should be";
  backup_options options;
  options.at = at;
  const backup_outcome outcome = take_backup(path, dir.file("in-the-way") + "/backups", options);
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.error.find("cannot create the backup folder"), std::string::npos) << outcome.error;
}

TEST(Backup, AnAbandonedBackupLeavesNoFile) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  database db = database::open(path);
  fill(db, 2000);
  backup_options options;
  options.at = at;
  options.pages_per_step = 4;
  int steps = 0;
  options.go_on = [&] { return ++steps < 3; };
  const backup_outcome outcome = take_backup(path, dir.file("backups"), options);
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.error.find("abandoned"), std::string::npos) << outcome.error;
  EXPECT_TRUE(names_in(dir.file("backups")).empty());
}

TEST(Backup, AFileThatIsNotDeepwellsIsRefused) {
  temp_dir dir;
  const std::string path = dir.file("other.db");
  {
    database other = database::open_unchecked(path);
    other.exec("CREATE TABLE t (x)");
  }
  backup_options options;
  options.at = at;
  const backup_outcome outcome = take_backup(path, dir.file("backups"), options);
  EXPECT_FALSE(outcome.ok);
  EXPECT_NE(outcome.error.find("not a Deepwell database"), std::string::npos) << outcome.error;
  EXPECT_TRUE(names_in(dir.file("backups")).empty());
}

}  // namespace
}  // namespace dw::store
