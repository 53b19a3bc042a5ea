#pragma once

#include <cstdint>

#include "server/telnet/q_option.hpp"

namespace dw::telnet {

/// Our side of ECHO (WILL ECHO = "the server echoes, the client hides what is typed"), which the
/// game turns on at every password prompt and off after it.
///
/// The rule: a request (WILL or WONT ECHO) is sent whenever the game's wish differs from the last
/// request we sent, at once, whether or not the previous one was answered. RFC 1143's Q-method
/// would hold the new request until the answer arrives, but TinTin++ never answers WONT ECHO and
/// other clients answer nothing: held requests then wait for ever, and the next password is typed
/// in clear. Because our requests alternate (never the same one twice in a row), each one changes
/// the state of a client that obeys them, so such a client answers each one, in order; the answers
/// still owed are counted and every DO/DONT that can be one of them is consumed silently. Only a
/// DO/DONT that answers nothing is a request from the client, handled as RFC 1143 says (answered
/// at most once per change, within q_option's reply budget). That is what keeps strict clients
/// (Mudlet) free of duplicates and ping-pong while silent clients still get every request.
class echo_option {
 public:
  /// More unanswered requests than this means the client does not answer: the oldest are forgotten.
  static constexpr std::uint8_t max_unanswered = 16;

  echo_option() = default;
  /// Rebuilds a saved state; valid() says whether the values fit together.
  echo_option(bool wanted, bool sent_on, std::uint8_t unanswered, bool agreed, std::uint8_t budget)
      : wanted_(wanted), sent_on_(sent_on), agreed_(agreed), unanswered_(unanswered), budget_(budget) {}

  /// The game's wish (hidden input on or off); says whether to send WILL (positive) or WONT (negative).
  q_send request(bool on);
  /// The client sent DO ECHO; `acceptable` says whether we would agree if it is the client's own request.
  q_outcome receive_enable(bool acceptable);
  /// The client sent DONT ECHO.
  q_outcome receive_disable();

  /// True while the client agreed to our WILL and no WONT was sent since.
  bool enabled() const { return agreed_; }
  /// The RFC 1143 state this amounts to: want_yes / want_no while answers are owed.
  q_state state() const;

  bool wanted() const { return wanted_; }
  /// The last request we sent (or the state we acknowledged): true = WILL.
  bool sent_on() const { return sent_on_; }
  /// Our requests the client has not answered yet (alternating, the newest being sent_on()).
  std::uint8_t unanswered() const { return unanswered_; }
  std::uint8_t budget() const { return budget_; }
  /// False for combinations no sequence of steps produces (used to reject a corrupt saved state).
  bool valid() const;

 private:
  /// Whether the oldest unanswered request is WILL (the requests alternate, the newest is sent_on_).
  bool oldest_unanswered_is_on() const { return unanswered_ % 2 == 1 ? sent_on_ : !sent_on_; }
  /// A DO/DONT that answers none of our requests: the client's own request.
  q_outcome receive_unsolicited(bool enable, bool acceptable);
  bool spend();

  bool wanted_ = false;
  bool sent_on_ = false;
  bool agreed_ = false;
  std::uint8_t unanswered_ = 0;
  std::uint8_t budget_ = q_option::unsolicited_reply_budget;
};

}  // namespace dw::telnet
