#pragma once

#include <cstdint>

namespace dw::telnet {

/// RFC 1143 states of one side of one option.
enum class q_state : std::uint8_t { no, yes, want_no, want_yes };
/// RFC 1143 queue bit: a change of mind waiting for the current negotiation to finish.
enum class q_queue : std::uint8_t { empty, opposite };

/// What to send after a q_option step. "Positive" is WILL on our side and DO on the client's.
enum class q_send : std::uint8_t { nothing, positive, negative };
/// Whether a step settled the option, for option_event.
enum class q_settled : std::uint8_t { unchanged, enabled, disabled };

/// The outcome of one q_option step.
struct q_outcome {
  q_send send = q_send::nothing;
  q_settled settled = q_settled::unchanged;
  bool operator==(const q_outcome&) const = default;
};

/// One side of one option under RFC 1143's Q-method: never acknowledges a state already held and
/// never loops. The side-neutral naming lets the same machine serve our side (receives DO/DONT,
/// sends WILL/WONT) and the client's side (receives WILL/WONT, sends DO/DONT).
///
/// On top of the RFC, replies to requests the client started itself are budgeted: a hostile client
/// that answers each acknowledgement with the opposite request would otherwise ping-pong forever.
/// Once the budget is spent, unsolicited enable requests are ignored and disables are obeyed silently.
class q_option {
 public:
  /// Replies to client-initiated changes allowed per option side and connection.
  static constexpr std::uint8_t unsolicited_reply_budget = 8;

  q_option() = default;
  /// Rebuilds a saved state; the caller validates the values.
  q_option(q_state state, q_queue queue, std::uint8_t budget) {
    set_state(state);
    set_queue(queue);
    set_budget(budget);
  }

  /// The client sent WILL (client side) or DO (our side); `acceptable` says whether we agree to turn it on.
  q_outcome receive_enable(bool acceptable);
  /// The client sent WONT (client side) or DONT (our side).
  q_outcome receive_disable();
  /// We want the option on.
  q_outcome request_enable();
  /// We want the option off.
  q_outcome request_disable();

  /// True only while the option is agreed on.
  bool enabled() const { return state() == q_state::yes; }
  q_state state() const { return static_cast<q_state>(bits_ & state_mask); }
  q_queue queue() const { return static_cast<q_queue>((bits_ >> queue_shift) & 1U); }
  std::uint8_t budget() const { return static_cast<std::uint8_t>(bits_ >> budget_shift); }

 private:
  /// Spends one unit of budget; false when none is left.
  bool spend();

  // One byte: a codec holds 512 of these (both sides of every option) for every connection, so at
  // 10,000 players three separate bytes cost 10 MB more (issue 14's memory per player).
  // Bits 0-1 the state, bit 2 the queue, bits 3-7 the budget (at most unsolicited_reply_budget).
  static constexpr unsigned state_mask = 0x3U;
  static constexpr unsigned queue_shift = 2;
  static constexpr unsigned budget_shift = 3;
  void set_state(q_state s) { bits_ = static_cast<std::uint8_t>((bits_ & ~state_mask) | static_cast<unsigned>(s)); }
  void set_queue(q_queue q) {
    bits_ = static_cast<std::uint8_t>((bits_ & ~(1U << queue_shift)) | (static_cast<unsigned>(q) << queue_shift));
  }
  void set_budget(std::uint8_t b) {
    bits_ = static_cast<std::uint8_t>((bits_ & ((1U << budget_shift) - 1U)) | (unsigned{b} << budget_shift));
  }

  std::uint8_t bits_ = static_cast<std::uint8_t>(unsolicited_reply_budget << budget_shift);
};

}  // namespace dw::telnet
