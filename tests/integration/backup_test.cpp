// Online backups (issue 30) on the real server over telnet: players open new branches and buy draughts
// while an administrator's @backup and the scheduled backups run. Each backup file must pass PRAGMA
// integrity_check and hold every change the server acknowledged before it began. "Before it began" is
// read from the file's name (the UTC second the server asked for it): a reply the client had read before
// that second was sent, so committed, before the backup was asked for. Also: a backup that cannot be
// written is news for the administrators and the log, and the game goes on; `keep` prunes.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "tests/integration/dungeon_support.hpp"
#include "tests/integration/sqlite_read.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::integrity_of;
using dw::testing::open_read_only;
using dw::testing::prepare;
using dw::testing::server_process;
using dw::testing::sqlite_handle;
using dw::testing::statement_handle;
using dw::testing::telnet_client;
using namespace dw::testing::dungeon_support;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using wall_clock = std::chrono::system_clock;
constexpr std::int64_t starting_silver = 1000000;
constexpr std::int64_t draught_price = 30;

/// The unix second in a backup's name ("deepwell-20261127-195300Z.db", perhaps "-2" before ".db").
std::optional<std::int64_t> name_time(const std::string& name) {
  static const std::regex pattern(R"(^deepwell-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z(-\d+)?\.db$)");
  std::smatch m;
  if (!std::regex_match(name, m, pattern)) {
    return std::nullopt;
  }
  std::tm t{};
  t.tm_year = std::stoi(m[1]) - 1900;
  t.tm_mon = std::stoi(m[2]) - 1;
  t.tm_mday = std::stoi(m[3]);
  t.tm_hour = std::stoi(m[4]);
  t.tm_min = std::stoi(m[5]);
  t.tm_sec = std::stoi(m[6]);
  return static_cast<std::int64_t>(::timegm(&t));
}

std::vector<fs::path> backup_files(const fs::path& folder) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec)) {
    if (name_time(e.path().filename().string())) {
      out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// One acknowledged change: what, and when the client had read the reply.
struct acked {
  wall_clock::time_point read_at;
  long long branch = -1;  ///< an explorer's new branch (East branch <number>), whose room at 1,0 was shown
};

struct player_log {
  std::string name;
  std::mutex mutex;
  std::vector<acked> acks;
  std::atomic<int> count{0};
  std::string failure;

  void add(acked a) {
    std::lock_guard lock(mutex);
    acks.push_back(a);
    ++count;
  }
  /// The acknowledgements read before unix second `at` began.
  std::vector<acked> before(std::int64_t at) {
    std::lock_guard lock(mutex);
    std::vector<acked> out;
    for (const acked& a : acks) {
      if (a.read_at < wall_clock::time_point(std::chrono::seconds(at))) {
        out.push_back(a);
      }
    }
    return out;
  }
};

std::int64_t single_int(sqlite3* db, const char* sql, const std::string& name) {
  const statement_handle st = prepare(db, sql);
  if (!st) {
    return -1;
  }
  sqlite3_bind_text(st.get(), 1, name.c_str(), -1, SQLITE_TRANSIENT);
  return sqlite3_step(st.get()) == SQLITE_ROW ? sqlite3_column_int64(st.get(), 0) : -1;
}

/// Opens branch after branch from the well (each a new room), walking back each time.
void explore(telnet_client& c, player_log& log, const std::atomic<bool>& stop) {
  // Read from the room's title line: the text around it carries other people's comings and goings.
  static const std::regex title(R"(\[East branch (\d+), 1,0, depth 1\])");
  try {
    c.send_line("down");
    c.expect("The Bottom of the Well");
    while (!stop) {
      c.send_line("east");
      const std::string shown = c.expect("depth 1]");
      std::smatch m;
      if (!std::regex_search(shown, m, title)) {
        log.failure = "walking east from the well showed: " + shown;
        return;
      }
      log.add({wall_clock::now(), std::stoll(m[1])});
      c.send_line("west");
      c.expect("The Bottom of the Well");
    }
  } catch (const std::exception& e) {
    log.failure = e.what();
  }
}

/// Buys healing draughts at the merchant, one after another.
void buy(telnet_client& c, player_log& log, const std::atomic<bool>& stop) {
  try {
    while (!stop) {
      c.send_line("buy draught");
      c.expect("You buy a healing draught for 30 silver");
      log.add({wall_clock::now(), -1});
      c.expect(prompt);
    }
  } catch (const std::exception& e) {
    log.failure = e.what();
  }
}

/// Waits until `c` has been told that a backup matching `tag` was saved; returns that line.
std::string saved_line(telnet_client& c, const std::string& tag) {
  const std::string text = c.expect(tag, 60s);
  const std::size_t start = text.rfind("[Backup] Saved ");
  EXPECT_NE(start, std::string::npos) << text;
  return start == std::string::npos ? text : text.substr(start);
}

}  // namespace

TEST(Backup, CopiesHoldEveryAcknowledgedChangeWhilePlayersExploreAndBuy) {
  server_process server(
      "[backup]\nfolder = \"backups\"\ninterval_seconds = 2\nkeep = 1000\n"
      "[dungeon]\nbranch_join_seconds = 0\n[game]\ncharacter_max_hp = 100000\n[server]\nmax_commands_per_second = "
      "10000\n");
  const std::vector<std::string> explorers{"Eve", "Finn"};
  const std::vector<std::string> buyers{"Gus", "Hal"};
  {
    telnet_client boss(server.port(), wide_client());
    boss.create("Boss", "Bosspassword");  // the first account: an administrator
    for (const auto* group : {&explorers, &buyers}) {
      for (const std::string& name : *group) {
        telnet_client c(server.port());
        c.create(name, name + "password");
      }
    }
  }
  // Silver to spend: written while the server is stopped, as an operator's tool would.
  ASSERT_EQ(server.stop(), 0);
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open_v2(server.db_path().c_str(), &raw, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
    const sqlite_handle db(raw);
    const std::string sql = "UPDATE characters SET silver = " + std::to_string(starting_silver) +
                            " WHERE account_id IN (SELECT id FROM accounts WHERE name IN ('Gus', 'Hal'))";
    ASSERT_EQ(sqlite3_exec(db.get(), sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_changes(db.get()), 2);
  }
  server.start();
  const fs::path folder = server.dir() / "backups";

  telnet_client boss(server.port(), wide_client());
  boss.connect("Boss", "Bosspassword");
  std::vector<std::unique_ptr<player_log>> logs;
  std::vector<std::unique_ptr<telnet_client>> clients;
  for (const auto* group : {&explorers, &buyers}) {
    for (const std::string& name : *group) {
      logs.push_back(std::make_unique<player_log>());
      logs.back()->name = name;
      // One login at a time: an address may have only two password checks waiting.
      clients.push_back(std::make_unique<telnet_client>(server.port(), wide_client()));
      clients.back()->connect(name, name + "password");
    }
  }
  const std::int64_t play_began =
      std::chrono::duration_cast<std::chrono::seconds>(wall_clock::now().time_since_epoch()).count();
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < logs.size(); ++i) {
    player_log& log = *logs[i];
    telnet_client& c = *clients[i];
    const bool explorer = i < explorers.size();
    threads.emplace_back([&, explorer] { explorer ? explore(c, log, stop) : buy(c, log, stop); });
  }
  auto everyone_has = [&](int n) {
    for (const auto& log : logs) {
      if (log->count < n && log->failure.empty()) {
        return false;
      }
    }
    return true;
  };
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (!everyone_has(5) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(10ms);  // (polling the players' progress, not waiting for the server)
  }
  // A backup's name has whole seconds: let the second of those five replies pass, so they count as before it.
  const auto next_second = std::chrono::ceil<std::chrono::seconds>(wall_clock::now());
  while (wall_clock::now() < next_second) {
    std::this_thread::sleep_for(10ms);
  }

  // @backup in the middle of play: answered at once, the news comes when it is written.
  boss.send_line("@backup");
  boss.expect("Backup begun: it holds everything saved until now.");
  const std::string asked = saved_line(boss, "(asked for by Boss).");
  // And a scheduled one that began after play had: the boss hears of it too.
  std::string scheduled;
  for (int i = 0; i < 10 && scheduled.empty(); ++i) {
    const std::string line = saved_line(boss, "(scheduled).");
    static const std::regex file(R"(\[Backup\] Saved (\S+): )");
    std::smatch m;
    if (std::regex_search(line, m, file) &&
        name_time(fs::path(m[1].str()).filename().string()).value_or(0) > play_began) {
      scheduled = line;
    }
  }
  EXPECT_FALSE(scheduled.empty()) << "no scheduled backup began during play";
  stop = true;
  for (std::thread& t : threads) {
    t.join();
  }
  for (const auto& log : logs) {
    ASSERT_TRUE(log->failure.empty()) << log->name << ": " << log->failure;
  }
  EXPECT_TRUE(server.wait_log("backup: ")) << server.log_text();
  EXPECT_NE(server.log_text().find("(asked for by Boss)"), std::string::npos);

  static const std::regex asked_file(R"(\[Backup\] Saved (\S+): [0-9.]+ (MB|KB|bytes) in [0-9.]+ s)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(asked, m, asked_file)) << asked;
  const fs::path asked_path = m[1].str();
  EXPECT_TRUE(fs::exists(asked_path)) << asked_path;
  EXPECT_EQ(asked_path.parent_path(), folder);

  int checked_during_play = 0;
  for (const fs::path& file : backup_files(folder)) {
    SCOPED_TRACE(file.string());
    EXPECT_FALSE(fs::exists(file.string() + ".partial"));
    const std::int64_t began = *name_time(file.filename().string());
    const sqlite_handle db = open_read_only(file);
    ASSERT_TRUE(db);
    EXPECT_EQ(integrity_of(db.get()), "ok\n");
    std::size_t told_before = 0;
    for (std::size_t i = 0; i < logs.size(); ++i) {
      player_log& log = *logs[i];
      const std::vector<acked> before = log.before(began);
      told_before += before.size();
      if (i < explorers.size()) {
        for (const acked& a : before) {
          // (Only east is walked, so a branch number names one branch.)
          const statement_handle st = prepare(db.get(),
                                              "SELECT count(*) FROM rooms r JOIN branches b ON b.id = r.branch_id "
                                              "WHERE b.number = ? AND r.x = 1 AND r.y = 0");
          ASSERT_TRUE(st);
          sqlite3_bind_int64(st.get(), 1, a.branch);
          ASSERT_EQ(sqlite3_step(st.get()), SQLITE_ROW);
          EXPECT_EQ(sqlite3_column_int(st.get(), 0), 1) << log.name << "'s East branch " << a.branch << " is missing";
        }
      } else {
        // Each purchase is whole or absent (silver and draught together), and every told one is there.
        const std::int64_t silver = single_int(
            db.get(), "SELECT silver FROM characters WHERE account_id = (SELECT id FROM accounts WHERE name = ?)",
            log.name);
        const std::int64_t items = single_int(
            db.get(), "SELECT count(*) FROM items WHERE owner_account = (SELECT id FROM accounts WHERE name = ?)",
            log.name);
        EXPECT_EQ(silver, starting_silver - draught_price * items) << log.name;
        EXPECT_GE(items, static_cast<std::int64_t>(before.size())) << log.name;
      }
    }
    if (file == asked_path) {
      // Not vacuous: every player had been told of at least five changes before @backup.
      EXPECT_GE(told_before, 5 * logs.size());
    }
    checked_during_play += told_before > 0 ? 1 : 0;
  }
  EXPECT_GE(checked_during_play, 2);
}

TEST(Backup, AFailedBackupIsNewsForAdministratorsAndTheGameGoesOn) {
  server_process server("[backup]\nfolder = \"blocked/backups\"\ninterval_seconds = 0\n");
  std::ofstream(server.dir() / "blocked") << "a file where the folder should be";
  telnet_client boss(server.port(), wide_client());
  boss.create("Boss", "Bosspassword");
  telnet_client other(server.port());
  other.create("Ida", "Idapassword");
  boss.send_line("@promote Ida admin");
  boss.expect("Ida is now an admin.");
  other.expect("You are now an admin.");
  boss.send_line("@backup");
  boss.expect("Backup begun");
  const std::string news = boss.expect("the game goes on.", 30s);
  EXPECT_NE(news.find("[Backup] FAILED (asked for by Boss): cannot create the backup folder"), std::string::npos)
      << news;
  other.expect("[Backup] FAILED (asked for by Boss)");
  EXPECT_TRUE(server.wait_log("backup: FAILED (asked for by Boss)")) << server.log_text();
  boss.send_line("look");
  boss.expect("Village Square");
  boss.send_line("@backup list");
  boss.expect("No backups yet.");
  EXPECT_FALSE(fs::exists(server.dir() / "blocked" / "backups"));
}

TEST(Backup, KeepDeletesTheOldestAndLeavesOtherFiles) {
  server_process server("[backup]\nfolder = \"backups\"\ninterval_seconds = 1\nkeep = 2\n");
  fs::create_directories(server.dir() / "backups");
  std::ofstream(server.dir() / "backups" / "notes.txt") << "the operator's";
  telnet_client boss(server.port(), wide_client());
  boss.create("Boss", "Bosspassword");
  boss.expect("Deleted 1 older backup (backup.keep is 2).", 60s);
  boss.expect("Deleted 1 older backup (backup.keep is 2).", 60s);
  boss.send_line("@backup list");
  const std::string listed = boss.expect("UTC\n");
  EXPECT_NE(listed.find("Backups kept (backup.keep is 2), oldest first:"), std::string::npos) << listed;
  // Between two backups the folder holds exactly `keep` of them, and the operator's file.
  EXPECT_LE(backup_files(server.dir() / "backups").size(), 3U);
  EXPECT_TRUE(fs::exists(server.dir() / "backups" / "notes.txt"));
  EXPECT_TRUE(server.wait_log("backup: deleted deepwell-")) << server.log_text();
}
