#include "server/telnet/q_option.hpp"

namespace dw::telnet {

bool q_option::spend() {
  if (budget() == 0) {
    return false;
  }
  set_budget(static_cast<std::uint8_t>(budget() - 1));
  return true;
}

q_outcome q_option::receive_enable(bool acceptable) {
  switch (state()) {
    case q_state::no:
      if (!spend()) {
        return {};
      }
      if (acceptable) {
        set_state(q_state::yes);
        return {q_send::positive, q_settled::enabled};
      }
      return {q_send::negative, q_settled::unchanged};
    case q_state::yes:
      return {};  // already agreed: acknowledging again is how loops start
    case q_state::want_no:
      // The client answered our disable with an enable (an RFC 1143 error case): accept its word.
      if (queue() == q_queue::empty) {
        set_state(q_state::no);
        return {q_send::nothing, q_settled::disabled};
      }
      set_state(q_state::yes);
      set_queue(q_queue::empty);
      return {q_send::nothing, q_settled::enabled};
    case q_state::want_yes:
      if (queue() == q_queue::empty) {
        set_state(q_state::yes);
        return {q_send::nothing, q_settled::enabled};
      }
      // We changed our mind while asking: it is on now, so ask for it off.
      set_state(q_state::want_no);
      set_queue(q_queue::empty);
      return {q_send::negative, q_settled::unchanged};
  }
  return {};
}

q_outcome q_option::receive_disable() {
  switch (state()) {
    case q_state::no:
      return {};
    case q_state::yes:
      set_state(q_state::no);
      if (!spend()) {
        return {q_send::nothing, q_settled::disabled};
      }
      return {q_send::negative, q_settled::disabled};
    case q_state::want_no:
      if (queue() == q_queue::empty) {
        set_state(q_state::no);
        return {q_send::nothing, q_settled::disabled};
      }
      set_state(q_state::want_yes);
      set_queue(q_queue::empty);
      return {q_send::positive, q_settled::unchanged};
    case q_state::want_yes:
      set_state(q_state::no);
      set_queue(q_queue::empty);
      return {q_send::nothing, q_settled::disabled};
  }
  return {};
}

q_outcome q_option::request_enable() {
  switch (state()) {
    case q_state::no:
      set_state(q_state::want_yes);
      return {q_send::positive, q_settled::unchanged};
    case q_state::yes:
      return {};
    case q_state::want_no:
      set_queue(q_queue::opposite);
      return {};
    case q_state::want_yes:
      set_queue(q_queue::empty);
      return {};
  }
  return {};
}

q_outcome q_option::request_disable() {
  switch (state()) {
    case q_state::no:
      return {};
    case q_state::yes:
      set_state(q_state::want_no);
      return {q_send::negative, q_settled::unchanged};
    case q_state::want_no:
      set_queue(q_queue::empty);
      return {};
    case q_state::want_yes:
      set_queue(q_queue::opposite);
      return {};
  }
  return {};
}

}  // namespace dw::telnet
