#include "mapgen/render.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace dw::mapgen {
namespace {

TEST(MapRender, FixedGlyphsForTheInteriorVocabulary) {
  const glyph_set g = make_glyphs({"solid", "empty", "water", "pillar", "rubble", "roots", "door"});
  EXPECT_EQ(std::string(g.glyphs().begin(), g.glyphs().end()), "#.~o%\"+");
  EXPECT_EQ(g.glyph(unknown), '?');
  EXPECT_EQ(g.glyph(7), '?');
}

TEST(MapRender, OtherNamesShowTheirFirstLetterAndNeverCollide) {
  const glyph_set g = make_glyphs({"statue", "solid", "stone", "Bones", "s"});
  EXPECT_EQ(g.glyph(0), 's');
  EXPECT_EQ(g.glyph(1), '#');
  EXPECT_EQ(g.glyph(2), 't');  // `s` is the statue's: the next letter of the name
  EXPECT_EQ(g.glyph(3), 'b');
  EXPECT_EQ(g.glyph(4), 'S');  // a one-letter name falls back to its capital
}

TEST(MapRender, OverridesWinAndUnknownNamesAreIgnored) {
  const glyph_set g = make_glyphs({"solid", "empty", "moss"}, {{"empty", ' '}, {"moss", ','}, {"lava", '^'}});
  EXPECT_EQ(g.glyph(0), '#');
  EXPECT_EQ(g.glyph(1), ' ');
  EXPECT_EQ(g.glyph(2), ',');
}

TEST(MapRender, AnOverrideTakingAFixedGlyphMovesTheOwner) {
  const glyph_set g = make_glyphs({"solid", "moss"}, {{"moss", '#'}});
  EXPECT_EQ(g.glyph(1), '#');
  EXPECT_EQ(g.glyph(0), 's');
}

TEST(MapRender, LinesAndLegendOfTheGlyphsUsed) {
  const glyph_set g = make_glyphs({"solid", "empty", "water", "door"});
  tile_map map(4, 3, 0);
  map.set({1, 1}, 1);
  map.set({2, 1}, 2);
  map.set({3, 2}, unknown);
  EXPECT_EQ(render(map, g), (std::vector<std::string>{"####", "#.~#", "###?"}));
  EXPECT_EQ(render_legend(map, g), "# solid  . empty  ~ water  ? unknown");
}

TEST(MapRender, EmptyMapHasNoLinesAndNoLegend) {
  const glyph_set g = make_glyphs({"solid"});
  EXPECT_TRUE(render(tile_map{}, g).empty());
  EXPECT_EQ(render_legend(tile_map{}, g), "");
}

}  // namespace
}  // namespace dw::mapgen
