#pragma once

// What the encounter tests share: a world whose first room east holds monsters, with the hit points a
// test wants; walking into that room and fighting there until knocked out; and a private copy of content/
// for a test that changes the tables under a running world.
#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

#include "tests/game/game_harness.hpp"
#include "tests/support/content_seeds.hpp"
#include "tests/support/files.hpp"

namespace dw::testing::encounters {

/// A world seed whose first room of East branch 1 holds monsters (with `needs_scroll`, monsters whose
/// fight ends with a scroll); -1 when none is found.
inline std::int64_t seed_with_monsters(bool needs_scroll) {
  return dw::testing::seed_with_monsters(*real_content(), needs_scroll);
}

/// Fast settings for a world of `seed` whose characters have `hp` hit points.
inline config::settings with_seed(std::int64_t seed, std::int64_t hp) {
  auto s = fast_settings();
  s.dungeon.world_seed = seed;
  s.game.character_max_hp = hp;
  return s;
}

/// Walks `who` from the village square down the well and east, into the first room of East branch 1.
inline void walk_into_first_room(game_harness& h, const game_harness::player& who) {
  h.line(who, "down");
  h.line(who, "east");
}

/// Types `fight` (at most 200 times) until `who` is told they wake up in the village square. A blow can
/// be 0, so a character of one hit point may need several bouts. Takes nothing from `who`'s output.
inline void fight_until_knocked_out(game_harness& h, const game_harness::player& who) {
  for (int i = 0; i < 200 && !has(who.port->output, "You wake up in the village square"); ++i) {
    h.line(who, "fight");
  }
}

/// A private copy of content/ (tables, interior scripts, themes) in a fresh temporary folder, removed
/// again when the test ends.
class content_folder {
 public:
  explicit content_folder(const std::string& name) : dir_(make_temp_dir(name)) {
    std::filesystem::copy(DW_CONTENT_DIR, dir_, std::filesystem::copy_options::recursive);
  }
  ~content_folder() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  content_folder(const content_folder&) = delete;
  content_folder& operator=(const content_folder&) = delete;

  const std::filesystem::path& dir() const { return dir_; }
  /// Fast settings whose world loads (and reloads) its content from this copy.
  config::settings settings() const {
    auto s = fast_settings();
    s.content.dir = dir_.string();
    return s;
  }

 private:
  std::filesystem::path dir_;
};

}  // namespace dw::testing::encounters
