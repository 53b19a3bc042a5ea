#include "server/app/bind_listeners.hpp"

#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>

namespace dw::app {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

// Binds `host`:`port` as the server's own listeners do (reuse_address, the default backlog) and hands the
// socket out of Asio; throws bind_error naming `what` and where its address and port come from.
int bind_one(asio::io_context& io, const asio::ip::address& host, std::int64_t port, const char* what,
             const std::string& host_origin, const std::string& port_origin) {
  const tcp::endpoint endpoint(host, static_cast<unsigned short>(port));
  tcp::acceptor acceptor(io);
  boost::system::error_code ec;
  const char* step = "open";
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) {
    acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  }
  if (!ec) {
    step = "bind";
    acceptor.bind(endpoint, ec);
  }
  if (!ec) {
    step = "listen";
    acceptor.listen(asio::socket_base::max_listen_connections, ec);
  }
  if (ec) {
    throw bind_error(std::string("cannot listen for ") + what + " on " + host.to_string() + ":" +
                     std::to_string(port) + " (" + step + ": " + ec.message() + "); the address is set by " +
                     host_origin + " and the port by " + port_origin +
                     ": free the port, or choose another one there");
  }
  return acceptor.release();
}

}  // namespace

bound_listeners bind_listeners(const config::settings& s, const listener_origins& origins) {
  boost::system::error_code ec;
  const asio::ip::address host = asio::ip::make_address(s.server.host, ec);
  if (ec) {
    throw bind_error("cannot listen on '" + s.server.host + "': not an IP address (set by " + origins.host + ")");
  }
  asio::io_context io;
  bound_listeners bound;
  try {
    bound.telnet = bind_one(io, host, s.server.port, "telnet", origins.host, origins.port);
    if (s.tls.enabled) {
      bound.tls = bind_one(io, host, s.tls.port, "TLS", origins.host, "tls.port");
    }
    if (s.web.enabled) {
      bound.web = bind_one(io, host, s.web.port, "the web client", origins.host, origins.web_port);
    }
  } catch (const bind_error&) {
    for (const int fd : {bound.telnet, bound.tls, bound.web}) {
      if (fd >= 0) {
        ::close(fd);
      }
    }
    throw;
  }
  return bound;
}

}  // namespace dw::app
