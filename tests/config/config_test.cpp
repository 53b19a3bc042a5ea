#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "server/config/config_loader.hpp"

using namespace dw::config;

namespace {
std::string error_of(std::string_view text) {
  try {
    load_config_text(text, "test.toml");
  } catch (const config_error& e) {
    return e.what();
  }
  return "no error";
}
}  // namespace

TEST(Config, EmptyFileKeepsEveryDefault) {
  const settings s = load_config_text("", "empty.toml");
  EXPECT_EQ(s.server.port, 4000);
  EXPECT_EQ(s.server.host, "127.0.0.1");
  EXPECT_EQ(s.storage.path, "data/deepwell.db");
  EXPECT_EQ(s.dungeon.max_unexplored_exits, 4);
}

TEST(Config, PartialFileOverridesOnlyItsKeys) {
  const settings s = load_config_text("[server]\nport = 5000\n[log]\nlevel = \"debug\"\n", "p.toml");
  EXPECT_EQ(s.server.port, 5000);
  EXPECT_EQ(s.log.level, "debug");
  EXPECT_EQ(s.server.idle_timeout_seconds, 3600);
}

TEST(Config, BadValuesNameTheKey) {
  EXPECT_NE(error_of("[server]\nport = 70000\n").find("server.port"), std::string::npos);
  EXPECT_NE(error_of("[server]\nport = \"x\"\n").find("server.port: must be an integer"), std::string::npos);
  EXPECT_NE(error_of("[server]\nprot = 1\n").find("server.prot: unknown key"), std::string::npos);
  EXPECT_NE(error_of("[serverz]\nport = 1\n").find("serverz.port: unknown key"), std::string::npos);
  EXPECT_NE(error_of("[log]\nlevel = \"loud\"\n").find("log.level"), std::string::npos);
  EXPECT_NE(error_of("[dungeon]\nmax_unexplored_exits = 0\n").find("dungeon.max_unexplored_exits"),
            std::string::npos);
  EXPECT_NE(error_of("port = 1\n").find("port"), std::string::npos);
  EXPECT_NE(error_of("[server\n").find("test.toml:1"), std::string::npos);
}

TEST(Config, ShippedFileIsValidAndDocumentsEveryKey) {
  const settings s = load_config_file(DW_SOURCE_DIR "/config/deepwell.toml");
  EXPECT_EQ(s.server.port, 4000);
  std::ifstream in(DW_SOURCE_DIR "/config/deepwell.toml");
  std::stringstream text;
  text << in.rdbuf();
  for (const setting_def& d : setting_defs()) {
    EXPECT_NE(text.str().find(std::string(d.name) + " = "), std::string::npos) << d.full_name() << " undocumented";
  }
}

TEST(Config, ShortKeysResolveWhenUnambiguous) {
  ASSERT_NE(find_setting("max_unexplored_exits"), nullptr);
  EXPECT_EQ(find_setting("max_unexplored_exits")->full_name(), "dungeon.max_unexplored_exits");
  EXPECT_EQ(find_setting("nonsense"), nullptr);
  settings s;
  apply_setting_text(s, *find_setting("dungeon.max_unexplored_exits"), "8");
  EXPECT_EQ(s.dungeon.max_unexplored_exits, 8);
  EXPECT_THROW(apply_setting_text(s, *find_setting("dungeon.max_unexplored_exits"), "eight"), config_error);
}
