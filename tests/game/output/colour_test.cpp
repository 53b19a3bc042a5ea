// Colour rendering: the theme's 24-bit colours brought down to 256 and 16, resets at every line end,
// and wrapping that does not count escape codes or markup as columns.
#include "server/game/output/colour.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "server/config/settings.hpp"
#include "server/game/output/text_wrap.hpp"

namespace dw::game {
namespace {

colour_theme theme_of(rgb c) {
  colour_theme t{};
  t.fill(c);
  return t;
}

TEST(Colour, HexColoursAreReadAndBadOnesRefused) {
  const auto c = config::parse_hex_colour("#d7af5f");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ((*c)[0], 0xd7);
  EXPECT_EQ((*c)[1], 0xaf);
  EXPECT_EQ((*c)[2], 0x5f);
  EXPECT_FALSE(config::parse_hex_colour("d7af5f"));
  EXPECT_FALSE(config::parse_hex_colour("#d7af5"));
  EXPECT_FALSE(config::parse_hex_colour("#d7af5g"));
  EXPECT_FALSE(config::parse_hex_colour("#-7af5f"));
}

TEST(Colour, NearestXterm256UsesTheCubeOrTheGreyRamp) {
  EXPECT_EQ(nearest_xterm256({0xd7, 0xaf, 0x5f}), 179);  // exactly on the cube: 16 + 36*4 + 6*3 + 1
  EXPECT_EQ(nearest_xterm256({0, 0, 0}), 16);
  EXPECT_EQ(nearest_xterm256({255, 255, 255}), 231);
  EXPECT_EQ(nearest_xterm256({255, 0, 0}), 196);
  EXPECT_EQ(nearest_xterm256({128, 128, 128}), 244);  // grey 128 is on the ramp, not the cube
  EXPECT_EQ(nearest_xterm256({200, 10, 10}), 160);    // 215,0,0 is the nearest cube colour
}

TEST(Colour, NearestAnsi16PicksFromTheStandardPalette) {
  EXPECT_EQ(nearest_ansi16({0, 0, 0}), 0);
  EXPECT_EQ(nearest_ansi16({205, 0, 0}), 1);
  EXPECT_EQ(nearest_ansi16({255, 0, 0}), 9);
  EXPECT_EQ(nearest_ansi16({255, 255, 255}), 15);
  EXPECT_EQ(nearest_ansi16({0x5f, 0xd7, 0x5f}), 2);  // the theme's exit green
  EXPECT_EQ(nearest_ansi16({120, 120, 130}), 8);
}

TEST(Colour, EscapesForEachDepth) {
  std::string out;
  append_colour(out, colour_depth::truecolour, {0xd7, 0xaf, 0x5f});
  EXPECT_EQ(out, "\x1b[38;2;215;175;95m");
  out.clear();
  append_colour(out, colour_depth::xterm256, {0xd7, 0xaf, 0x5f});
  EXPECT_EQ(out, "\x1b[38;5;179m");
  out.clear();
  append_colour(out, colour_depth::ansi16, {205, 0, 0});
  EXPECT_EQ(out, "\x1b[31m");
  out.clear();
  append_colour(out, colour_depth::ansi16, {255, 0, 0});
  EXPECT_EQ(out, "\x1b[91m");
  out.clear();
  append_colour(out, colour_depth::none, {255, 0, 0});
  EXPECT_EQ(out, "");
}

TEST(Colour, RenderingWithoutColourRemovesTheMarkup) {
  std::string out;
  render_styles("Exits: " + styled(style::exit, "north") + ".\n", colour_depth::none, theme_of({1, 2, 3}), out);
  EXPECT_EQ(out, "Exits: north.\n");
}

TEST(Colour, EverySpanEndsWithAResetAndNoLineEndsColoured) {
  std::string text = "A ";
  append_styled(text, style::monster, "giant\nrat");  // a span across a line break
  text += " and ";
  append_styled(text, style::item, "a sword");
  text += "\n";
  append_styled(text, style::warning, "unclosed");
  text.pop_back();  // its end marker is gone: the renderer still closes it
  std::string out;
  render_styles(text, colour_depth::xterm256, theme_of({255, 0, 0}), out);
  EXPECT_EQ(out,
            "A \x1b[38;5;196mgiant\x1b[0m\n\x1b[38;5;196mrat\x1b[0m and \x1b[38;5;196ma sword\x1b[0m\n"
            "\x1b[38;5;196munclosed\x1b[0m");
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (line.find('\x1b') != std::string::npos) {
      EXPECT_TRUE(line.ends_with(sgr_reset)) << line;
    }
  }
}

TEST(Colour, MarkupAtTheEdgesAndBackToBackRendersAsBefore) {
  // A span that starts another without ending (styles do not nest), markup at the very start and a style
  // mark cut off as the last byte; the same without colour.
  std::string text;
  append_styled(text, style::exit, "n");
  text.pop_back();
  append_styled(text, style::exit, "e");
  text += "\n\n";
  text += style_begin;
  std::string out;
  render_styles(text, colour_depth::truecolour, theme_of({1, 22, 255}), out);
  EXPECT_EQ(out, "\x1b[38;2;1;22;255mn\x1b[0m\x1b[38;2;1;22;255me\x1b[0m\n\n");
  out.clear();
  render_styles(text, colour_depth::ansi16, theme_of({0, 0, 238}), out);
  EXPECT_EQ(out, "\x1b[34mn\x1b[0m\x1b[34me\x1b[0m\n\n");
  out.clear();
  render_styles(text, colour_depth::none, theme_of({1, 2, 3}), out);
  EXPECT_EQ(out, "ne\n\n");
}

TEST(Colour, WrappingCountsNeitherEscapesNorMarkup) {
  // Three five-letter words, each coloured: 17 columns on screen, far more bytes.
  std::string coloured;
  std::string marked;
  for (int i = 0; i < 3; ++i) {
    coloured += (i ? " " : "") + std::string("\x1b[38;2;215;175;95mabcde\x1b[0m");
    marked += (i ? " " : "");
    append_styled(marked, style::monster, "abcde");
  }
  std::string out;
  wrap_text(coloured, 20, out);
  EXPECT_EQ(out, coloured) << "17 visible columns fit in a 20-column window";
  out.clear();
  wrap_text(marked, 20, out);
  EXPECT_EQ(out, marked);
  // Four words no longer fit: the break comes after the third word, counted by what shows.
  out.clear();
  wrap_text(coloured + " \x1b[31mfghij\x1b[0m", 20, out);
  EXPECT_EQ(out, coloured + "\n\x1b[31mfghij\x1b[0m");
}

}  // namespace
}  // namespace dw::game
