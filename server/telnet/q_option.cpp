#include "server/telnet/q_option.hpp"

namespace dw::telnet {

bool q_option::spend() {
  if (budget_ == 0) {
    return false;
  }
  --budget_;
  return true;
}

q_outcome q_option::receive_enable(bool acceptable) {
  switch (state_) {
    case q_state::no:
      if (!spend()) {
        return {};
      }
      if (acceptable) {
        state_ = q_state::yes;
        return {q_send::positive, q_settled::enabled};
      }
      return {q_send::negative, q_settled::unchanged};
    case q_state::yes:
      return {};  // already agreed: acknowledging again is how loops start
    case q_state::want_no:
      // The client answered our disable with an enable (an RFC 1143 error case): accept its word.
      if (queue_ == q_queue::empty) {
        state_ = q_state::no;
        return {q_send::nothing, q_settled::disabled};
      }
      state_ = q_state::yes;
      queue_ = q_queue::empty;
      return {q_send::nothing, q_settled::enabled};
    case q_state::want_yes:
      if (queue_ == q_queue::empty) {
        state_ = q_state::yes;
        return {q_send::nothing, q_settled::enabled};
      }
      // We changed our mind while asking: it is on now, so ask for it off.
      state_ = q_state::want_no;
      queue_ = q_queue::empty;
      return {q_send::negative, q_settled::unchanged};
  }
  return {};
}

q_outcome q_option::receive_disable() {
  switch (state_) {
    case q_state::no:
      return {};
    case q_state::yes:
      state_ = q_state::no;
      if (!spend()) {
        return {q_send::nothing, q_settled::disabled};
      }
      return {q_send::negative, q_settled::disabled};
    case q_state::want_no:
      if (queue_ == q_queue::empty) {
        state_ = q_state::no;
        return {q_send::nothing, q_settled::disabled};
      }
      state_ = q_state::want_yes;
      queue_ = q_queue::empty;
      return {q_send::positive, q_settled::unchanged};
    case q_state::want_yes:
      state_ = q_state::no;
      queue_ = q_queue::empty;
      return {q_send::nothing, q_settled::disabled};
  }
  return {};
}

q_outcome q_option::request_enable() {
  switch (state_) {
    case q_state::no:
      state_ = q_state::want_yes;
      return {q_send::positive, q_settled::unchanged};
    case q_state::yes:
      return {};
    case q_state::want_no:
      queue_ = q_queue::opposite;
      return {};
    case q_state::want_yes:
      queue_ = q_queue::empty;
      return {};
  }
  return {};
}

q_outcome q_option::request_disable() {
  switch (state_) {
    case q_state::no:
      return {};
    case q_state::yes:
      state_ = q_state::want_no;
      return {q_send::negative, q_settled::unchanged};
    case q_state::want_no:
      queue_ = q_queue::empty;
      return {};
    case q_state::want_yes:
      queue_ = q_queue::opposite;
      return {};
  }
  return {};
}

}  // namespace dw::telnet
