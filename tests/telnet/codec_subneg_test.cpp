// Subnegotiations: GMCP, NAWS, the size cap and lenient endings.
#include <gtest/gtest.h>

#include "server/telnet/codec.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet::test {
namespace {

std::string gmcp_from_client(std::string_view payload) {
  return wire({IAC, SB, opt::GMCP}) + std::string(payload) + wire({IAC, SE});
}

TEST(CodecSubneg, GmcpSplitsPackageAndJsonAtTheFirstSpace) {
  harness h = agreed_harness();
  h.feed(gmcp_from_client(R"(Core.Hello {"client": "Mudlet", "version": "4.17"})"));
  h.feed(gmcp_from_client("Core.Ping"));
  EXPECT_EQ(only<gmcp_event>(h.events),
            (std::vector<gmcp_event>{{"Core.Hello", R"({"client": "Mudlet", "version": "4.17"})"}, {"Core.Ping", ""}}));
}

TEST(CodecSubneg, GmcpIsIgnoredUntilAgreed) {
  harness h;
  h.feed(gmcp_from_client("Core.Hello {}") + "hi\r\n");
  EXPECT_TRUE(only<gmcp_event>(h.events).empty());
  EXPECT_EQ(h.texts(), (std::vector<std::string>{"hi"}));
}

TEST(CodecSubneg, GmcpEmojiIsNotMistakenForSe) {
  // Bug 7: the lead byte of an emoji is 0xF0, the value of SE; only IAC SE ends a subnegotiation.
  harness h = agreed_harness();
  const std::string json = "{\"text\": \"\xF0\x9F\x98\x80 \xF0\x9F\x90\x89\"}";
  h.feed(gmcp_from_client("Comm.Channel.Text " + json) + "after\r\n");
  EXPECT_EQ(only<gmcp_event>(h.events), (std::vector<gmcp_event>{{"Comm.Channel.Text", json}}));
  EXPECT_EQ(h.texts(), (std::vector<std::string>{"after"}));
}

TEST(CodecSubneg, GmcpArrivingInPieces) {
  harness h = agreed_harness();
  const std::string message = gmcp_from_client("Char.Login {\"name\": \"\xD0\xAF\"}");
  for (const char byte : message) {
    h.feed(std::string_view(&byte, 1));
  }
  EXPECT_EQ(only<gmcp_event>(h.events), (std::vector<gmcp_event>{{"Char.Login", "{\"name\": \"\xD0\xAF\"}"}}));
}

TEST(CodecSubneg, GmcpInvalidUtf8IsReplaced) {
  harness h = agreed_harness();
  h.feed(wire({IAC, SB, opt::GMCP}) + "X.Y \"a" + wire({IAC, IAC}) + "\xC0\"" + wire({IAC, SE}));
  const auto messages = only<gmcp_event>(h.events);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].json, "\"a\xEF\xBF\xBD\xEF\xBF\xBD\"");
}

TEST(CodecSubneg, NawsUpdatesClientInfo) {
  harness h = agreed_harness();
  h.feed(wire({IAC, SB, opt::NAWS, 0, 120, 0, 50, IAC, SE}));
  EXPECT_EQ(only<naws_event>(h.events), (std::vector<naws_event>{{120, 50}}));
  EXPECT_EQ(h.c.client().width, 120);
  EXPECT_EQ(h.c.client().height, 50);
}

TEST(CodecSubneg, NawsWithDoubledIac) {
  harness h = agreed_harness();
  h.feed(wire({IAC, SB, opt::NAWS, 0, IAC, IAC, IAC, IAC, IAC, IAC, IAC, SE}));
  EXPECT_EQ(h.c.client().width, 255);
  EXPECT_EQ(h.c.client().height, 65535);
}

TEST(CodecSubneg, NawsZeroMeansUnknown) {
  harness h = agreed_harness();
  h.feed(wire({IAC, SB, opt::NAWS, 0, 0, 0, 0, IAC, SE}));
  EXPECT_EQ(h.c.client().width, 80);
  EXPECT_EQ(h.c.client().height, 24);
  h.feed(wire({IAC, SB, opt::NAWS, 0, 132, 0, 0, IAC, SE}));
  EXPECT_EQ(h.c.client().width, 132);
  EXPECT_EQ(h.c.client().height, 24);
  EXPECT_EQ(only<naws_event>(h.events), (std::vector<naws_event>{{80, 24}, {132, 24}}));
}

TEST(CodecSubneg, MalformedNawsIsIgnored) {
  harness h = agreed_harness();
  h.feed(wire({IAC, SB, opt::NAWS, 0, 100, 0, IAC, SE}));
  h.feed(wire({IAC, SB, opt::NAWS, 0, 100, 0, 30, 0, IAC, SE}));
  EXPECT_TRUE(only<naws_event>(h.events).empty());
  EXPECT_EQ(h.c.client().width, 80);
}

TEST(CodecSubneg, UnterminatedGmcpCannotSwallowLaterInput) {
  // Bug 6: a GMCP block without IAC SE; the cap returns the codec to data at once.
  harness h = agreed_harness(codec_limits{4096, 64});
  h.feed(wire({IAC, SB, opt::GMCP}) + "Core.Hello {\"client\": \"broken\"");
  for (int i = 0; i < 20; ++i) {
    h.feed("say hi\r\n");
  }
  EXPECT_EQ(only<subneg_overflow_event>(h.events), (std::vector<subneg_overflow_event>{{opt::GMCP}}));
  const auto texts = h.texts();
  ASSERT_GE(texts.size(), 15u);
  EXPECT_EQ(texts.back(), "say hi");
  EXPECT_EQ(texts[texts.size() - 15], "say hi");
  EXPECT_LE(h.c.buffered_capacity(), 4096u + 64u);
}

TEST(CodecSubneg, SubnegotiationAtTheCapStillPasses) {
  harness h = agreed_harness(codec_limits{4096, 16});
  h.feed(gmcp_from_client("A.B 0123456789ab"));  // exactly 16 bytes
  EXPECT_EQ(only<gmcp_event>(h.events), (std::vector<gmcp_event>{{"A.B", "0123456789ab"}}));
  EXPECT_TRUE(only<subneg_overflow_event>(h.events).empty());
}

TEST(CodecSubneg, EscapedIacPastTheCapOverflows) {
  harness h = agreed_harness(codec_limits{4096, 4});
  h.feed(wire({IAC, SB, opt::NAWS, 1, 2, 3, 4, IAC, IAC}) + "ok\r\n");
  EXPECT_EQ(only<subneg_overflow_event>(h.events), (std::vector<subneg_overflow_event>{{opt::NAWS}}));
  EXPECT_EQ(h.texts(), (std::vector<std::string>{"ok"}));
}

TEST(CodecSubneg, IacOtherThanSeEndsTheSubnegotiationLeniently) {
  harness h = agreed_harness();
  const std::string out = h.feed(gmcp_from_client("Core.Ping").substr(0, 3 + 9) +
                                 wire({IAC, DO, 91}) + "look\r\n");
  EXPECT_EQ(only<gmcp_event>(h.events), (std::vector<gmcp_event>{{"Core.Ping", ""}}));
  EXPECT_EQ(out, wire({IAC, WONT, 91}));  // the command after the lost IAC SE still counts
  EXPECT_EQ(h.texts(), (std::vector<std::string>{"look"}));
}

TEST(CodecSubneg, NewSubnegotiationEndsAnUnterminatedOne) {
  harness h = agreed_harness();
  h.feed(wire({IAC, SB, opt::GMCP}) + "Core.Ping" + wire({IAC, SB, opt::NAWS, 0, 90, 0, 30, IAC, SE}));
  EXPECT_EQ(only<gmcp_event>(h.events).size(), 1u);
  EXPECT_EQ(h.c.client().width, 90);
}

TEST(CodecSubneg, UnknownSubnegotiationIsIgnored) {
  harness h = agreed_harness();
  h.feed("ab" + wire({IAC, SB, 123, 'x', 'y', IAC, SE, IAC, SB, opt::MSSP, 1, 'N', IAC, SE}) + "c\r\n");
  EXPECT_EQ(h.texts(), (std::vector<std::string>{"abc"}));
  EXPECT_EQ(h.events.size(), 1u);
}

}  // namespace
}  // namespace dw::telnet::test
