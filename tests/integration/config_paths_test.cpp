// Start-up from anywhere: relative paths in a config file are taken against the file's folder, paths on
// the command line against the working directory, and a configuration or content mistake stops start-up
// before anything (database, log folder, data folder) is created.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::launch_options;
using dw::testing::read_text;
using dw::testing::run_deepwell;
using dw::testing::server_process;
using dw::testing::telnet_client;
namespace fs = std::filesystem;

namespace {

/// A copy of the source tree's layout in a temp folder: config/deepwell.toml (the shipped file, which
/// says ../data, ../content and ../web), content/*.toml and web/, plus an empty folder `cwd` to start the server from.
struct scratch_tree {
  fs::path root;

  scratch_tree() {
    root = dw::testing::make_temp_dir("paths");
    fs::create_directories(root / "config");
    fs::copy_file(fs::path(DW_SOURCE_DIR) / "config" / "deepwell.toml", config());
    fs::create_directories(root / "content");
    for (const auto& entry : fs::directory_iterator(DW_CONTENT_DIR)) {
      if (entry.path().extension() == ".toml") {
        fs::copy_file(entry.path(), root / "content" / entry.path().filename());
      }
    }
    fs::copy(fs::path(DW_CONTENT_DIR) / "interiors", root / "content" / "interiors");  // the interior scripts
    fs::copy(fs::path(DW_CONTENT_DIR) / "themes", root / "content" / "themes");        // the bands' words
    fs::copy(fs::path(DW_SOURCE_DIR) / "web", root / "web", fs::copy_options::recursive);  // web.root = ../web
    fs::create_directories(cwd());
  }
  ~scratch_tree() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  scratch_tree(const scratch_tree&) = delete;
  scratch_tree& operator=(const scratch_tree&) = delete;

  fs::path config() const { return root / "config" / "deepwell.toml"; }
  fs::path cwd() const { return root / "cwd"; }

  /// Replaces `from` with `to` in the config file (which must contain it).
  void edit_config(const std::string& from, const std::string& to) const {
    std::string text = read_text(config());
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    std::ofstream(config(), std::ios::trunc) << text;
  }

  /// Every file and folder under the tree, relative to it.
  std::set<std::string> entries() const {
    std::set<std::string> out;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      out.insert(fs::relative(entry.path(), root).string());
    }
    return out;
  }
};

/// What scratch_tree holds before the server ran.
std::set<std::string> untouched(const scratch_tree& t) {
  std::set<std::string> out{"config", "config/deepwell.toml", "content", "cwd", "web"};
  for (const char* folder : {"content", "web"}) {
    for (const auto& entry : fs::recursive_directory_iterator(t.root / folder)) {
      out.insert(std::string(folder) + "/" + fs::relative(entry.path(), t.root / folder).string());
    }
  }
  return out;
}

/// A port of 127.0.0.1 held by this test (bound and listening) for as long as it lives.
class taken_port {
 public:
  taken_port() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(fd_, 1) != 0) {
      throw std::runtime_error("cannot take a loopback port for the test");
    }
    socklen_t length = sizeof a;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &length);
    port_ = ntohs(a.sin_port);
  }
  ~taken_port() { ::close(fd_); }
  taken_port(const taken_port&) = delete;
  taken_port& operator=(const taken_port&) = delete;
  std::string port() const { return std::to_string(port_); }

 private:
  int fd_ = -1;
  unsigned port_ = 0;
};

std::string joined(const std::set<std::string>& names) {
  std::string out;
  for (const std::string& n : names) {
    out += n + "\n";
  }
  return out;
}

}  // namespace

TEST(ConfigPaths, RelativePathsInTheConfigFollowItFromAnyWorkingDirectory) {
  scratch_tree t;
  launch_options launch;
  launch.config = launch_options::config_source::file;
  launch.config_file = t.config();
  launch.working_dir = t.cwd();
  launch.db_flag = false;  // the config's own storage.path, ../data/deepwell.db
  server_process server(launch);
  {
    telnet_client c(server.port());
    c.create("Ann", "correcthorse");  // the database is written, not just opened
  }
  EXPECT_EQ(server.stop(), 0);
  EXPECT_TRUE(fs::is_regular_file(t.root / "data" / "deepwell.db")) << joined(t.entries());
  const std::string log = read_text(t.root / "data" / "logs" / "deepwell.log");
  EXPECT_NE(log.find("configuration: " + t.config().string()), std::string::npos) << log;
  EXPECT_NE(log.find("content: " + (t.root / "content").string()), std::string::npos) << log;
  EXPECT_TRUE(fs::is_empty(t.cwd())) << "nothing belongs in the working directory:\n" << joined(t.entries());
}

TEST(ConfigPaths, CommandLinePathsStayRelativeToTheWorkingDirectory) {
  scratch_tree t;
  const auto r = run_deepwell({"--config", t.config().string(), "--db", "mine.db", "--log-dir", "mylogs", "--check"},
                              std::chrono::seconds(60), t.cwd());
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::is_regular_file(t.cwd() / "mine.db")) << joined(t.entries());
  EXPECT_TRUE(fs::is_regular_file(t.cwd() / "mylogs" / "deepwell.log")) << joined(t.entries());
  EXPECT_FALSE(fs::exists(t.root / "data")) << joined(t.entries());
}

TEST(ConfigPaths, ConfigErrorLeavesNoFileOrFolderBehind) {
  scratch_tree t;
  t.edit_config("port = 4000", "port = 70000");
  for (const bool check : {false, true}) {
    std::vector<std::string> args{"--config", t.config().string()};
    if (check) {
      args.emplace_back("--check");
    }
    const auto r = run_deepwell(args, std::chrono::seconds(60), t.cwd());
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find("server.port"), std::string::npos) << r.output;
    EXPECT_EQ(t.entries(), untouched(t)) << (check ? "--check" : "start-up") << " created:\n" << joined(t.entries());
  }
}

TEST(ConfigPaths, BrokenOrMissingContentTableLeavesNoFileOrFolderBehind) {
  scratch_tree t;
  const fs::path fights = t.root / "content" / "fights.toml";
  const std::string good_fights = read_text(fights);
  // First an invalid table, then (the table repaired) a missing one.
  for (const std::string broken : {"fights.toml", "weapons.toml"}) {
    if (broken == "fights.toml") {
      std::ofstream(fights, std::ios::trunc) << "[fists]\ndamage = -3\n";
    } else {
      std::ofstream(fights, std::ios::trunc) << good_fights;
      fs::remove(t.root / "content" / "weapons.toml");
    }
    const std::set<std::string> before = t.entries();
    for (const bool check : {false, true}) {
      std::vector<std::string> args{"--config", t.config().string(), "--port", "0"};
      if (check) {
        args.emplace_back("--check");
      }
      const auto r = run_deepwell(args, std::chrono::seconds(60), t.cwd());
      EXPECT_EQ(r.status, 4) << r.output;
      EXPECT_NE(r.output.find(broken), std::string::npos) << r.output;
      EXPECT_EQ(t.entries(), before) << (check ? "--check" : "start-up") << " created:\n" << joined(t.entries());
    }
  }
}

TEST(ConfigPaths, BusyPortStopsStartUpNamingTheListenerAndLeavesNoFileBehind) {
  scratch_tree t;
  const taken_port taken;
  const std::string where = "127.0.0.1:" + taken.port();
  struct busy_case {
    std::string what;
    std::vector<std::string> args;  // after --config
    std::string listener;           // as the message names it
    std::string origin;             // the key or flag named
  };
  const std::vector<busy_case> cases{
      {"telnet by --port", {"--port", taken.port(), "--web-port", "0"}, "telnet", "--port"},
      {"web by --web-port", {"--port", "0", "--web-port", taken.port()}, "the web client", "--web-port"},
  };
  for (const busy_case& c : cases) {
    std::vector<std::string> args{"--config", t.config().string()};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = run_deepwell(args, std::chrono::seconds(60), t.cwd());
    EXPECT_EQ(r.status, 5) << c.what << ":\n" << r.output;  // docs/operators.md's exit codes
    EXPECT_NE(r.output.find("cannot listen for " + c.listener + " on " + where), std::string::npos)
        << c.what << ":\n" << r.output;
    EXPECT_NE(r.output.find("the port by " + c.origin), std::string::npos) << c.what << ":\n" << r.output;
    EXPECT_NE(r.output.find("server.host"), std::string::npos) << c.what << ":\n" << r.output;
    EXPECT_EQ(r.output.find("Deepwell listening"), std::string::npos) << c.what << ":\n" << r.output;
    EXPECT_EQ(t.entries(), untouched(t)) << c.what << " created:\n" << joined(t.entries());
  }
  // The ports set in the file (TLS on, so its port is bound first-to-last with the others): the keys named.
  t.edit_config("port = 4000", "port = " + taken.port());
  {
    const auto r =
        run_deepwell({"--config", t.config().string(), "--web-port", "0"}, std::chrono::seconds(60), t.cwd());
    EXPECT_EQ(r.status, 5) << r.output;
    EXPECT_NE(r.output.find("cannot listen for telnet on " + where), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("the port by server.port"), std::string::npos) << r.output;
    EXPECT_EQ(t.entries(), untouched(t)) << "created:\n" << joined(t.entries());
  }
  t.edit_config("port = " + taken.port(), "port = 0");
  t.edit_config("enabled = false", "enabled = true");  // [tls], the first `enabled` in the file
  t.edit_config("port = 4443", "port = " + taken.port());
  {
    const auto r =
        run_deepwell({"--config", t.config().string(), "--web-port", "0"}, std::chrono::seconds(60), t.cwd());
    EXPECT_EQ(r.status, 5) << r.output;
    EXPECT_NE(r.output.find("cannot listen for TLS on " + where), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("the port by tls.port"), std::string::npos) << r.output;
    EXPECT_EQ(t.entries(), untouched(t)) << "created (no database, log folder or TLS key pair):\n"
                                         << joined(t.entries());
  }
}
