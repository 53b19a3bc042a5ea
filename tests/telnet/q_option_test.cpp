#include "server/telnet/q_option.hpp"

#include <gtest/gtest.h>

namespace dw::telnet {
namespace {

constexpr q_outcome nothing{};
constexpr q_outcome send_positive{q_send::positive, q_settled::unchanged};
constexpr q_outcome send_negative{q_send::negative, q_settled::unchanged};

TEST(QOption, RequestThenAgreementSettlesWithoutReply) {
  q_option q;
  EXPECT_EQ(q.request_enable(), send_positive);
  EXPECT_EQ(q.state(), q_state::want_yes);
  EXPECT_FALSE(q.enabled());
  EXPECT_EQ(q.receive_enable(true), (q_outcome{q_send::nothing, q_settled::enabled}));
  EXPECT_TRUE(q.enabled());
}

TEST(QOption, AlreadyAgreedStateIsNeverAnsweredAgain) {
  q_option q;
  q.request_enable();
  q.receive_enable(true);
  EXPECT_EQ(q.receive_enable(true), nothing);
  EXPECT_EQ(q.request_enable(), nothing);
  q_option off;
  EXPECT_EQ(off.receive_disable(), nothing);
  EXPECT_EQ(off.request_disable(), nothing);
}

TEST(QOption, RefusalOfOurRequestSettlesDisabledWithoutReply) {
  q_option q;
  q.request_enable();
  EXPECT_EQ(q.receive_disable(), (q_outcome{q_send::nothing, q_settled::disabled}));
  EXPECT_EQ(q.state(), q_state::no);
}

TEST(QOption, UnsolicitedEnableIsAcceptedOrRefused) {
  q_option accepted;
  EXPECT_EQ(accepted.receive_enable(true), (q_outcome{q_send::positive, q_settled::enabled}));
  q_option refused;
  EXPECT_EQ(refused.receive_enable(false), send_negative);
  EXPECT_EQ(refused.state(), q_state::no);
}

TEST(QOption, DisableAfterAgreementTurnsItOffAndAcknowledges) {
  q_option q;
  q.request_enable();
  q.receive_enable(true);
  EXPECT_EQ(q.receive_disable(), (q_outcome{q_send::negative, q_settled::disabled}));
  EXPECT_FALSE(q.enabled());
}

TEST(QOption, ChangeOfMindWhileAskingIsQueued) {
  q_option q;
  q.request_enable();
  EXPECT_EQ(q.request_disable(), nothing);
  EXPECT_EQ(q.queue(), q_queue::opposite);
  // The client agrees to the old request: it is on, so we now ask for it off.
  EXPECT_EQ(q.receive_enable(true), send_negative);
  EXPECT_EQ(q.state(), q_state::want_no);
  EXPECT_EQ(q.receive_disable(), (q_outcome{q_send::nothing, q_settled::disabled}));
  EXPECT_EQ(q.state(), q_state::no);
}

TEST(QOption, QueuedReenableAfterDisableAsksAgain) {
  q_option q;
  q.request_enable();
  q.receive_enable(true);
  EXPECT_EQ(q.request_disable(), send_negative);
  EXPECT_EQ(q.request_enable(), nothing);
  EXPECT_EQ(q.queue(), q_queue::opposite);
  EXPECT_EQ(q.receive_disable(), send_positive);
  EXPECT_EQ(q.state(), q_state::want_yes);
  EXPECT_EQ(q.queue(), q_queue::empty);
}

TEST(QOption, EnableAnsweringOurDisableIsTakenAsOff) {
  q_option q;
  q.request_enable();
  q.receive_enable(true);
  q.request_disable();
  EXPECT_EQ(q.receive_enable(true), (q_outcome{q_send::nothing, q_settled::disabled}));
  EXPECT_EQ(q.state(), q_state::no);
}

TEST(QOption, UnsolicitedRepliesAreBudgeted) {
  q_option q;
  int replies = 0;
  for (int i = 0; i < 100; ++i) {
    replies += q.receive_enable(true).send != q_send::nothing ? 1 : 0;
    replies += q.receive_disable().send != q_send::nothing ? 1 : 0;
  }
  EXPECT_EQ(replies, q_option::unsolicited_reply_budget);
  EXPECT_EQ(q.state(), q_state::no);
  // Our own requests are not budgeted.
  EXPECT_EQ(q.request_enable(), send_positive);
}

}  // namespace
}  // namespace dw::telnet
