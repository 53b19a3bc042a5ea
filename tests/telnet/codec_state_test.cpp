// save_state / restore_state: the hot-reboot snapshot.
#include <gtest/gtest.h>

#include "server/telnet/codec.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet::test {
namespace {

/// A codec deep in a session: options agreed, TTYPE half-way, NAWS known, hidden input pending.
harness negotiated() {
  harness h = agreed_harness();
  h.feed(wire({IAC, WILL, opt::TTYPE}));
  h.feed(wire({IAC, SB, opt::TTYPE, ttype::IS}) + "TINTIN++" + wire({IAC, SE}));
  h.feed(wire({IAC, SB, opt::NAWS, 0, 132, 0, 43, IAC, SE}));
  h.feed(wire({IAC, DO, opt::MSSP}));  // a refusal spends budget: that is state too
  std::string out;
  h.c.set_hidden_input(true, out);
  return h;
}

TEST(CodecState, RoundTripKeepsNegotiationState) {
  harness h = negotiated();
  const std::string saved = h.c.save_state();
  const auto restored = codec::restore_state(saved, h.c.limits());
  ASSERT_TRUE(restored.has_value());
  EXPECT_EQ(restored->client(), h.c.client());
  for (int option = 0; option < 256; ++option) {
    const auto o = static_cast<std::uint8_t>(option);
    EXPECT_EQ(restored->local_state(o), h.c.local_state(o)) << option;
    EXPECT_EQ(restored->remote_state(o), h.c.remote_state(o)) << option;
  }
  EXPECT_EQ(restored->save_state(), saved);
}

TEST(CodecState, RestoredCodecContinuesTheNegotiations) {
  harness h = negotiated();
  auto restored = codec::restore_state(h.c.save_state(), h.c.limits());
  ASSERT_TRUE(restored.has_value());
  harness r;
  r.c = std::move(*restored);
  // The pending WILL ECHO is answered, already agreed options stay quiet, the TTYPE cycle goes on.
  EXPECT_TRUE(r.feed(wire({IAC, DO, opt::ECHO, IAC, DO, opt::GMCP})).empty());
  EXPECT_TRUE(r.c.client().echo_hidden);
  EXPECT_EQ(r.feed(wire({IAC, SB, opt::TTYPE, ttype::IS}) + "XTERM" + wire({IAC, SE})),
            wire({IAC, SB, opt::TTYPE, ttype::SEND, IAC, SE}));
  r.feed(wire({IAC, SB, opt::TTYPE, ttype::IS}) + "XTERM" + wire({IAC, SE}));
  EXPECT_TRUE(r.c.client().ttype_done);
  EXPECT_EQ(r.c.client().client_name, "TINTIN++");
  EXPECT_EQ(r.c.client().width, 132);
  r.feed("look\r\n");
  EXPECT_EQ(r.texts(), (std::vector<std::string>{"look"}));
}

TEST(CodecState, PromptMarkingSurvivesTheReboot) {
  // Bug 2: after a reboot the client still expects the same prompt ending.
  harness h = agreed_harness();
  auto restored = codec::restore_state(h.c.save_state(), {});
  ASSERT_TRUE(restored.has_value());
  std::string before;
  std::string after;
  h.c.end_prompt(before);
  restored->end_prompt(after);
  EXPECT_EQ(after, before);
  EXPECT_EQ(after, wire({IAC, EOR}));
  std::string gmcp;
  EXPECT_TRUE(restored->encode_gmcp("Core.Goodbye", "", gmcp));
}

TEST(CodecState, RestoreUsesTheNewLimits) {
  harness h = agreed_harness();
  auto restored = codec::restore_state(h.c.save_state(), codec_limits{8, 8});
  ASSERT_TRUE(restored.has_value());
  EXPECT_EQ(restored->limits().max_line_bytes, 8u);
  harness r;
  r.c = std::move(*restored);
  r.feed("0123456789\r\n");
  EXPECT_EQ(only<line_too_long_event>(r.events).size(), 1u);
}

TEST(CodecState, FreshCodecRoundTrips) {
  codec c;
  const auto restored = codec::restore_state(c.save_state(), {});
  ASSERT_TRUE(restored.has_value());
  EXPECT_EQ(restored->client(), c.client());
}

TEST(CodecState, CorruptStateIsRejected) {
  const std::string saved = negotiated().c.save_state();
  EXPECT_FALSE(codec::restore_state("", {}).has_value());
  EXPECT_FALSE(codec::restore_state("garbage", {}).has_value());
  EXPECT_FALSE(codec::restore_state("DWTELNET9 " + saved.substr(10), {}).has_value());
  EXPECT_FALSE(codec::restore_state(saved + "1 ", {}).has_value());
  // Every truncation is rejected, never misread.
  for (std::size_t length = 0; length < saved.size(); ++length) {
    EXPECT_FALSE(codec::restore_state(saved.substr(0, length), {}).has_value()) << length;
  }
}

TEST(CodecState, OutOfRangeValuesAreRejected) {
  // hidden=2 is not a flag.
  EXPECT_FALSE(codec::restore_state("DWTELNET1 2 0 0 0 0: 0: 0: 0 0 0 0 0 0 80 24 ", {}).has_value());
  // A Q-method state past want_yes.
  EXPECT_FALSE(codec::restore_state("DWTELNET1 0 1 0 3 7 0 8 0 0 0: 0: 0: 0 0 0 0 0 0 80 24 ", {}).has_value());
  // A queued change of mind on an option that is not being negotiated.
  EXPECT_FALSE(codec::restore_state("DWTELNET1 0 1 0 3 1 1 8 0 0 0: 0: 0: 0 0 0 0 0 0 80 24 ", {}).has_value());
  // Width past 16 bits.
  EXPECT_FALSE(codec::restore_state("DWTELNET1 0 0 0 0 0: 0: 0: 0 0 0 0 0 0 70000 24 ", {}).has_value());
  // The same layout with sane values is accepted.
  EXPECT_TRUE(codec::restore_state("DWTELNET1 0 1 0 3 1 0 8 0 0 0: 0: 0: 0 0 0 0 0 0 80 24 ", {}).has_value());
}

TEST(CodecState, EchoFieldsAreValidated) {
  // Layout 2: wanted, sent_on, unanswered, agreed, ECHO reply budget, then as in layout 1.
  const std::string tail = "0 0 0: 0: 0: 0 0 0 0 0 0 80 24 ";
  EXPECT_TRUE(codec::restore_state("DWTELNET2 1 1 3 0 8 0 " + tail, {}).has_value());
  EXPECT_TRUE(codec::restore_state("DWTELNET2 1 1 0 1 8 0 " + tail, {}).has_value());
  // Agreed while answers are still owed.
  EXPECT_FALSE(codec::restore_state("DWTELNET2 1 1 2 1 8 0 " + tail, {}).has_value());
  // Settled, yet the last request sent is not what holds.
  EXPECT_FALSE(codec::restore_state("DWTELNET2 1 1 0 0 8 0 " + tail, {}).has_value());
  // More owed answers than are ever counted; a budget past the start.
  EXPECT_FALSE(codec::restore_state("DWTELNET2 1 1 17 0 8 0 " + tail, {}).has_value());
  EXPECT_FALSE(codec::restore_state("DWTELNET2 1 1 1 0 9 0 " + tail, {}).has_value());
  // Layout 2 never writes our ECHO side as a Q-method record.
  EXPECT_FALSE(codec::restore_state("DWTELNET2 0 0 0 0 8 1 0 1 1 0 8 " + tail, {}).has_value());
}

TEST(CodecState, OldLayoutEchoStatesCarryOver) {
  // Layout 1 (servers before echo_option): our ECHO side as a Q-method record (side 0, option 1).
  const std::string tail = "0 0 0: 0: 0: 0 0 0 0 0 0 80 24 ";
  const auto agreed = codec::restore_state("DWTELNET1 1 1 0 1 1 0 5 " + tail, {});
  ASSERT_TRUE(agreed.has_value());
  EXPECT_TRUE(agreed->client().echo_hidden);
  EXPECT_EQ(agreed->local_state(opt::ECHO), q_state::yes);
  codec c = *agreed;
  std::string out;
  c.set_hidden_input(true, out);
  EXPECT_TRUE(out.empty()) << "already agreed";
  c.set_hidden_input(false, out);
  EXPECT_EQ(out, wire({IAC, WONT, opt::ECHO}));

  const auto asking = codec::restore_state("DWTELNET1 1 1 0 1 3 0 8 " + tail, {});
  ASSERT_TRUE(asking.has_value());
  harness r;
  r.c = *asking;
  EXPECT_TRUE(r.feed(wire({IAC, DO, opt::ECHO})).empty()) << "the answer to the WILL sent before the reboot";
  EXPECT_TRUE(r.c.client().echo_hidden);
}

}  // namespace
}  // namespace dw::telnet::test
