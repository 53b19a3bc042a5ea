#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace dw::net {

/// How many connections may be open at once, in all and from one remote address.
struct admission_limits {
  std::int64_t max_connections = 0;
  std::int64_t max_per_address = 0;
  /// Connections from one address that are not yet playing (server.max_unauthenticated_per_address): the
  /// game holds its sessions to it; the web port counts its connections not yet upgraded with them. 0: none.
  std::int64_t max_unauthenticated_per_address = 0;
};

/// The open connections, in all and per remote address, and whether one more may come in. Plain
/// bookkeeping (no sockets): the listener asks it before admitting a connection.
class connection_counts {
 public:
  /// Why one more connection from `address` would exceed `limits` (the words the client is told), or
  /// empty when it may come in.
  std::string_view refusal(const std::string& address, const admission_limits& limits) const;
  /// A connection from `address` is open.
  void opened(const std::string& address);
  /// A connection from `address` has ended (one that was counted open).
  void closed(const std::string& address);

  std::int64_t total() const { return total_; }
  std::int64_t from(const std::string& address) const;

 private:
  std::unordered_map<std::string, std::int64_t> per_address_;  ///< addresses with a connection open only
  std::int64_t total_ = 0;
};

}  // namespace dw::net
