// Reloading the content tables under a running world: invalid tables (or interior scripts) are refused and
// the old ones stay; only rooms made after a reload use the new words.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/game/encounters/encounters_support.hpp"

using dw::testing::game_harness;
using namespace dw::testing::encounters;

TEST(ContentPlay, ReloadKeepsTheOldTablesWhenTheNewOnesAreInvalid) {
  const content_folder content("reload");
  const std::filesystem::path& dir = content.dir();
  game_harness h(content.settings());
  auto admin = h.create("Ann");
  const auto* before = &h.world.content();
  std::ofstream(dir / "monsters.toml", std::ios::app) << "\n[[monsters]]\nkey = \"broken\"\n";
  h.line(admin, "@reload content");
  std::string out = admin.port->take();
  EXPECT_NE(out.find("old tables stay in use"), std::string::npos) << out;
  EXPECT_NE(out.find("monsters.toml"), std::string::npos) << out;
  EXPECT_EQ(&h.world.content(), before);
  std::filesystem::copy_file(std::filesystem::path(DW_CONTENT_DIR) / "monsters.toml", dir / "monsters.toml",
                             std::filesystem::copy_options::overwrite_existing);
  h.line(admin, "reload content");
  EXPECT_NE(admin.port->take().find("Content reloaded."), std::string::npos);
  EXPECT_NE(&h.world.content(), before);
}

TEST(ContentPlay, ReloadChecksInteriorScriptsAndOnlyRoomsMadeLaterUseTheNewWords) {
  const content_folder content("reload-interiors");
  const std::filesystem::path& dir = content.dir();
  game_harness h(content.settings());
  auto admin = h.create("Ann");
  walk_into_first_room(h, admin);
  admin.port->take();
  h.line(admin, "look");
  const std::string before = admin.port->take();
  const std::string name_before = before.substr(0, before.find("  ["));

  // A broken script is refused with its file and where in it, and the old tables stay.
  const auto script = dir / "interiors" / "flooded_tunnels.json";
  const std::string good_script = dw::testing::read_text(script);
  std::ofstream(script, std::ios::trunc)
      << "{\"metadata\": {\"min\": \"9x7\", \"max\": \"21x11\"}, \"entities\": [\"solid\", \"empty\"], "
         "\"explorers\": [{\"type\": \"drunkard\", \"region\": \"map\", "
         "\"parameters\": {\"share\": \"lots\"}}]}";
  h.line(admin, "@reload content");
  std::string out = admin.port->take();
  EXPECT_NE(out.find("old tables stay in use"), std::string::npos) << out;
  EXPECT_NE(out.find("interiors/flooded_tunnels.json"), std::string::npos) << out;
  EXPECT_NE(out.find("share"), std::string::npos) << out;
  std::ofstream(script, std::ios::trunc) << good_script;

  // New words: the room already made keeps its own; a room made after the reload has the new ones.
  std::string tables = dw::testing::read_text(dir / "interiors.toml");
  for (std::size_t at = tables.find("names = ["); at != std::string::npos; at = tables.find("names = [", at + 1)) {
    tables.replace(at, tables.find(']', at) - at + 1, "names = [\"Renamed {material} place\"]");
  }
  std::ofstream(dir / "interiors.toml", std::ios::trunc) << tables;
  // (and the themes' own names go, so that interiors.toml's name every room)
  for (const auto& entry : std::filesystem::directory_iterator(dir / "themes")) {
    std::string theme = dw::testing::read_text(entry.path());
    if (const std::size_t at = theme.find("\n[names]"); at != std::string::npos) {
      theme.erase(at, theme.find("\n[", at + 1) - at);
      std::ofstream(entry.path(), std::ios::trunc) << theme;
    }
  }
  h.line(admin, "@reload content");
  EXPECT_NE(admin.port->take().find("Content reloaded."), std::string::npos);
  h.line(admin, "look");
  const std::string again = admin.port->take();
  EXPECT_EQ(again.substr(0, again.find("  [")), name_before);
  h.line(admin, "west");
  h.line(admin, "north");
  const std::string fresh = admin.port->take();
  EXPECT_NE(fresh.find("Renamed muddy place"), std::string::npos) << fresh;
}
