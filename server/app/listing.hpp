#pragma once

#include <cstdint>

#include "server/config/settings.hpp"
#include "server/telnet/mssp.hpp"

namespace dw::app {

/// What the server tells MUD listings (MSSP): the `[mssp]` settings, the ports it really listens on
/// (`ssl_port` 0 without TLS), when it started, and the protocols it really speaks.
telnet::mssp_facts listing_facts(const config::settings& settings, std::uint16_t port, std::uint16_t ssl_port,
                                 std::int64_t started_at);

}  // namespace dw::app
