#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/config/settings.hpp"
#include "server/net/static_site.hpp"
#include "server/net/web_listener.hpp"
#include "server/game/login/listing.hpp"

// The web port as the server runs it: the settings read into the listener's options, the web client's
// files read once, /status.json made from the MSSP values, and /metrics (metrics.hpp) when metrics.enabled.
namespace dw::app {

/// web.* as the web listener takes them.
net::web_options web_options_from(const config::settings& s);

/// The body of GET /status.json at unix time `now`: name, players online, uptime in seconds, the
/// version, and every MSSP value crawlers are given (under "mssp"), for listing sites and monitoring.
std::string status_json(const std::vector<game::listing_entry>& mssp, std::int64_t now);

class web_port {
 public:
  /// Reads web.root and opens the port (adopting `handed_fd`, a hot reboot's, when >= 0). Throws
  /// std::runtime_error naming the setting when the folder cannot be read, boost::system::system_error
  /// when the port cannot be opened.
  web_port(boost::asio::io_context& io, const config::settings& s, const boost::asio::ip::address& host, int handed_fd,
           std::function<net::admission_limits()> limits, net::connection_counts* counts, net::tls_server* tls,
           net::web_listener::status_source status, net::web_listener::metrics_source metrics,
           net::web_listener::login_screen_count at_login_screen, net::web_listener::websocket_handler on_websocket);

  void start() { listener_->start(); }
  void close() { listener_->close(); }
  net::web_listener& listener() { return *listener_; }
  std::uint16_t port() const { return listener_->local_endpoint().port(); }

 private:
  net::static_site site_;
  std::unique_ptr<net::web_listener> listener_;
};

}  // namespace dw::app
