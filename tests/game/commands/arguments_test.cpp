// Command parsers: what a command's arguments are read as, before it acts.
#include <gtest/gtest.h>

#include "server/game/commands/arguments.hpp"

using namespace dw::game;

TEST(Arguments, RawAndWordsTrimAndSplit) {
  command_args a;
  EXPECT_FALSE(arguments::raw("  hello  there ", a));
  EXPECT_EQ(a.raw, "hello  there");
  command_args w;
  EXPECT_FALSE(arguments::words("\tBob  2h   rude\t", w));
  ASSERT_EQ(w.words.size(), 3U);
  EXPECT_EQ(w.words[0], "Bob");
  EXPECT_EQ(w.words[1], "2h");
  EXPECT_EQ(w.words[2], "rude");
  command_args none;
  EXPECT_FALSE(arguments::words("   ", none));
  EXPECT_TRUE(none.words.empty());
}

TEST(Arguments, RequiredRefusesNothingWithItsUsage) {
  const auto parse = arguments::required("Usage: @kick <name> [reason]");
  command_args a;
  EXPECT_EQ(parse("  ", a), std::optional<std::string>("Usage: @kick <name> [reason]"));
  command_args b;
  EXPECT_FALSE(parse("Bob", b));
  EXPECT_EQ(b.raw, "Bob");
}

TEST(Arguments, ObjectReadsHowPlayersNameThings) {
  const auto parse = arguments::object("Get what?");
  command_args empty;
  EXPECT_EQ(parse("", empty), std::optional<std::string>("Get what?"));
  command_args second;
  EXPECT_FALSE(parse("2.tube", second));
  ASSERT_TRUE(second.object.has_value());
  EXPECT_EQ(second.object->nth, 2U);
  EXPECT_EQ(second.object->words, "tube");
  command_args all;
  EXPECT_FALSE(parse("all.scroll", all));
  ASSERT_TRUE(all.object.has_value());
  EXPECT_TRUE(all.object->all);
  command_args nothing;
  EXPECT_FALSE(parse("0.tube", nothing)) << "a name that names nothing is the command's to answer";
  EXPECT_FALSE(nothing.object.has_value());
  EXPECT_EQ(nothing.raw, "0.tube");
}

TEST(Arguments, SpeechFiltersAndRefusesWhatIsLeftEmpty) {
  const auto parse = arguments::speech("Say what?");
  command_args a;
  EXPECT_FALSE(parse("hello \xE2\x80\xAE" "there", a));  // a right-to-left override is dropped
  EXPECT_EQ(a.text.find("\xE2\x80\xAE"), std::string::npos);
  EXPECT_NE(a.text.find("hello"), std::string::npos);
  command_args b;
  EXPECT_EQ(parse("\xE2\x80\x8B", b), std::optional<std::string>("Say what?")) << "only a zero-width space";
}

TEST(Arguments, AddressedSpeechTakesANameThenFilteredText) {
  const auto parse = arguments::addressed_speech("Tell whom what?");
  command_args a;
  EXPECT_FALSE(parse("  Bob   hello \xE2\x80\xAE" "there ", a));
  ASSERT_EQ(a.words.size(), 1U);
  EXPECT_EQ(a.words[0], "Bob");
  EXPECT_EQ(a.text, "hello there");
  command_args b;
  EXPECT_EQ(parse("Bob", b), std::optional<std::string>("Tell whom what?")) << "a name alone";
  command_args c;
  EXPECT_EQ(parse("Bob \xE2\x80\x8B", c), std::optional<std::string>("Tell whom what?")) << "nothing visible";
  command_args d;
  EXPECT_EQ(parse("", d), std::optional<std::string>("Tell whom what?"));
}
