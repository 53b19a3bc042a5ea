// Storage faults tried as an unlucky operator would meet them, against the real server binary: a full
// disk during play, a read-only database, a lock held by another process, a damaged page.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/sqlite_lock.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::run_deepwell;
using dw::testing::server_process;
using dw::testing::telnet_client;
using std::chrono::milliseconds;
using std::chrono::steady_clock;

namespace {

constexpr std::string_view refused = "The world could not record that; nothing changed. Try again in a moment.";

/// A small tmpfs of its own (needs root, as on the project's machines and in CI), unmounted at the end.
class small_disk {
 public:
  explicit small_disk(const std::string& size) : dir_(dw::testing::make_temp_dir("tmpfs")) {
    const std::string options = "size=" + size + ",mode=0777";
    mounted_ = ::mount("tmpfs", dir_.c_str(), "tmpfs", 0, options.c_str()) == 0;
    why_ = mounted_ ? "" : std::strerror(errno);
  }
  ~small_disk() {
    if (mounted_) {
      ::umount2(dir_.c_str(), MNT_DETACH);
    }
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  bool mounted() const { return mounted_; }
  const std::string& why() const { return why_; }
  std::filesystem::path file(const std::string& name) const { return dir_ / name; }
  bool make_read_only() {
    return ::mount(nullptr, dir_.c_str(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) == 0;
  }

  /// Fills every free byte with a file, as another program filling the disk would.
  void fill() {
    std::FILE* f = std::fopen(file("filler").c_str(), "wb");
    ASSERT_NE(f, nullptr);
    const std::vector<char> block(64 * 1024, 'x');
    while (std::fwrite(block.data(), 1, block.size(), f) == block.size()) {
    }
    std::fclose(f);
    std::FILE* small = std::fopen(file("filler2").c_str(), "wb");  // the last few bytes too
    while (small != nullptr && std::fputc('x', small) != EOF && std::fflush(small) == 0) {
    }
    if (small != nullptr) {
      std::fclose(small);
    }
  }
  void free_space() {
    std::filesystem::remove(file("filler"));
    std::filesystem::remove(file("filler2"));
  }

 private:
  std::filesystem::path dir_;
  bool mounted_ = false;
  std::string why_;
};

/// Runs SQL on the database as another program would (sqlite3 C API, its own connection).
void sql(const std::filesystem::path& db, const std::string& text) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  sqlite3_busy_timeout(raw, 5000);
  char* error = nullptr;
  EXPECT_EQ(sqlite3_exec(raw, text.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
  sqlite3_free(error);
  sqlite3_close(raw);
}

std::int64_t sql_int(const std::filesystem::path& db, const std::string& text) {
  sqlite3* raw = nullptr;
  sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  std::int64_t value = -1;
  if (sqlite3_prepare_v2(raw, text.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
    value = sqlite3_column_int64(st, 0);
  }
  sqlite3_finalize(st);
  sqlite3_close(raw);
  return value;
}

/// Walks `c` (logged in) down the well and east into a branch; returns the room text.
std::string into_the_dungeon(telnet_client& c) {
  c.send_line("down");
  c.expect("hp] > ");
  c.send_line("east");
  return c.expect("hp] > ");
}

/// Overwrites the start of a table's root page with junk, as a failing disk would.
void damage_table(const std::filesystem::path& db, const std::string& table) {
  const std::int64_t root = sql_int(db, "SELECT rootpage FROM sqlite_schema WHERE name = '" + table + "'");
  const std::int64_t page_size = sql_int(db, "PRAGMA page_size");
  ASSERT_GT(root, 0);
  std::fstream file(db, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp((root - 1) * page_size);
  const std::string junk(64, '\x5a');
  file.write(junk.data(), static_cast<std::streamsize>(junk.size()));
}

}  // namespace

TEST(StorageFaults, AFullDiskRefusesWhatItCannotSaveAndPlayResumesWhenSpaceReturns) {
  small_disk disk("4m");
  if (!disk.mounted()) {
    GTEST_SKIP() << "mounting a tmpfs needs root: " << disk.why();
  }
  server_process server({}, dw::testing::stderr_to::file, disk.file("deepwell.db"));
  telnet_client ann(server.port());
  ann.create("Ann", "password123");  // the first account: an administrator, told about faults
  telnet_client bob(server.port());
  bob.create("Bob", "password123");
  into_the_dungeon(bob);
  // Nothing left over in the WAL: every later write must grow a file on a full disk.
  sql(server.db_path(), "PRAGMA wal_checkpoint(TRUNCATE)");
  disk.fill();

  // Five new accounts: each is refused plainly, none is welcomed.
  std::vector<std::string> names = {"Cara", "Dino", "Emma", "Finn", "Gwen"};
  int refusals = 0;
  for (const std::string& name : names) {
    telnet_client c(server.port());
    c.expect("quit");
    c.expect("> ");  // the login screen's own prompt
    c.send_line("create " + name + " password123");
    const std::string reply = c.expect("> ");
    EXPECT_EQ(reply.find("Welcome"), std::string::npos) << name << ": " << reply;
    refusals += reply.find(refused) != std::string::npos ? 1 : 0;
  }
  EXPECT_EQ(refusals, 5);
  // A step back to the well is refused too, and Bob stays where he was.
  bob.send_line("west");
  bob.expect(refused);
  bob.send_line("look");
  bob.expect("[East branch 1, 1,0");
  ann.expect("[Storage] Storage fault: the disk is full");

  // Space returns: play resumes without a restart.
  disk.free_space();
  telnet_client cara(server.port());
  cara.create("Cara", "password123");
  ann.expect("[Storage] Saving works again");

  server.restart();
  for (const std::string name : {"Ann", "Bob", "Cara"}) {
    telnet_client c(server.port());
    c.connect(name, "password123");
  }
  int from = 10;
  for (const std::string name : {"Dino", "Emma", "Finn", "Gwen"}) {
    // Each from its own address: an unknown name counts toward its address's failed-login delay.
    dw::testing::client_options options;
    options.source_address = "127.0.0." + std::to_string(from++);
    telnet_client c(server.port(), options);
    c.expect("quit");
    c.send_line("connect " + name + " password123");
    c.expect("Wrong name or password.");
  }
  // The log says so once per fault, not once per refused change.
  const std::string log = server.file_log_text();
  EXPECT_EQ(log.find("Storage fault: the disk is full"), log.rfind("Storage fault: the disk is full")) << log;
  EXPECT_EQ(log.find("account created: Dino"), std::string::npos) << "nothing logged as created that was not";
}

TEST(StorageFaults, AReadOnlyDatabaseFileIsRefusedAtStartUpAndByCheck) {
  if (::geteuid() != 0) {
    GTEST_SKIP() << "needs root to run the server as an unprivileged user";
  }
  const auto dir = dw::testing::make_temp_dir("readonly");
  const auto db = dir / "deepwell.db";
  const auto cfg = dir / "test.toml";
  // The unprivileged user must be able to read the content tables (content is checked before the
  // database), wherever the checkout lies: a private copy, readable by all.
  const auto content = dir / "content";
  std::filesystem::copy(DW_CONTENT_DIR, content, std::filesystem::copy_options::recursive);
  std::filesystem::permissions(content, std::filesystem::perms::all);
  for (const auto& table : std::filesystem::recursive_directory_iterator(content)) {
    if (table.is_regular_file()) {
      std::filesystem::permissions(table.path(), std::filesystem::perms::owner_read |
                                                     std::filesystem::perms::group_read |
                                                     std::filesystem::perms::others_read);
    }
  }
  std::ofstream(cfg) << "[log]\ndir = \"" << (dir / "logs").string() << "\"\n[content]\ndir = \"" << content.string()
                     << "\"\n";
  const auto root_cfg = dir / "root.toml";
  std::ofstream(root_cfg) << "[log]\ndir = \"" << (dir / "root-logs").string() << "\"\n[content]\ndir = \""
                          << DW_CONTENT_DIR << "\"\n";
  ASSERT_EQ(
      run_deepwell({"--config", root_cfg.string(), "--db", db.string(), "--check"}, std::chrono::seconds(30)).status,
      0);
  // The file is read-only for the user the server runs as; its folder stays writable.
  std::filesystem::permissions(db, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                       std::filesystem::perms::others_read);
  std::filesystem::permissions(dir, std::filesystem::perms::all);
  std::filesystem::create_directories(dir / "logs");
  std::filesystem::permissions(dir / "logs", std::filesystem::perms::all);
  for (bool check : {true, false}) {
    // (timeout: a server that wrongly starts would otherwise run for ever here)
    std::string command = "timeout 30 setpriv --reuid=65534 --regid=65534 --clear-groups " + std::string(DW_SERVER_BINARY) +
                          " --config " + cfg.string() + " --db " + db.string() + " --port 0" +
                          (check ? " --check" : "") + " 2>&1";
    std::FILE* p = ::popen(command.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::string out;
    char buf[512];
    while (std::fgets(buf, sizeof buf, p) != nullptr) {
      out += buf;
    }
    const int status = ::pclose(p);
    EXPECT_EQ(WEXITSTATUS(status), 3) << out;
    EXPECT_NE(out.find("read-only"), std::string::npos) << out;
    EXPECT_NE(out.find(db.string()), std::string::npos) << out;
  }
  std::filesystem::remove_all(dir);
}

TEST(StorageFaults, AReadOnlyFolderIsRefusedAtStartUpAndByCheck) {
  small_disk disk("4m");
  if (!disk.mounted()) {
    GTEST_SKIP() << "mounting a tmpfs needs root: " << disk.why();
  }
  const auto logs = dw::testing::make_temp_dir("readonly-logs");
  const auto cfg = logs / "test.toml";
  std::ofstream(cfg) << "[log]\ndir = \"" << logs.string() << "\"\n[content]\ndir = \"" << DW_CONTENT_DIR << "\"\n";
  const std::string db = disk.file("deepwell.db").string();
  ASSERT_EQ(run_deepwell({"--config", cfg.string(), "--db", db, "--check"}, std::chrono::seconds(30)).status, 0);
  ASSERT_TRUE(disk.make_read_only());
  for (bool check : {true, false}) {
    std::vector<std::string> args = {"--config", cfg.string(), "--db", db, "--port", "0"};
    if (check) {
      args.push_back("--check");
    }
    const auto r = run_deepwell(args, std::chrono::seconds(30));
    EXPECT_EQ(r.status, 3) << r.output;
    EXPECT_NE(r.output.find("start-up stopped"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(db), std::string::npos) << r.output;
  }
  std::filesystem::remove_all(logs);
}

TEST(StorageFaults, ALockHeldByAnotherProcessNeverFreezesAnyoneElse) {
  server_process server("[storage]\nlock_wait_ms = 1500\n");
  telnet_client ann(server.port());
  ann.create("Ann", "password123");
  telnet_client bob(server.port());
  bob.create("Bob", "password123");
  into_the_dungeon(bob);
  dw::testing::sqlite_lock_holder locker(server.db_path());
  ASSERT_TRUE(locker.started()) << "the sqlite3 tool is needed (scripts/install-deps.sh installs it)";
  ASSERT_TRUE(locker.held(milliseconds(10000)));

  // Ann's move must be saved, so it waits for the lock (on the writer thread) and then is refused...
  ann.send_line("down");
  // ...while Bob, who saves nothing, is answered at once.
  const auto asked = steady_clock::now();
  bob.send_line("look");
  bob.expect("[East branch 1, 1,0");
  const auto bob_ms = std::chrono::duration_cast<milliseconds>(steady_clock::now() - asked).count();
  EXPECT_LT(bob_ms, 500) << "an uninvolved player's look took " << bob_ms << " ms";
  const std::string reply = ann.expect(refused);
  EXPECT_EQ(reply.find("Bottom of the Well"), std::string::npos) << reply;
  ann.expect("[Storage] Storage fault: the database is locked by another process");
  RecordProperty("uninvolved_look_ms_during_lock", static_cast<int>(bob_ms));

  locker.release();
  ann.send_line("down");
  ann.expect("Bottom of the Well");
  ann.expect("[Storage] Saving works again");
}

TEST(StorageFaults, ADamagedTableStopsStartUpNamingIt) {
  server_process server;
  {
    telnet_client ann(server.port());
    ann.create("Ann", "password123");
    into_the_dungeon(ann);
  }
  ASSERT_EQ(server.stop(), 0);
  damage_table(server.db_path(), "rooms");
  const auto r = run_deepwell({"--db", server.db_path().string(), "--config", (server.dir() / "test.toml").string(),
                               "--check"},
                              std::chrono::seconds(30));
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_NE(r.output.find("is damaged"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("table rooms"), std::string::npos) << r.output;
  try {
    server.start();
    ADD_FAILURE() << "the server started on a damaged database";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("table rooms"), std::string::npos) << e.what();
  }
}

TEST(StorageFaults, APageDamagedWhileRunningCostsOneAnswerNotTheServer) {
  server_process server;
  {
    telnet_client ann(server.port());
    ann.create("Ann", "password123");
    telnet_client bob(server.port());
    bob.create("Bob", "password123");
    into_the_dungeon(ann);
  }
  server.restart();  // Ann's room now lives only on disk
  damage_table(server.db_path(), "rooms");  // after the start-up check, before anyone reads the rooms
  telnet_client ann(server.port());
  ann.expect("quit");
  ann.send_line("connect Ann password123");
  ann.expect("The world could not do that right now; nothing changed.");
  // The server is still there for everyone else, again and again.
  for (int i = 0; i < 3; ++i) {
    telnet_client bob(server.port());
    bob.connect("Bob", "password123");
    bob.send_line("look");
    bob.expect("The Village Square");
  }
  EXPECT_TRUE(server.wait_file_log("Storage fault: the database is damaged"));
}

TEST(TypeAhead, LinesSentInOnePacketWithTheLoginAllRun) {
  server_process server;
  telnet_client c(server.port());
  c.expect("quit");
  // A client's login script sends everything at once, before the account exists.
  c.send_raw("create Eager password123\r\nsay eager words\r\nsay and more\r\n");
  c.expect("Welcome to Deepwell, Eager.");
  c.expect("You say, 'eager words'");
  c.expect("You say, 'and more'");
}
