#include "server/telnet/echo_option.hpp"

namespace dw::telnet {

bool echo_option::spend() {
  if (budget_ == 0) {
    return false;
  }
  --budget_;
  return true;
}

q_state echo_option::state() const {
  if (agreed_) {
    return q_state::yes;
  }
  if (unanswered_ > 0) {
    return sent_on_ ? q_state::want_yes : q_state::want_no;
  }
  return q_state::no;
}

bool echo_option::valid() const {
  if (unanswered_ > max_unanswered || budget_ > q_option::unsolicited_reply_budget) {
    return false;
  }
  // Settled, the last thing sent is what holds; agreement never coexists with owed answers.
  return unanswered_ == 0 ? sent_on_ == agreed_ : !agreed_;
}

q_send echo_option::request(bool on) {
  wanted_ = on;
  // Compared with what we last sent, not with the RFC 1143 state: an unanswered request counts as
  // in effect, so a client that never answers still gets every change (see the class comment).
  if (on == sent_on_) {
    return q_send::nothing;
  }
  sent_on_ = on;
  if (!on) {
    agreed_ = false;  // WONT cannot be refused: we stop echoing now
  }
  // Past the cap the client is not answering; forgetting the two oldest keeps the alternation.
  unanswered_ = unanswered_ < max_unanswered ? static_cast<std::uint8_t>(unanswered_ + 1)
                                             : static_cast<std::uint8_t>(unanswered_ - 1);
  return on ? q_send::positive : q_send::negative;
}

q_outcome echo_option::receive_enable(bool acceptable) {
  // Only a WILL is answered by DO. An owed WONT ahead of it was taken without an answer, as
  // TinTin++ does with every WONT ECHO.
  if (unanswered_ > 0 && !oldest_unanswered_is_on()) {
    --unanswered_;
  }
  if (unanswered_ == 0) {
    return receive_unsolicited(true, acceptable);
  }
  --unanswered_;
  if (unanswered_ > 0) {
    return {};  // a later request of ours decides the state: its answer is still to come
  }
  agreed_ = true;  // the newest request was this WILL
  return {q_send::nothing, q_settled::enabled};
}

q_outcome echo_option::receive_disable() {
  if (unanswered_ == 0) {
    return receive_unsolicited(false, false);
  }
  if (oldest_unanswered_is_on()) {
    // The client refused our WILL. The WONT we sent after it changes nothing for that client, so
    // it will not be answered either.
    --unanswered_;
    if (unanswered_ > 0) {
      --unanswered_;
    }
    if (unanswered_ > 0) {
      return {};
    }
    // Refused: the next password prompt asks again (once), which is no loop.
    sent_on_ = false;
    return {q_send::nothing, q_settled::disabled};
  }
  --unanswered_;  // the answer to our WONT
  if (unanswered_ > 0) {
    return {};
  }
  return {q_send::nothing, q_settled::disabled};
}

q_outcome echo_option::receive_unsolicited(bool enable, bool acceptable) {
  // RFC 1143 for a request the client started: a state already held is never acknowledged, and
  // replies are budgeted so that a hostile client cannot ping-pong for ever.
  if (enable == agreed_) {
    return {};
  }
  if (enable) {
    if (!spend()) {
      return {};
    }
    if (!acceptable) {
      return {q_send::negative, q_settled::unchanged};
    }
    agreed_ = true;
    sent_on_ = true;
    return {q_send::positive, q_settled::enabled};
  }
  agreed_ = false;
  sent_on_ = false;
  if (!spend()) {
    return {q_send::nothing, q_settled::disabled};
  }
  return {q_send::negative, q_settled::disabled};
}

}  // namespace dw::telnet
