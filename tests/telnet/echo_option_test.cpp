#include "server/telnet/echo_option.hpp"

#include <gtest/gtest.h>

namespace dw::telnet {
namespace {

constexpr q_outcome nothing{};

TEST(EchoOption, RequestsAlternateAndRepeatsAreNotSent) {
  echo_option e;
  EXPECT_EQ(e.request(false), q_send::nothing);
  EXPECT_EQ(e.request(true), q_send::positive);
  EXPECT_EQ(e.request(true), q_send::nothing);
  EXPECT_EQ(e.request(false), q_send::negative);
  EXPECT_EQ(e.request(false), q_send::nothing);
  EXPECT_EQ(e.unanswered(), 2);
  EXPECT_EQ(e.state(), q_state::want_no);
  EXPECT_TRUE(e.valid());
}

TEST(EchoOption, AnswersAreMatchedInOrder) {
  echo_option e;
  e.request(true);
  e.request(false);
  e.request(true);
  EXPECT_EQ(e.receive_enable(false), nothing);  // first WILL accepted, two requests still owed
  EXPECT_EQ(e.receive_disable(), nothing);      // the WONT acknowledged
  EXPECT_FALSE(e.enabled());
  EXPECT_EQ(e.receive_enable(false), (q_outcome{q_send::nothing, q_settled::enabled}));
  EXPECT_TRUE(e.enabled());
  EXPECT_EQ(e.unanswered(), 0);
  EXPECT_TRUE(e.valid());
}

TEST(EchoOption, RefusedWillAlsoSettlesTheWontBehindIt) {
  echo_option e;
  e.request(true);
  e.request(false);
  e.request(true);
  // Refused: the client stays off, so the WONT after it is never answered; the last WILL is.
  EXPECT_EQ(e.receive_disable(), nothing);
  EXPECT_EQ(e.unanswered(), 1);
  EXPECT_EQ(e.receive_disable(), (q_outcome{q_send::nothing, q_settled::disabled}));
  EXPECT_FALSE(e.sent_on());
  EXPECT_EQ(e.request(true), q_send::positive) << "asked again at the next prompt";
}

TEST(EchoOption, UnansweredWontIsSkippedByTheNextDo) {
  // TinTin++: WILL/DO, WONT (never answered), WILL/DO.
  echo_option e;
  e.request(true);
  e.receive_enable(false);
  e.request(false);
  e.request(true);
  EXPECT_EQ(e.receive_enable(false), (q_outcome{q_send::nothing, q_settled::enabled}));
  EXPECT_EQ(e.unanswered(), 0);
}

TEST(EchoOption, SilentClientCountIsCappedAndKeepsTheAlternation) {
  echo_option e;
  for (int i = 0; i < 100; ++i) {
    EXPECT_NE(e.request(i % 2 == 0), q_send::nothing);
    EXPECT_LE(e.unanswered(), echo_option::max_unanswered);
    EXPECT_TRUE(e.valid());
  }
  // The last request was WONT; if the client starts answering, a DONT for it still fits.
  EXPECT_FALSE(e.sent_on());
}

TEST(EchoOption, ClientOwnRequestsFollowRfc1143WithinTheBudget) {
  echo_option e;
  EXPECT_EQ(e.receive_disable(), nothing);  // already off
  EXPECT_EQ(e.receive_enable(false), (q_outcome{q_send::negative, q_settled::unchanged}));
  EXPECT_EQ(e.receive_enable(true), (q_outcome{q_send::positive, q_settled::enabled}));
  EXPECT_EQ(e.receive_enable(true), nothing);  // already on
  EXPECT_EQ(e.receive_disable(), (q_outcome{q_send::negative, q_settled::disabled}));
  int replies = 0;
  for (int i = 0; i < 100; ++i) {
    replies += e.receive_enable(true).send != q_send::nothing ? 1 : 0;
    replies += e.receive_disable().send != q_send::nothing ? 1 : 0;
  }
  EXPECT_EQ(replies + 3, q_option::unsolicited_reply_budget);
  // Our own requests are never budgeted.
  EXPECT_EQ(e.request(true), q_send::positive);
}

TEST(EchoOption, ImpossibleCombinationsAreInvalid) {
  EXPECT_TRUE(echo_option(true, true, 0, true, 8).valid());
  EXPECT_FALSE(echo_option(true, true, 1, true, 8).valid());
  EXPECT_FALSE(echo_option(true, true, 0, false, 8).valid());
  EXPECT_FALSE(echo_option(false, false, 0, true, 8).valid());
  EXPECT_FALSE(echo_option(false, false, echo_option::max_unanswered + 1, false, 8).valid());
  EXPECT_FALSE(echo_option(false, false, 0, false, q_option::unsolicited_reply_budget + 1).valid());
}

}  // namespace
}  // namespace dw::telnet
