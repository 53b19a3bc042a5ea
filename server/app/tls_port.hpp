#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>

#include "server/config/settings.hpp"
#include "server/net/connection_counts.hpp"
#include "server/net/listener.hpp"
#include "server/net/tls.hpp"

// The TLS port as the server runs it: the key pair and context (startup.hpp's load_tls), the listener
// counting with the other ports, and each connection's handshake under its deadline before it becomes a
// session.
namespace dw::app {

class tls_port {
 public:
  /// A handshake finished: the stream is ready for a session. The connection still counts against the
  /// limits until whoever takes it reports it closed.
  using established_handler = std::function<void(std::shared_ptr<net::stream> stream, const std::string& address)>;

  /// Loads the key pair (throws as load_tls does) and opens tls.port on `host`, or adopts `handed_fd` (a
  /// hot reboot's). `accepting` says whether a finished handshake may still become a session (not while
  /// the server stops or reboots).
  tls_port(boost::asio::io_context& io, const config::settings& s, const boost::asio::ip::address& host, int handed_fd,
           std::function<net::admission_limits()> limits, net::connection_counts* counts,
           std::function<bool()> accepting, established_handler on_established);

  void start() { listener_.start(); }
  /// Stops accepting and ends the handshakes under way.
  void close();
  /// Ends the handshakes under way (a hot reboot cannot carry them).
  void end_handshakes();
  net::listener& listener() { return listener_; }
  net::tls_server& server() { return *server_; }
  std::uint16_t port() const { return listener_.local_endpoint().port(); }

 private:
  void handshake(boost::asio::ip::tcp::socket socket, const std::string& address);

  std::chrono::seconds handshake_limit_;
  std::unique_ptr<net::tls_server> server_;
  std::function<bool()> accepting_;
  established_handler on_established_;
  net::listener listener_;
  std::unordered_map<net::tls_stream*, std::weak_ptr<net::tls_stream>> handshaking_;
};

}  // namespace dw::app
