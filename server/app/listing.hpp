#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "server/config/settings.hpp"
#include "server/game/login/listing.hpp"
#include "server/telnet/mssp.hpp"

namespace dw::app {

/// What the server tells MUD listings (MSSP): the `[mssp]` settings, the ports it really listens on
/// (`ssl_port` 0 without TLS), when it started, and the protocols it really speaks.
telnet::mssp_facts listing_facts(const config::settings& settings, std::uint16_t port, std::uint16_t ssl_port,
                                 std::int64_t started_at);

/// The game's listing_source over those facts: the telnet codec's MSSP variables and plain-text reply.
class mssp_listing final : public game::listing_source {
 public:
  explicit mssp_listing(telnet::mssp_facts facts) : facts_(std::move(facts)) {}
  std::vector<game::listing_entry> entries(std::size_t players) const override;
  std::string plain_reply(std::size_t players) const override;

 private:
  telnet::mssp_facts facts_;
};

}  // namespace dw::app
