#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dw::game {

/// What a connection carries across a hot reboot (the network layer hands it back through
/// `network_port::on_restore`). Plain values, so that the network side need not see login.
struct saved_connection {
  std::int64_t account_id = 0;  ///< 0: it was not playing
  std::int64_t connected_at = 0;
  std::int64_t last_input = 0;
  bool fighting = false;  ///< its character was in a fight, which goes on after the reboot
  std::vector<std::string> gmcp_supports;  ///< its client's GMCP Core.Supports list (clients send it once)
};

}  // namespace dw::game
