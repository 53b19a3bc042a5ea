#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/net/connection_counts.hpp"
#include "server/net/listener.hpp"
#include "server/net/static_site.hpp"
#include "server/net/stream.hpp"

// The web port (Boost.Beast, in web_listener.cpp alone): HTTP for the web client's files and
// /status.json, and WebSocket upgrades on /ws speaking the mudstandards.org subprotocols; TLS too (https
// and wss on the same port) when the server has a TLS context. A WebSocket that is accepted becomes a
// stream, and a session like any other (session.hpp).
namespace dw::net {

class tls_server;

struct web_options {
  std::size_t max_request_header_bytes = 8192;
  std::size_t max_message_bytes = 65536;         ///< the largest WebSocket message a client may send
  std::chrono::seconds request_timeout{30};       ///< to send a request (and between requests), or finish TLS
  int max_requests_per_connection = 100;          ///< HTTP keep-alive: then the connection is closed
  bool permessage_deflate = true;
  std::vector<std::string> allowed_origins;       ///< besides the server's own names; "*" for any
  /// The server's configured names (server.host unless it is every address, mssp.hostname): a page on
  /// one of them, on the web port, may open a game connection. The address a connection came in on (and
  /// "localhost" when that is a loopback address) is added for each connection.
  std::vector<std::string> own_names;
};

class web_listener {
 public:
  /// A WebSocket accepted: the stream and the remote address. The connection still counts against the
  /// limits: whoever takes it calls closed(address) when it ends (as for the TLS port).
  using websocket_handler = std::function<void(std::shared_ptr<stream> ws, const std::string& address)>;
  /// The body of GET /status.json (JSON), asked at each request.
  using status_source = std::function<std::string()>;

  /// `counts` is the bookkeeping shared with the other ports; `tls` (may be null) serves https/wss on the
  /// same port; `site` must outlive the listener.
  web_listener(boost::asio::io_context& io, std::function<admission_limits()> limits, connection_counts* counts,
               const static_site& site, web_options options, tls_server* tls, status_source status,
               websocket_handler on_websocket);
  ~web_listener();

  void listen(const boost::asio::ip::tcp::endpoint& endpoint) { listener_.listen(endpoint); }
  void adopt(boost::asio::ip::tcp protocol, int fd) { listener_.adopt(protocol, fd); }
  void start() { listener_.start(); }
  /// Stops accepting and ends every HTTP connection not yet upgraded (sessions end by themselves).
  void close();
  /// While turning away, new connections are closed uncounted (a hot reboot); welcome() admits again.
  void turn_away() { listener_.turn_away(""); }
  void welcome() { listener_.welcome(); }
  void closed(const std::string& address) { listener_.closed(address); }
  boost::asio::ip::tcp::endpoint local_endpoint() const { return listener_.local_endpoint(); }
  int native_handle() { return listener_.native_handle(); }

  struct connection;  ///< one HTTP connection before its upgrade (web_listener.cpp)

 private:
  void serve(boost::asio::ip::tcp::socket socket, const std::string& address);

  boost::asio::io_context& io_;
  const static_site& site_;
  web_options options_;
  tls_server* tls_;
  status_source status_;
  websocket_handler on_websocket_;
  listener listener_;
  std::unordered_map<connection*, std::weak_ptr<connection>> open_;
  bool closed_ = false;
};

}  // namespace dw::net
