#include "server/game/output/style.hpp"

#include <gtest/gtest.h>

namespace dw::game {
namespace {

TEST(Style, MarkupWrapsTheTextAndStripsToTheWordsAlone) {
  std::string line = "You see ";
  append_styled(line, style::monster, "a cave rat");
  line += " and ";
  append_styled(line, style::item, "a scroll");
  line += ".";
  EXPECT_NE(line.find(style_begin), std::string::npos);
  std::string plain;
  strip_styles(line, plain);
  EXPECT_EQ(plain, "You see a cave rat and a scroll.");
  EXPECT_EQ(styled(style::room_name, "Well").size(), 4u + 3u);
}

TEST(Style, TextWithoutMarkupIsUnchanged) {
  std::string plain;
  strip_styles("caf\xc3\xa9 \xe2\x80\x94 ok", plain);
  EXPECT_EQ(plain, "caf\xc3\xa9 \xe2\x80\x94 ok");
}

}  // namespace
}  // namespace dw::game
