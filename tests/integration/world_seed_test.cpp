// The world's seed is fixed once the world is made (issue 28): the first start records it in the database, a
// different dungeon.world_seed afterwards is refused at start-up and by --check (exit code 2, the
// configuration's) with a message naming the key and both values, and a database made before seeds were
// recorded gets the configured one at its first start.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/integration/sqlite_read.hpp"
#include "tests/support/files.hpp"
#include "tests/support/server_process.hpp"

using dw::testing::read_text;
using dw::testing::run_deepwell;
using dw::testing::server_process;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

/// One integer from the database file (read-only, so a stopped server's file is left as it is).
std::int64_t query_int(const fs::path& db_file, const char* sql) {
  const auto db = dw::testing::open_read_only(db_file);
  if (!db) {
    return -1;
  }
  const auto st = dw::testing::prepare(db.get(), sql);
  if (!st || sqlite3_step(st.get()) != SQLITE_ROW) {
    ADD_FAILURE() << "no row for " << sql;
    return -1;
  }
  return sqlite3_column_int64(st.get(), 0);
}

/// A copy of the server's generated config with its world seed changed, next to it.
fs::path config_with_seed(const server_process& server, const std::string& from, const std::string& to) {
  std::string text = read_text(server.dir() / "test.toml");
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << text;
  if (at != std::string::npos) {
    text.replace(at, from.size(), to);
  }
  const fs::path other = server.dir() / "other-seed.toml";
  std::ofstream(other, std::ios::trunc) << text;
  return other;
}

}  // namespace

TEST(WorldSeed, ADifferentSeedOnTheSameDatabaseIsRefusedNamingTheKey) {
  server_process server("[dungeon]\nworld_seed = 4242\n");
  EXPECT_TRUE(server.wait_file_log("new world: recorded dungeon.world_seed = 4242")) << server.file_log_text();
  EXPECT_EQ(server.stop(), 0);
  EXPECT_EQ(query_int(server.db_path(), "SELECT seed FROM world WHERE id = 1"), 4242);

  const fs::path other = config_with_seed(server, "world_seed = 4242", "world_seed = 777");
  const std::vector<std::string> args{
      "--config", other.string(), "--db", server.db_path().string(), "--host", "127.0.0.1", "--port",
      "0",        "--web-port",   "0"};
  for (const bool check : {true, false}) {
    std::vector<std::string> run = args;
    if (check) {
      run.emplace_back("--check");
    }
    const auto r = run_deepwell(run, std::chrono::seconds(60));
    EXPECT_EQ(r.status, 2) << (check ? "--check" : "start") << ":\n" << r.output;  // README.md's exit codes
    EXPECT_TRUE(has(r.output, "dungeon.world_seed")) << r.output;
    EXPECT_TRUE(has(r.output, "the configuration says 777 but the world in")) << r.output;
    EXPECT_TRUE(has(r.output, "was made with 4242")) << r.output;
  }
  EXPECT_EQ(query_int(server.db_path(), "SELECT seed FROM world WHERE id = 1"), 4242) << "a refusal changes nothing";

  // The seed it was made with still starts it (start() fails the test if it does not listen).
  server.start();
  EXPECT_EQ(server.stop(), 0);
}

TEST(WorldSeed, ADatabaseMadeBeforeSeedsWereRecordedGetsTheConfiguredOneAtItsFirstStart) {
  server_process server("[dungeon]\nworld_seed = 4242\n");
  EXPECT_EQ(server.stop(), 0);
  {
    // Back to schema version 8, which had neither the tape key nor the world table, with one stored branch.
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(server.db_path().c_str(), &raw), SQLITE_OK);
    const dw::testing::sqlite_handle db(raw);
    char* error = nullptr;
    const int rc = sqlite3_exec(raw,
                                "ALTER TABLE branches DROP COLUMN tape_key; DROP TABLE world; ALTER TABLE items DROP COLUMN made;"
                                "UPDATE schema_version SET version = 8;"
                                "INSERT INTO branches (id, direction, number, sequence, seed, created_at, window_end,"
                                " last_occupied, unexplored, room_count) VALUES (3, 1, 1, 3, 99, 0, 0, 0, 1, 0);",
                                nullptr, nullptr, &error);
    ASSERT_EQ(rc, SQLITE_OK) << (error != nullptr ? error : "");
  }
  // --check says what the start will do, and does not write.
  const auto checked =
      run_deepwell({"--config", (server.dir() / "test.toml").string(), "--db", server.db_path().string(), "--check"},
                   std::chrono::seconds(60));
  EXPECT_EQ(checked.status, 0) << checked.output;
  EXPECT_TRUE(has(checked.output, "the next start records dungeon.world_seed = 4242")) << checked.output;
  EXPECT_EQ(query_int(server.db_path(), "SELECT count(*) FROM world"), 0);

  server.start();
  EXPECT_TRUE(
      server.wait_file_log("was made before its seed was recorded: recorded the configured dungeon.world_seed = 4242"))
      << server.file_log_text();
  EXPECT_EQ(server.stop(), 0);
  EXPECT_EQ(query_int(server.db_path(), "SELECT seed FROM world WHERE id = 1"), 4242);
  EXPECT_EQ(query_int(server.db_path(), "SELECT version FROM schema_version"), 10) << "migrated to the latest schema";
  EXPECT_EQ(query_int(server.db_path(), "SELECT tape_key FROM branches WHERE id = 3"), 3)
      << "a branch stored before keeps its id as its tape key";
}
