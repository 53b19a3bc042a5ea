#include "server/telnet/line_decoder.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/telnet/utf8_decoder.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet::test {
namespace {

std::vector<std::string> decode(std::initializer_list<std::string_view> feeds, std::size_t limit = 4096) {
  line_decoder decoder(limit);
  std::vector<event> events;
  for (const std::string_view bytes : feeds) {
    decoder.feed(bytes, events);
  }
  return lines(events);
}

using texts = std::vector<std::string>;

TEST(LineDecoder, EveryLineEndEndsOneLine) {
  EXPECT_EQ(decode({std::string_view("a\r\nb\r\0c\nd\re\n", 12)}), (texts{"a", "b", "c", "d", "e"}));
}

TEST(LineDecoder, CrLfSplitAcrossFeedsIsOneLineEnd) {
  EXPECT_EQ(decode({"look\r", "\nsay hi\r", "\n"}), (texts{"look", "say hi"}));
  EXPECT_EQ(decode({"look\r", std::string_view("\0", 1), "x\n"}), (texts{"look", "x"}));
}

TEST(LineDecoder, EmptyLinesAreEvents) {
  EXPECT_EQ(decode({"\r\n\r\n\n\r"}), (texts{"", "", "", ""}));
}

TEST(LineDecoder, LoneCrThenTextStartsTheNextLine) {
  EXPECT_EQ(decode({"a\rb\r\n"}), (texts{"a", "b"}));
}

TEST(LineDecoder, BackspaceAndDeleteEraseWholeCharacters) {
  EXPECT_EQ(decode({"abc\b\x7F" "d\n"}), (texts{"ad"}));
  // "€" is three bytes; one BS removes all of them.
  EXPECT_EQ(decode({"x\xE2\x82\xAC\b\n"}), (texts{"x"}));
  EXPECT_EQ(decode({"\xF0\x9F\x98\x80\x7F" "ok\n"}), (texts{"ok"}));
}

TEST(LineDecoder, BackspaceOnEmptyLineIsHarmless) {
  EXPECT_EQ(decode({"\b\b\x7Fhi\n"}), (texts{"hi"}));
}

TEST(LineDecoder, BackspaceRemovesAnUnfinishedCharacter) {
  EXPECT_EQ(decode({"a\xE2\x82", "\bb\n"}), (texts{"ab"}));
}

TEST(LineDecoder, ControlBytesAreDroppedAndTabBecomesSpace) {
  EXPECT_EQ(decode({std::string_view("a\x01\x02\x07\x0B\x0C\0b\tc\n", 12)}), (texts{"ab c"}));
}

TEST(LineDecoder, C1ControlCharactersAreDropped) {
  EXPECT_EQ(decode({"a\xC2\x85" "b\xC2\x9B" "c\n"}), (texts{"abc"}));
}

TEST(LineDecoder, ArrowKeysAndCsiSequencesAreDropped) {
  EXPECT_EQ(decode({"n\x1B[Ao\x1B[1;5Cr\x1BOBth\n"}), (texts{"north"}));
}

TEST(LineDecoder, EscapeSequenceSplitAcrossFeedsIsDropped) {
  EXPECT_EQ(decode({"go\x1B", "[", "2", "~", "!\n"}), (texts{"go!"}));
}

TEST(LineDecoder, EscapeNeverSwallowsTheLineEnd) {
  EXPECT_EQ(decode({"a\x1B\r\nb\x1B[\r\n"}), (texts{"a", "b"}));
}

TEST(LineDecoder, IncompleteUtf8IsHeldUntilTheNextFeed) {
  EXPECT_EQ(decode({"\xD1", "\x8F\xF0\x9F", "\x98\x80\n"}), (texts{"\xD1\x8F\xF0\x9F\x98\x80"}));
}

TEST(LineDecoder, InvalidBytesBecomeReplacementCharacters) {
  const texts result = decode({"a\xFF" "b\xC0\xAF" "c\xED\xA0\x80\n"});
  ASSERT_EQ(result.size(), 1u);
  EXPECT_TRUE(is_valid_utf8(result[0]));
  EXPECT_EQ(result[0], "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(LineDecoder, LineEndInsideACharacterLeavesAReplacement) {
  EXPECT_EQ(decode({"a\xE2\x82\nb\n"}), (texts{"a\xEF\xBF\xBD", "b"}));
}

TEST(LineDecoder, LineAtTheLimitPasses) {
  const std::string exact(16, 'x');
  EXPECT_EQ(decode({exact + "\n"}, 16), (texts{exact}));
}

TEST(LineDecoder, TooLongLineIsDiscardedWithOneEventAcrossFeeds) {
  line_decoder decoder(16);
  std::vector<event> events;
  for (int i = 0; i < 10; ++i) {
    decoder.feed(std::string(10, 'x'), events);
  }
  EXPECT_TRUE(events.empty());
  decoder.feed("tail\r", events);
  decoder.feed("\nnext\n", events);
  ASSERT_EQ(events.size(), 2u);
  ASSERT_TRUE(std::holds_alternative<line_too_long_event>(events[0]));
  EXPECT_EQ(std::get<line_too_long_event>(events[0]).bytes, 104u);
  EXPECT_EQ(std::get<line_event>(events[1]).text, "next");
}

TEST(LineDecoder, MultiByteCharacterNeverSplitAtTheLimit) {
  // 15 bytes + a 2-byte character passes 16: the whole line goes, no half character.
  const texts result = decode({std::string(15, 'a') + "\xC3\xA9\nok\n"}, 16);
  EXPECT_EQ(result, (texts{"ok"}));
}

TEST(LineDecoder, MemoryStaysWithinTheLimit) {
  line_decoder decoder(100);
  std::vector<event> events;
  for (int i = 0; i < 1000; ++i) {
    decoder.feed(std::string(97, 'y'), events);
    EXPECT_LE(decoder.capacity(), 100u);
  }
}

TEST(LineDecoder, EraseLineClearsTheCurrentLine) {
  line_decoder decoder(64);
  std::vector<event> events;
  decoder.feed("wrong", events);
  decoder.erase_line();
  decoder.feed("right\n", events);
  EXPECT_EQ(lines(events), (texts{"right"}));
}

}  // namespace
}  // namespace dw::telnet::test
