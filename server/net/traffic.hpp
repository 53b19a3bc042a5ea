#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace dw::net {

/// What kind of connection a session runs over, as the metrics count them.
enum class connection_kind : std::uint8_t { telnet, tls, web };
inline constexpr std::size_t connection_kinds = 3;
/// The metrics' label for each kind, by its value.
inline constexpr std::array<std::string_view, connection_kinds> connection_kind_names{"telnet", "tls", "web"};

/// Output counted over every session since start-up (the metrics). World thread only, like the sessions
/// that add to it: plain integers, no lock.
struct traffic {
  /// Bytes the sessions handed to their streams, by kind: after MCCP2, before TLS or WebSocket framing.
  std::array<std::uint64_t, connection_kinds> output_bytes{};
  /// Sessions opened, by kind.
  std::array<std::uint64_t, connection_kinds> opened{};
  std::uint64_t mccp2_in = 0;   ///< bytes given to MCCP2 compression
  std::uint64_t mccp2_out = 0;  ///< bytes it produced
};

}  // namespace dw::net
