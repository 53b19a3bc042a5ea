// MCCP2, MSSP and CHARSET in the codec: negotiation, wire formats, the ASCII rule, and hot-reboot state.
#include <gtest/gtest.h>

#include "server/telnet/codec.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet {
namespace {

using namespace dw::telnet::test;

std::string charset_request() { return wire({IAC, SB, opt::CHARSET, charset::REQUEST}) + ";UTF-8" + wire({IAC, SE}); }

TEST(CodecMccp2, DoIsAcceptedWithoutAnotherWillAndReported) {
  harness h;
  std::string opening;
  h.c.start(opening);
  EXPECT_NE(opening.find(wire({IAC, WILL, opt::MCCP2})), std::string::npos);
  EXPECT_TRUE(h.feed(wire({IAC, DO, opt::MCCP2})).empty());  // already offered: no second WILL
  EXPECT_EQ(h.c.local_state(opt::MCCP2), q_state::yes);
  ASSERT_EQ(only<option_event>(h.events).size(), 1U);
  EXPECT_EQ(only<option_event>(h.events)[0], (option_event{opt::MCCP2, true, true}));
  // DONT ends it (WONT in reply) and is reported, so the session can finish the stream.
  h.events.clear();
  EXPECT_EQ(h.feed(wire({IAC, DONT, opt::MCCP2})), wire({IAC, WONT, opt::MCCP2}));
  EXPECT_EQ(only<option_event>(h.events), (std::vector<option_event>{{opt::MCCP2, false, true}}));
}

TEST(CodecMccp2, StartMarkerIsTheMccp2Subnegotiation) {
  std::string out;
  codec::encode_compression_start(out);
  EXPECT_EQ(out, wire({IAC, SB, opt::MCCP2, IAC, SE}));
}

TEST(CodecMccp2, OffInTheLimitsIsNeitherOfferedNorAccepted) {
  codec_limits limits;
  limits.mccp2 = false;
  harness h(limits);
  std::string opening;
  h.c.start(opening);
  EXPECT_EQ(opening.find(wire({IAC, WILL, opt::MCCP2})), std::string::npos);
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::MCCP2})), wire({IAC, WONT, opt::MCCP2}));
  EXPECT_EQ(h.c.local_state(opt::MCCP2), q_state::no);
  std::string again;
  h.c.offer_compression_again(again);
  EXPECT_TRUE(again.empty());
}

TEST(CodecMccp2, OfferedAgainAfterAHotReboot) {
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed(wire({IAC, DO, opt::MCCP2}));
  auto restored = codec::restore_state(h.c.save_state(), {});
  ASSERT_TRUE(restored.has_value());
  std::string out;
  restored->offer_compression_again(out);
  EXPECT_EQ(out, wire({IAC, WILL, opt::MCCP2}));
  std::vector<event> events;
  out.clear();
  restored->feed(wire({IAC, DO, opt::MCCP2}), events, out);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(only<option_event>(events), (std::vector<option_event>{{opt::MCCP2, true, true}}));
}

TEST(CodecMssp, DoIsReportedAndTheListingEncodedOnlyWhenAgreed) {
  harness h;
  std::string opening;
  h.c.start(opening);
  std::string out;
  EXPECT_FALSE(h.c.encode_mssp({{"NAME", "x"}}, out));
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(h.feed(wire({IAC, DO, opt::MSSP})).empty());
  EXPECT_EQ(only<option_event>(h.events), (std::vector<option_event>{{opt::MSSP, true, true}}));
  EXPECT_TRUE(h.c.encode_mssp({{"NAME", "x"}}, out));
  EXPECT_EQ(out, wire({IAC, SB, opt::MSSP, 1}) + "NAME" + wire({2}) + "x" + wire({IAC, SE}));
}

TEST(CodecCharset, DoSendsTheRequestForUtf8) {
  harness h;
  std::string opening;
  h.c.start(opening);
  EXPECT_NE(opening.find(wire({IAC, WILL, opt::CHARSET})), std::string::npos);
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::CHARSET})), charset_request());
  EXPECT_EQ(h.c.charset(), codec::charset_state::unknown);
  h.feed(wire({IAC, SB, opt::CHARSET, charset::ACCEPTED}) + "UTF-8" + wire({IAC, SE}));
  EXPECT_EQ(h.c.charset(), codec::charset_state::accepted);
  EXPECT_FALSE(h.c.client().ascii_only);
}

TEST(CodecCharset, RefusalSaysNothingAndKeepsUtf8) {
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed(wire({IAC, DONT, opt::CHARSET}));
  EXPECT_EQ(h.c.charset(), codec::charset_state::refused);
  EXPECT_FALSE(h.c.client().ascii_only);
  std::string out;
  h.c.encode_text_for_client("a \xe2\x80\x94 b\n", out);
  EXPECT_EQ(out, "a \xe2\x80\x94 b\r\n");
}

TEST(CodecCharset, RejectedWithMttsWithoutUtf8GetsAscii) {
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed(wire({IAC, DO, opt::CHARSET}));
  h.feed(wire({IAC, SB, opt::CHARSET, charset::REJECTED, IAC, SE}));
  EXPECT_EQ(h.c.charset(), codec::charset_state::rejected);
  h.feed(wire({IAC, WILL, opt::TTYPE}));
  for (const char* answer : {"OLDCLIENT", "ANSI", "MTTS 1"}) {
    h.feed(wire({IAC, SB, opt::TTYPE, 0}) + answer + wire({IAC, SE}));
  }
  EXPECT_EQ(h.c.client().mtts, 1U);
  EXPECT_TRUE(h.c.client().ascii_only);
  std::string out;
  h.c.encode_text_for_client("\xe2\x94\x8c\xe2\x94\x80\xe2\x94\x90 it\xe2\x80\x99s\xe2\x80\xa6\n", out);
  EXPECT_EQ(out, "+-+ it's...\r\n");
  // The ASCII decision survives a hot reboot.
  auto restored = codec::restore_state(h.c.save_state(), {});
  ASSERT_TRUE(restored.has_value());
  EXPECT_TRUE(restored->client().ascii_only);
  EXPECT_EQ(restored->charset(), codec::charset_state::rejected);
}

TEST(CodecCharset, MttsWithUtf8BitOrAnAcceptKeepsUtf8) {
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed(wire({IAC, WILL, opt::TTYPE}));
  for (const char* answer : {"CLIENT", "XTERM", "MTTS 1"}) {
    h.feed(wire({IAC, SB, opt::TTYPE, 0}) + answer + wire({IAC, SE}));
  }
  EXPECT_TRUE(h.c.client().ascii_only);  // MTTS without bit 4, and no CHARSET answer (yet)
  h.feed(wire({IAC, DO, opt::CHARSET}));
  h.feed(wire({IAC, SB, opt::CHARSET, charset::ACCEPTED}) + "utf-8" + wire({IAC, SE}));
  EXPECT_FALSE(h.c.client().ascii_only);  // a late accept wins

  harness m;
  m.c.start(opening);
  m.feed(wire({IAC, WILL, opt::TTYPE}));
  for (const char* answer : {"MUDLET", "XTERM", "MTTS 2829"}) {  // 2829 has bit 4
    m.feed(wire({IAC, SB, opt::TTYPE, 0}) + answer + wire({IAC, SE}));
  }
  m.feed(wire({IAC, SB, opt::CHARSET, charset::REJECTED, IAC, SE}));
  EXPECT_FALSE(m.c.client().ascii_only);
}

TEST(CodecCharset, ClientRequestIsAnswered) {
  harness h;
  EXPECT_EQ(h.feed(wire({IAC, SB, opt::CHARSET, charset::REQUEST}) + " ISO-8859-1 UTF-8" + wire({IAC, SE})),
            wire({IAC, SB, opt::CHARSET, charset::ACCEPTED}) + "UTF-8" + wire({IAC, SE}));
  EXPECT_EQ(h.c.charset(), codec::charset_state::accepted);
  harness r;
  EXPECT_EQ(r.feed(wire({IAC, SB, opt::CHARSET, charset::REQUEST}) + ";KOI8-R" + wire({IAC, SE})),
            wire({IAC, SB, opt::CHARSET, charset::REJECTED, IAC, SE}));
}

TEST(CodecState, PreviousLayoutIsStillRead) {
  // A version 2 snapshot (no CHARSET field), as the image before this one wrote it.
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed(wire({IAC, DO, opt::EOR}));
  std::string v3 = h.c.save_state();
  ASSERT_EQ(v3.substr(0, 9), "DWTELNET3");
  ASSERT_EQ(v3.substr(v3.size() - 2), "0 ");
  const std::string v2 = "DWTELNET2" + v3.substr(9, v3.size() - 9 - 2);
  auto restored = codec::restore_state(v2, {});
  ASSERT_TRUE(restored.has_value());
  EXPECT_EQ(restored->local_state(opt::EOR), q_state::yes);
  EXPECT_EQ(restored->charset(), codec::charset_state::unknown);
  EXPECT_FALSE(codec::restore_state(v2 + "0 ", {}).has_value());  // a v2 layout has no CHARSET field
  EXPECT_FALSE(codec::restore_state(v3 + "0 ", {}).has_value());
}

}  // namespace
}  // namespace dw::telnet
