// What players were told survives restarts and kill -9; bad databases and configs stop start-up.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::run_deepwell;
using dw::testing::server_process;
using dw::testing::telnet_client;

TEST(Persistence, RestartKeepsAccountsAndLocations) {
  server_process server;
  {
    telnet_client c(server.port());
    c.create("Mia", "miapassword");
    c.send_line("down");
    c.expect("The Bottom of the Well");
    c.send_line("quit");
    ASSERT_TRUE(c.wait_closed());
  }
  EXPECT_EQ(server.stop(), 0);
  server.start();
  telnet_client c(server.port());
  c.expect("quit");
  c.send_line("connect Mia miapassword");
  const std::string text = c.expect("hp] > ");
  EXPECT_NE(text.find("Welcome back, Mia"), std::string::npos) << text;
  EXPECT_NE(text.find("The Bottom of the Well"), std::string::npos) << text;
}

TEST(Persistence, LocationSurvivesKillDashNineWithoutQuitting) {
  server_process server;
  telnet_client c(server.port());
  c.create("Ned", "nedpassword");
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.expect("hp] > ");
  server.kill9();
  server.start();
  telnet_client again(server.port());
  again.connect("Ned", "nedpassword");
  again.send_line("look");
  again.expect("The Bottom of the Well");
}

TEST(Persistence, AccountSurvivesKillDashNineRightAfterCreate) {
  server_process server;
  {
    telnet_client c(server.port());
    c.expect("quit");
    c.send_line("create Ola olapassword");
    c.expect("Welcome to Deepwell, Ola");
    server.kill9();  // no shutdown, no save: only what was committed before the reply survives
  }
  server.start();
  telnet_client again(server.port());
  again.connect("Ola", "olapassword");
}

TEST(Persistence, GracefulShutdownTellsPlayersAndExitsZero) {
  server_process server;
  telnet_client c(server.port());
  c.create("Pip", "pippassword");
  const auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(server.stop(), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  c.expect("shutting down");
  EXPECT_TRUE(c.wait_closed());
}

TEST(StartUp, NotADeepwellDatabaseStopsStartUp) {
  const auto dir = std::filesystem::temp_directory_path() / ("dw-baddb-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto db = dir / "junk.db";
  std::ofstream(db) << "this is not a database at all, just some text that is long enough to look like a header";
  const auto cfg = dir / "test.toml";
  // Valid content: the tables are checked before the database is opened.
  std::ofstream(cfg) << "[log]\ndir = \"" << (dir / "logs").string() << "\"\n[content]\ndir = \"" << DW_CONTENT_DIR
                     << "\"\n";
  const auto r = run_deepwell({"--db", db.string(), "--port", "0", "--config", cfg.string()}, std::chrono::seconds(30));
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.output.find("start-up stopped"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(db.string() + " is not a Deepwell database"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

TEST(StartUp, BadConfigValueNamesTheKey) {
  const auto dir = std::filesystem::temp_directory_path() / ("dw-badcfg-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto cfg = dir / "bad.toml";
  std::ofstream(cfg) << "[server]\nport = 70000\n";
  auto r = run_deepwell({"--config", cfg.string()}, std::chrono::seconds(30));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("server.port"), std::string::npos) << r.output;
  std::ofstream(cfg) << "[server]\nprot = 4000\n";
  r = run_deepwell({"--config", cfg.string()}, std::chrono::seconds(30));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("server.prot: unknown key"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

TEST(StartUp, InvalidContentTableStopsStartUpNamingFileAndKey) {
  const auto dir = std::filesystem::temp_directory_path() / ("dw-badcontent-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "content");
  for (const auto& entry : std::filesystem::directory_iterator(DW_CONTENT_DIR)) {
    if (entry.path().extension() == ".toml") {
      std::filesystem::copy_file(entry.path(), dir / "content" / entry.path().filename());
    }
  }
  std::ofstream(dir / "content" / "fights.toml") << "[fists]\ndamage = -3\n";
  const auto cfg = dir / "test.toml";
  std::ofstream(cfg) << "[log]\ndir = \"" << (dir / "logs").string() << "\"\n[content]\ndir = \""
                     << (dir / "content").string() << "\"\n";
  const auto r = run_deepwell({"--db", (dir / "d.db").string(), "--port", "0", "--config", cfg.string()},
                              std::chrono::seconds(30));
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("fights.toml"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("fists"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}
