#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace dw::game {

/// One fact of the server's listing for MUD crawlers ("PLAYERS" = "3"), in the order the listing gives.
struct listing_entry {
  std::string name;
  std::string value;
  bool operator==(const listing_entry&) const = default;
};

/// What the server tells MUD crawlers about itself. The game only asks, with the number of players in
/// play now; the server around the game (server/app) builds it once at start-up from the [mssp] settings
/// and the ports it really listens on, and the telnet codec (server/telnet) owns the wire format, which
/// the game never sees.
class listing_source {
 public:
  virtual ~listing_source() = default;
  /// Every fact, with `players` in play now.
  virtual std::vector<listing_entry> entries(std::size_t players) const = 0;
  /// The plain-text reply to a "MSSP-REQUEST" line typed at the login screen.
  virtual std::string plain_reply(std::size_t players) const = 0;
};

}  // namespace dw::game
