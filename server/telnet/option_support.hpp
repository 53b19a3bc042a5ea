#pragma once

#include <array>
#include <cstdint>

#include "server/telnet/telnet_constants.hpp"

namespace dw::telnet {

/// How we answer a client's request to turn an option on.
enum class acceptance : std::uint8_t {
  refuse,         ///< WONT / DONT
  accept,         ///< WILL / DO
  when_requested  ///< only while we ourselves want it on (ECHO: only in hidden-input mode)
};

/// Our policy for one option, on each side.
struct option_policy {
  acceptance local = acceptance::refuse;   ///< the client sends DO: do we WILL?
  acceptance remote = acceptance::refuse;  ///< the client sends WILL: do we DO?
};

/// The support table: one entry per option code; every option not listed is refused on both sides.
/// Adding an option is adding a line here plus its subnegotiation handling.
constexpr std::array<option_policy, 256> make_option_policies() {
  std::array<option_policy, 256> table{};
  table[opt::ECHO].local = acceptance::when_requested;
  table[opt::SGA] = {acceptance::accept, acceptance::accept};
  table[opt::EOR].local = acceptance::accept;
  table[opt::GMCP].local = acceptance::accept;
  table[opt::NAWS].remote = acceptance::accept;
  table[opt::TTYPE].remote = acceptance::accept;
  table[opt::CHARSET].local = acceptance::accept;
  table[opt::MSSP].local = acceptance::accept;
  table[opt::MCCP2].local = acceptance::accept;  // unless codec_limits::mccp2 is off
  return table;
}

inline constexpr std::array<option_policy, 256> option_policies = make_option_policies();

}  // namespace dw::telnet
