// Data parsing through the whole codec: IAC in text, commands inside lines, line ends.
#include <gtest/gtest.h>

#include "server/telnet/codec.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet::test {
namespace {

using texts = std::vector<std::string>;
const std::string replacement(replacement_character);

TEST(CodecInput, IacIacIsDataByte255AndBecomesReplacement) {
  harness h;
  h.feed('a' + wire({IAC, IAC}) + "b\r\n");
  EXPECT_EQ(h.texts(), (texts{"a" + replacement + "b"}));
}

TEST(CodecInput, Cp1251YaDoesNotFreezeTheCodec) {
  // Bug 8: Cyrillic 'я' is 0xFF in cp1251; a client sends it doubled, or (wrongly) bare.
  harness h;
  h.feed("\xEF\xF0\xE8" + wire({IAC, IAC}) + "\r\n");
  h.feed(wire({IAC}) + "\xFF" + "\r\nlook\r\n");
  ASSERT_EQ(h.texts().size(), 3u);
  EXPECT_TRUE(is_valid_utf8(h.texts()[0]));
  EXPECT_EQ(h.texts()[2], "look");
}

TEST(CodecInput, IacSplitAcrossFeeds) {
  harness h;
  h.feed('x' + wire({IAC}));
  h.feed(wire({IAC}) + "y\r\n");
  EXPECT_EQ(h.texts(), (texts{"x" + replacement + "y"}));
}

TEST(CodecInput, CrLfSplitAcrossFeedsIsOneLineEnd) {
  harness h;
  h.feed("north\r");
  h.feed("\nsouth\r");
  h.feed("\n");
  EXPECT_EQ(h.texts(), (texts{"north", "south"}));
}

TEST(CodecInput, CommandsInsideALineAreIgnored) {
  harness h;
  const std::string out = h.feed("lo" + wire({IAC, NOP, IAC, GA, IAC, EOR, IAC, DM, IAC, BRK, IAC, IP, IAC, AO}) +
                                 "ok" + wire({IAC, SE, IAC, 7, IAC, 0}) + "\r\n");
  EXPECT_EQ(h.texts(), (texts{"look"}));
  EXPECT_TRUE(out.empty());
}

TEST(CodecInput, AreYouThereIsAnswered) {
  harness h;
  EXPECT_EQ(h.feed(wire({IAC, AYT})), "[Yes]\r\n");
  EXPECT_TRUE(h.events.empty());
}

TEST(CodecInput, EraseCharacterAndEraseLineEdit) {
  harness h;
  h.feed("ab\xC3\xA9" + wire({IAC, EC}) + "c\r\n");
  h.feed("junk" + wire({IAC, EL}) + "say hi\r\n");
  EXPECT_EQ(h.texts(), (texts{"abc", "say hi"}));
}

TEST(CodecInput, NegotiationInTheMiddleOfALine) {
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed("ki" + wire({IAC, WILL, opt::NAWS, IAC, SB, opt::NAWS, 0, 100, 0, 40, IAC, SE}) + "ll rat" +
         wire({IAC, DO, opt::EOR}) + "\r\n");
  EXPECT_EQ(h.texts(), (texts{"kill rat"}));
  EXPECT_EQ(h.c.client().width, 100);
  EXPECT_TRUE(h.c.client().eor);
}

TEST(CodecInput, TextBeforeNegotiationFinishes) {
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed("guest\r\n");
  h.feed(wire({IAC, DO, opt::SGA}) + "pass" + wire({IAC, WONT, opt::TTYPE}) + "word\r\n");
  EXPECT_EQ(h.texts(), (texts{"guest", "password"}));
}

TEST(CodecInput, TtypeBytesNeverLeakIntoALine) {
  // Bug 11: the TTYPE answer arrives in the middle of the first line.
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed(wire({IAC, WILL, opt::TTYPE}));
  h.feed("hel" + wire({IAC, SB, opt::TTYPE, ttype::IS}) + "MUD");
  h.feed("LET" + wire({IAC, SE}) + "lo\r\n");
  EXPECT_EQ(h.texts(), (texts{"hello"}));
  EXPECT_EQ(h.c.client().client_name, "MUDLET");
}

TEST(CodecInput, BackspaceAndEnterWorkAfterEchoToggle) {
  // Bug 9: password mode must not change line editing.
  harness h = agreed_harness();
  h.c.set_hidden_input(true, h.out);
  h.feed(wire({IAC, DO, opt::ECHO}) + "secrex\bt\r" + std::string(1, '\0'));
  h.c.set_hidden_input(false, h.out);
  h.feed(wire({IAC, DONT, opt::ECHO}) + "lookk\x7F\r\n");
  EXPECT_EQ(h.texts(), (texts{"secret", "look"}));
}

TEST(CodecInput, TooLongLineGivesOneEventAcrossManyFeeds) {
  harness h(codec_limits{64, 256});
  for (int i = 0; i < 20; ++i) {
    h.feed(std::string(50, 'z'));
  }
  h.feed("\r\nshort\r\n");
  ASSERT_EQ(h.events.size(), 2u);
  EXPECT_EQ(std::get<line_too_long_event>(h.events[0]).bytes, 1000u);
  EXPECT_EQ(std::get<line_event>(h.events[1]).text, "short");
  EXPECT_LE(h.c.buffered_capacity(), 64u + 256u);
}

}  // namespace
}  // namespace dw::telnet::test
