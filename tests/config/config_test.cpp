#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

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
  EXPECT_FALSE(s.dungeon.branches_can_finish);
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
  EXPECT_NE(error_of("[dungeon]\nbranches_can_finish = \"yes\"\n").find("dungeon.branches_can_finish"),
            std::string::npos);
  EXPECT_NE(error_of("port = 1\n").find("port"), std::string::npos);
  EXPECT_NE(error_of("[server\n").find("test.toml:1"), std::string::npos);
}

TEST(Config, GroupSizeHasADefaultAndABadValueNamesTheKey) {
  EXPECT_EQ(load_config_text("", "c.toml").game.max_group_size, 6);
  EXPECT_EQ(load_config_text("[game]\nmax_group_size = 2\n", "c.toml").game.max_group_size, 2);
  EXPECT_NE(error_of("[game]\nmax_group_size = 1\n").find("game.max_group_size"), std::string::npos);
  EXPECT_NE(error_of("[game]\nmax_group_size = 51\n").find("game.max_group_size"), std::string::npos);
  ASSERT_NE(find_setting("game.max_group_size"), nullptr);
  EXPECT_TRUE(find_setting("game.max_group_size")->live);
}

TEST(Config, CrowdKeysHaveDefaultsAndBadValuesNameTheKey) {
  const settings defaults = load_config_text("", "c.toml");
  EXPECT_EQ(defaults.game.crowd_names, 10);
  EXPECT_EQ(defaults.game.crowd_size, 20);
  EXPECT_EQ(defaults.game.crowd_flush_ms, 1000);
  const settings s = load_config_text("[game]\ncrowd_names = 2\ncrowd_size = 3\ncrowd_flush_ms = 250\n", "c.toml");
  EXPECT_EQ(s.game.crowd_names, 2);
  EXPECT_EQ(s.game.crowd_size, 3);
  EXPECT_EQ(s.game.crowd_flush_ms, 250);
  EXPECT_NE(error_of("[game]\ncrowd_names = 0\n").find("game.crowd_names"), std::string::npos);
  EXPECT_NE(error_of("[game]\ncrowd_names = \"ten\"\n").find("game.crowd_names: must be an integer"),
            std::string::npos);
  EXPECT_NE(error_of("[game]\ncrowd_size = 0\n").find("game.crowd_size"), std::string::npos);
  EXPECT_NE(error_of("[game]\ncrowd_flush_ms = 50\n").find("game.crowd_flush_ms"), std::string::npos);
  EXPECT_NE(error_of("[game]\ncrowd_flush_ms = 600000\n").find("game.crowd_flush_ms"), std::string::npos);
  for (const char* key : {"game.crowd_names", "game.crowd_size", "game.crowd_flush_ms"}) {
    ASSERT_NE(find_setting(key), nullptr) << key;
    EXPECT_TRUE(find_setting(key)->live) << key << " changes with @config";
  }
}

TEST(Config, ColourThemeKeysAreHexColoursNamedWhenBad) {
  const settings s = load_config_text("[colours]\nmonster = \"#ff0000\"\n", "c.toml");
  EXPECT_EQ(s.colours.monster, "#ff0000");
  EXPECT_EQ(s.colours.exit_unexplored, "#d7af5f") << "the rest keep their defaults";
  const std::string bad = error_of("[colours]\nmonster = \"red\"\n");
  EXPECT_NE(bad.find("colours.monster"), std::string::npos) << bad;
  EXPECT_NE(bad.find("#rrggbb"), std::string::npos) << bad;
  EXPECT_NE(error_of("[colours]\nexit = \"#12345\"\n").find("colours.exit"), std::string::npos);
  EXPECT_NE(error_of("[colours]\nexits = \"#123456\"\n").find("colours.exits: unknown key"), std::string::npos);
  EXPECT_NE(error_of("[colours]\nitem = 7\n").find("colours.item"), std::string::npos);
}

TEST(ConfigBackup, DefaultsAreEverySixHoursKeepingEightInDataBackups) {
  const settings s = load_config_text("", "c.toml");
  EXPECT_EQ(s.backup.folder, "data/backups");
  EXPECT_EQ(s.backup.interval_seconds, 21600);
  EXPECT_EQ(s.backup.keep, 8);
  const settings off = load_config_text("[backup]\ninterval_seconds = 0\nkeep = 1\nfolder = \"/srv/b\"\n", "c.toml");
  EXPECT_EQ(off.backup.interval_seconds, 0);
  EXPECT_EQ(off.backup.keep, 1);
  EXPECT_EQ(off.backup.folder, "/srv/b");
  ASSERT_NE(find_setting("backup.interval_seconds"), nullptr);
  EXPECT_TRUE(find_setting("backup.interval_seconds")->live);
  EXPECT_TRUE(find_setting("backup.keep")->live);
  EXPECT_FALSE(find_setting("backup.folder")->live);
}

TEST(ConfigBackup, BadValuesNameTheKey) {
  EXPECT_NE(error_of("[backup]\ninterval_seconds = -1\n").find("backup.interval_seconds: must be between 0 and"),
            std::string::npos);
  EXPECT_NE(error_of("[backup]\ninterval_seconds = 31536001\n").find("backup.interval_seconds"), std::string::npos);
  EXPECT_NE(error_of("[backup]\ninterval_seconds = \"6h\"\n").find("backup.interval_seconds: must be an integer"),
            std::string::npos);
  EXPECT_NE(error_of("[backup]\nkeep = 0\n").find("backup.keep: must be between 1 and"), std::string::npos);
  EXPECT_NE(error_of("[backup]\nfolder = \"\"\n").find("backup.folder: must not be empty"), std::string::npos);
  EXPECT_NE(error_of("[backup]\nfolder = 3\n").find("backup.folder: must be a string"), std::string::npos);
  EXPECT_NE(error_of("[backup]\nevery = 3\n").find("backup.every: unknown key"), std::string::npos);
}

TEST(ConfigBackup, TheFolderResolvesAgainstTheConfigFilesFolderAsTheDatabaseDoes) {
  const settings s = load_config_file(DW_SOURCE_DIR "/config/deepwell.toml");
  const std::filesystem::path root = std::filesystem::path(DW_SOURCE_DIR).lexically_normal();
  EXPECT_EQ(s.backup.folder, (root / "data" / "backups").string());
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

namespace {
/// A fresh folder under the system temp folder, removed again by the destructor.
struct temp_folder {
  std::filesystem::path path;
  temp_folder() {
    std::string pattern = (std::filesystem::temp_directory_path() / "deepwell-config-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error("mkdtemp failed");
    }
    path = pattern;
  }
  ~temp_folder() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};
}  // namespace

TEST(ConfigPaths, RelativePathsResolveAgainstTheBaseFolderAbsoluteOnesStay) {
  settings s;
  s.storage.path = "state/world.db";
  s.log.dir = "/var/log/deepwell";
  s.content.dir = "../share/content";
  s.server.host = "localhost";
  resolve_paths(s, "/srv/deepwell/etc");
  EXPECT_EQ(s.storage.path, "/srv/deepwell/etc/state/world.db");
  EXPECT_EQ(s.log.dir, "/var/log/deepwell");
  EXPECT_EQ(s.content.dir, "/srv/deepwell/share/content");
  EXPECT_EQ(s.server.host, "localhost");  // not a path
  EXPECT_EQ(s.log.level, "info");
}

TEST(ConfigPaths, ExactlyTheFileAndFolderSettingsArePaths) {
  std::vector<std::string> paths;
  for (const setting_def& d : setting_defs()) {
    if (d.is_path) {
      paths.push_back(d.full_name());
    }
  }
  EXPECT_EQ(paths, (std::vector<std::string>{"storage.path", "backup.folder", "log.dir", "content.dir", "tls.certificate",
                                             "tls.private_key", "web.root"}));
}

TEST(ConfigPaths, FileResolvesWrittenAndDefaultPathsAgainstItsOwnFolder) {
  temp_folder tmp;
  std::filesystem::create_directories(tmp.path / "etc");
  std::ofstream(tmp.path / "etc" / "deepwell.toml") << "[storage]\npath = \"state/world.db\"\n"
                                                    << "[content]\ndir = \"/opt/tables\"\n";
  const settings s = load_config_file(tmp.path / "etc" / "deepwell.toml");
  EXPECT_EQ(s.storage.path, (tmp.path / "etc" / "state" / "world.db").string());
  EXPECT_EQ(s.log.dir, (tmp.path / "etc" / "data" / "logs").string());  // left at its default
  EXPECT_EQ(s.content.dir, "/opt/tables");
}

TEST(ConfigPaths, ConfigNamedRelativeToTheWorkingDirectoryStillGivesItsFolder) {
  temp_folder tmp;
  std::filesystem::create_directories(tmp.path / "etc");
  std::ofstream(tmp.path / "etc" / "deepwell.toml") << "[log]\ndir = \"../logs\"\n";
  const auto before = std::filesystem::current_path();
  std::filesystem::current_path(tmp.path);  // each test runs in its own process (gtest_discover_tests)
  settings s;
  EXPECT_NO_THROW(s = load_config_file("etc/deepwell.toml"));
  std::filesystem::current_path(before);
  EXPECT_EQ(s.log.dir, (tmp.path / "logs").string());
  EXPECT_TRUE(std::filesystem::path(s.storage.path).is_absolute()) << s.storage.path;
}

TEST(ConfigPaths, ShippedFileUsesTheSourceTreesDataAndContent) {
  const settings s = load_config_file(DW_SOURCE_DIR "/config/deepwell.toml");
  const std::filesystem::path root = std::filesystem::path(DW_SOURCE_DIR).lexically_normal();
  EXPECT_EQ(s.storage.path, (root / "data" / "deepwell.db").string());
  EXPECT_EQ(s.log.dir, (root / "data" / "logs").string());
  EXPECT_EQ(s.content.dir, (root / "content").string());
}

TEST(ConfigPaths, MissingFileIsAConfigError) {
  temp_folder tmp;
  EXPECT_THROW(load_config_file(tmp.path / "absent.toml"), config_error);
}

TEST(ConfigPaths, DefaultCandidatesAreTheCheckoutThenTheInstall) {
  using paths = std::vector<std::filesystem::path>;
  EXPECT_EQ(default_config_candidates("/opt/dw/bin/deepwell", "../etc/deepwell/deepwell.toml"),
            (paths{"config/deepwell.toml", "/opt/dw/etc/deepwell/deepwell.toml"}));
  EXPECT_EQ(default_config_candidates("/usr/bin/deepwell", "/etc/deepwell/deepwell.toml"),
            (paths{"config/deepwell.toml", "/etc/deepwell/deepwell.toml"}));
  EXPECT_EQ(default_config_candidates("", "../etc/deepwell/deepwell.toml"), (paths{"config/deepwell.toml"}));
  EXPECT_FALSE(installed_config_path().empty());
  EXPECT_NE(installed_config_path().find("deepwell.toml"), std::string_view::npos);
}

TEST(Config, ProtocolKeysAreValidated) {
  EXPECT_EQ(load_config_text("", "t").server.mccp2_level, 4);
  EXPECT_EQ(load_config_text("[server]\nmccp2_level = 0\n", "t").server.mccp2_level, 0);
  EXPECT_NE(error_of("[server]\nmccp2_level = 10\n").find("server.mccp2_level"), std::string::npos);
  EXPECT_NE(error_of("[server]\nmccp2_level = -1\n").find("server.mccp2_level"), std::string::npos);
  const settings s = load_config_text("[mssp]\nname = \"Deep\"\nstatus = \"Live\"\ncrawl_delay = 24\n", "t");
  EXPECT_EQ(s.mssp.name, "Deep");
  EXPECT_EQ(s.mssp.status, "Live");
  EXPECT_EQ(s.mssp.crawl_delay, 24);
  EXPECT_NE(error_of("[mssp]\nstatus = \"Beta\"\n").find("mssp.status: must be one of"), std::string::npos);
  EXPECT_NE(error_of("[mssp]\nname = \"\"\n").find("mssp.name: must not be empty"), std::string::npos);
  EXPECT_NE(error_of("[mssp]\ncontact = \"a\\u0001b\"\n").find("mssp.contact: must not contain control"),
            std::string::npos);
  EXPECT_NE(error_of("[mssp]\ngenre = \"tab\\there\"\n").find("mssp.genre"), std::string::npos);
  EXPECT_NE(error_of("[mssp]\ncrawl_delay = -2\n").find("mssp.crawl_delay"), std::string::npos);
}

TEST(ConfigTls, OffByDefaultAndABooleanTurnsItOn) {
  const settings defaults = load_config_text("", "empty.toml");
  EXPECT_FALSE(defaults.tls.enabled);
  EXPECT_EQ(defaults.tls.port, 4443);
  EXPECT_EQ(effective_tls_port(defaults), 0);
  const settings on = load_config_text("[tls]\nenabled = true\nport = 4993\n", "tls.toml");
  EXPECT_TRUE(on.tls.enabled);
  EXPECT_EQ(effective_tls_port(on), 4993);
  EXPECT_EQ(to_display(find_setting("tls.enabled")->get(on)), "true");
}

TEST(ConfigTls, BadValuesNameTheKey) {
  EXPECT_NE(error_of("[tls]\nenabled = 1\n").find("tls.enabled: must be true or false"), std::string::npos);
  EXPECT_NE(error_of("[tls]\nenabled = \"yes\"\n").find("tls.enabled"), std::string::npos);
  EXPECT_NE(error_of("[tls]\nport = 65536\n").find("tls.port"), std::string::npos);
  EXPECT_NE(error_of("[tls]\nhandshake_timeout_seconds = 0\n").find("tls.handshake_timeout_seconds"),
            std::string::npos);
  EXPECT_NE(error_of("[server]\nport = true\n").find("server.port: must be an integer"), std::string::npos);
  settings s;
  EXPECT_THROW(apply_setting_text(s, *find_setting("tls.enabled"), "maybe"), config_error);
  apply_setting_text(s, *find_setting("tls.enabled"), "on");
  EXPECT_TRUE(s.tls.enabled);
}

TEST(ConfigTls, KeyFilesResolveAgainstTheConfigFolderButEmptyStaysUnset) {
  settings s;
  resolve_paths(s, "/srv/deepwell/etc");
  EXPECT_EQ(s.tls.certificate, "");
  EXPECT_EQ(s.tls.private_key, "");
  s.tls.certificate = "tls/cert.pem";
  s.tls.private_key = "/etc/ssl/private/deepwell.key";
  resolve_paths(s, "/srv/deepwell/etc");
  EXPECT_EQ(s.tls.certificate, "/srv/deepwell/etc/tls/cert.pem");
  EXPECT_EQ(s.tls.private_key, "/etc/ssl/private/deepwell.key");
}
