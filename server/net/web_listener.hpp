#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/net/connection_counts.hpp"
#include "server/net/listener.hpp"
#include "server/net/static_site.hpp"
#include "server/net/stream.hpp"

// The web port (Boost.Beast, in web_listener.cpp alone): HTTP for the web client's files,
// /status.json and /metrics (for the operator), and WebSocket upgrades on /ws speaking the mudstandards.org subprotocols; TLS too (https
// and wss on the same port) when the server has a TLS context. A WebSocket that is accepted becomes a
// stream, and a session like any other (session.hpp).
namespace dw::net {

class tls_server;

struct web_options {
  std::size_t max_request_header_bytes = 8192;
  std::size_t max_message_bytes = 65536;         ///< the largest WebSocket message a client may send
  std::chrono::seconds request_timeout{30};       ///< to begin a request (and between requests), or finish TLS
  std::chrono::seconds header_timeout{5};         ///< from a request's first byte to the end of its headers
  /// Connections not yet upgraded, over all addresses: at the limit the one idle longest is closed to
  /// make room, or (none idle) the new one is refused.
  std::int64_t max_http_connections = 64;
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
  /// The answer to GET /metrics: 200 and the Prometheus text, or a refusal and why.
  struct metrics_reply {
    int status = 200;
    std::string body;
  };
  /// Asked at each GET /metrics with the asker's address and whether the request came through a proxy (it
  /// carries Forwarded, X-Forwarded-For or X-Real-IP): whoever serves it decides who may read it. Empty:
  /// there is no /metrics (404).
  using metrics_source = std::function<metrics_reply(const std::string& address, bool through_proxy)>;
  /// How many of the game's connections from an address are at the login screen (asked at each accept).
  using login_screen_count = std::function<std::int64_t(const std::string& address)>;

  /// `counts` is the bookkeeping shared with the other ports; `tls` (may be null) serves https/wss on the
  /// same port; `site` must outlive the listener. Connections not yet upgraded from one address count
  /// with `at_login_screen`'s against limits().max_unauthenticated_per_address: one over it may make one
  /// request within header_timeout of arriving, and is then closed (a browser's burst of parallel
  /// requests still loads the page; connections that only wait do not stay).
  web_listener(boost::asio::io_context& io, std::function<admission_limits()> limits, connection_counts* counts,
               const static_site& site, web_options options, tls_server* tls, status_source status,
               metrics_source metrics, login_screen_count at_login_screen, websocket_handler on_websocket);
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
  /// Makes room for a new connection from `address` (closing the connection idle longest when the web
  /// port is at max_http_connections), and marks it on probation when its address is over its limit.
  /// False: it is refused.
  bool admit(connection& c);
  /// The open connection (not yet upgraded) waiting longest for a request to begin, if any.
  std::shared_ptr<connection> idle_longest() const;

  boost::asio::io_context& io_;
  const static_site& site_;
  web_options options_;
  tls_server* tls_;
  status_source status_;
  metrics_source metrics_;
  login_screen_count at_login_screen_;
  websocket_handler on_websocket_;
  std::function<admission_limits()> limits_;
  listener listener_;
  std::unordered_map<connection*, std::weak_ptr<connection>> open_;  ///< not yet upgraded
  std::uint64_t waits_ = 0;  ///< numbers each wait for a request, in order
  bool closed_ = false;
};

}  // namespace dw::net
