// Experience and levels over a real telnet connection: a level reached is announced to the player and to
// the room, shown by score, who, the prompt (%l, %e) and GMCP Char.Status, and kept through kill -9 right
// after the announcement. The server runs on a copy of content/ whose level 2 comes at the experience of
// a first depth reached, so one step below the well is a level.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
namespace fs = std::filesystem;

namespace {

/// content/ with its levels table, but level 2 at 15 experience: what a depth reached for the first time
/// gives (levels.toml's per_new_depth). Level 2 gives 4 hit points more, and level 3 comes at 300.
struct quick_levels {
  fs::path dir;
  quick_levels() {
    dir = fs::temp_directory_path() / ("dw-levels-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::copy(DW_CONTENT_DIR, dir, fs::copy_options::recursive);
    std::ifstream in(dir / "levels.toml");
    std::string table((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string level_2 = "level = 2\nxp = 100\n";
    const std::size_t at = table.find(level_2);
    if (at != std::string::npos) {
      table.replace(at, level_2.size(), "level = 2\nxp = 15\n");
    }
    std::ofstream(dir / "levels.toml", std::ios::trunc) << table;
  }
  ~quick_levels() { fs::remove_all(dir); }
};

client_options with_status() {
  client_options o;
  o.gmcp_supports.push_back("Char 1");
  return o;
}

}  // namespace

TEST(Progression, ALevelIsAnnouncedToPlayerAndRoomShownEverywhereAndSurvivesKillNine) {
  quick_levels content;
  server_process server("[content]\ndir = \"" + content.dir.string() + "\"\n");
  // Bob goes first: he opens East branch 1's first room (and rises a level there himself).
  telnet_client bob(server.port(), with_status());
  bob.create("Bob", "bobpassword");
  bob.send_line("down");
  bob.expect("The Bottom of the Well");
  bob.send_line("east");
  bob.expect("You have reached level 2!");
  bob.expect("hp] > ");

  auto ann = std::make_unique<telnet_client>(server.port(), with_status());
  ann->create("Ann", "annpassword");
  ann->send_line("prompt [L%l %exp %h/%H hp] > ");
  ann->expect("[L1 0xp 40/40 hp] > ");
  ann->send_line("down");
  ann->expect("The Bottom of the Well");
  ann->send_line("east");  // into Bob's branch (it is still open to newcomers), depth 1: 15 experience
  const std::string told = ann->expect("You have reached level 2!");
  EXPECT_NE(told.find("You gain 15 experience for reaching depth 1."), std::string::npos) << told;
  const std::string prompt_after = ann->expect("hp] > ");
  EXPECT_NE(prompt_after.find("[L2 15xp 44/44 hp] > "), std::string::npos) << prompt_after;
  bob.expect("Ann looks stronger: Ann has reached level 2.");
  // Told, then killed at once: the level is what the restarted server has.
  server.kill9();
  ann.reset();
  server.start();

  ann = std::make_unique<telnet_client>(server.port(), with_status());
  ann->connect("Ann", "annpassword");
  const std::string status = ann->expect_gmcp("Char.Status");
  EXPECT_NE(status.find("\"level\":2"), std::string::npos) << status;
  EXPECT_NE(status.find("\"xp\":15"), std::string::npos) << status;
  EXPECT_NE(status.find("\"xp_next\":300"), std::string::npos) << status;
  ann->send_line("score");
  ann->expect("Level: 2 (15 experience; level 3 at 300)");
  ann->expect("Hit points: ");
  ann->expect("/44");
  ann->send_line("who");
  const std::string who = ann->expect(" player");
  EXPECT_NE(who.find("[ 2] Ann"), std::string::npos) << who;
  ann->send_line("look");
  ann->expect("[L2 15xp 44/44 hp] > ");  // the prompt was kept with the character
}
