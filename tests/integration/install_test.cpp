// `cmake --install` into a temp prefix, then the installed binary, started from another folder with no
// --config, finds its installed config and content tables by itself.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::launch_options;
using dw::testing::read_text;
using dw::testing::run_program;
using dw::testing::server_process;
using dw::testing::telnet_client;
namespace fs = std::filesystem;

namespace {

struct temp_folder {
  fs::path path;
  temp_folder() {
    path = fs::canonical(dw::testing::make_temp_dir("install"));  // as the binary sees itself via /proc/self/exe
  }
  ~temp_folder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  temp_folder(const temp_folder&) = delete;
  temp_folder& operator=(const temp_folder&) = delete;
};

}  // namespace

TEST(Install, InstalledBinaryFindsItsConfigAndContentWithoutFlags) {
  if (!DW_INSTALL_RELOCATABLE) {
    GTEST_SKIP() << "this build installs some files outside its prefix (e.g. /etc); installing it into a temp "
                    "folder would write there";
  }
  temp_folder prefix;
  temp_folder state;  // the installed config names /var/lib/deepwell and /var/log/deepwell; not here
  temp_folder cwd;
  const auto installed = run_program(DW_CMAKE_COMMAND, {"--install", DW_BUILD_DIR, "--prefix", prefix.path.string()},
                                     std::chrono::seconds(120));
  ASSERT_EQ(installed.status, 0) << installed.output;

  const fs::path binary = prefix.path / DW_INSTALL_BIN_DIR / "deepwell";
  const fs::path config = prefix.path / DW_INSTALL_CONFIG_DIR / "deepwell.toml";
  const fs::path content = prefix.path / DW_INSTALL_CONTENT_DIR;
  ASSERT_TRUE(fs::is_regular_file(binary)) << installed.output;
  ASSERT_TRUE(fs::is_regular_file(config)) << installed.output;
  EXPECT_TRUE(fs::is_regular_file(content / "weapons.toml")) << installed.output;
  EXPECT_FALSE(fs::exists(content / "content_loader.cpp")) << "only the tables are installed";
  const std::string config_text = read_text(config);
  EXPECT_NE(config_text.find("path = \"/var/lib/deepwell/deepwell.db\""), std::string::npos) << config_text;
  EXPECT_NE(config_text.find("dir = \"/var/log/deepwell\""), std::string::npos) << config_text;

  const std::string unit = read_text(prefix.path / DW_SYSTEMD_UNIT_DIR / "deepwell.service");
  for (const char* line : {"Type=exec", "Restart=on-failure", "StateDirectory=deepwell", "LogsDirectory=deepwell",
                           "DynamicUser=yes", "ExecStart=" DW_INSTALL_FULL_BINARY " --config "}) {
    EXPECT_NE(unit.find(line), std::string::npos) << line << " missing from the unit:\n" << unit;
  }

  // Only where the database and the log go is given; the config and the content are found from the binary.
  const std::vector<std::string> writable{"--db", (state.path / "deepwell.db").string(), "--log-dir",
                                          (state.path / "logs").string()};
  std::vector<std::string> check_args = writable;
  check_args.emplace_back("--check");
  const auto checked = run_program(binary, check_args, std::chrono::seconds(60), cwd.path);
  EXPECT_EQ(checked.status, 0) << checked.output;

  launch_options launch;
  launch.binary = binary;
  launch.config = launch_options::config_source::none;
  launch.working_dir = cwd.path;
  launch.db_flag = false;
  launch.extra_args = writable;
  server_process server(launch);
  {
    telnet_client c(server.port());
    c.create("Ann", "correcthorse");
  }
  EXPECT_EQ(server.stop(), 0);
  const std::string log = read_text(state.path / "logs" / "deepwell.log");
  EXPECT_NE(log.find("configuration: " + config.string()), std::string::npos) << log;
  EXPECT_NE(log.find("content: " + content.lexically_normal().string()), std::string::npos) << log;
  EXPECT_TRUE(fs::is_regular_file(state.path / "deepwell.db"));
  EXPECT_TRUE(fs::is_empty(cwd.path)) << "nothing belongs in the working directory";
}
