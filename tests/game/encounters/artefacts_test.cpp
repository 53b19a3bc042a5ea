// Artefacts in play: a scroll keeps the words and price it was made with when the tables change.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "tests/game/encounters/encounters_support.hpp"

using dw::testing::game_harness;
using dw::testing::encounters::content_folder;

namespace {

/// Every tube word gets a "relabelled " in front and every tube multiplier becomes 3.5.
void relabel_tubes(const std::filesystem::path& file) {
  std::string text = dw::testing::read_text(file);
  text = std::regex_replace(text, std::regex("word = \""), "word = \"relabelled ");
  text = std::regex_replace(text, std::regex("multiplier = [0-9.]+"), "multiplier = 3.5");
  std::ofstream(file, std::ios::trunc) << text;
}

/// What examine tells of the first scroll carried, from its name on.
std::string examined(game_harness& h, game_harness::player& who) {
  who.port->take();
  h.line(who, "examine scroll");
  return who.port->take();
}

}  // namespace

TEST(Artefacts, ACarriedScrollKeepsItsWordsAndPriceWhenTheTablesAreReloaded) {
  const content_folder content("artefact-reload");
  game_harness h(content.settings());
  auto ann = h.create("Ann");
  h.line(ann, "@spawn scroll 12345");
  h.line(ann, "get scroll");
  const std::string before = examined(h, ann);
  ASSERT_NE(before.find("would fetch about"), std::string::npos) << before;
  EXPECT_NE(before.find("It weighs "), std::string::npos) << before;
  h.line(ann, "value scroll");
  const std::string value_before = ann.port->take();
  ASSERT_NE(value_before.find("would pay"), std::string::npos) << value_before;

  relabel_tubes(content.dir() / "scroll_tubes.toml");
  h.line(ann, "@reload content");
  const std::string reloaded = ann.port->take();
  ASSERT_NE(reloaded.find("Content reloaded."), std::string::npos) << reloaded;

  // The scroll carried is the one it was: same words, same price, and the merchant pays what she said.
  EXPECT_EQ(examined(h, ann), before);
  h.line(ann, "value scroll");
  EXPECT_EQ(ann.port->take(), value_before);
  h.line(ann, "inventory");
  EXPECT_EQ(ann.port->take().find("relabelled"), std::string::npos);

  // A scroll made after the reload (even from the same seed) uses the new tables.
  h.line(ann, "@spawn scroll 12345");
  const std::string fresh = ann.port->take();
  EXPECT_NE(fresh.find("relabelled"), std::string::npos) << fresh;
}
