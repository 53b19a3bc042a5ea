#include "server/app/tls_port.hpp"


#include <boost/asio/error.hpp>

#include "server/app/reboot.hpp"
#include "server/app/startup.hpp"
#include "server/log/log.hpp"

namespace dw::app {

tls_port::tls_port(boost::asio::io_context& io, const config::settings& s, const boost::asio::ip::address& host,
                   int handed_fd, std::function<net::admission_limits()> limits, net::connection_counts* counts,
                   std::function<bool()> accepting, established_handler on_established)
    : handshake_limit_(s.tls.handshake_timeout_seconds),
      server_(load_tls(s, true)),
      accepting_(std::move(accepting)),
      on_established_(std::move(on_established)),
      listener_(
          io, std::move(limits),
          [this](boost::asio::ip::tcp::socket socket, const std::string& address) {
            handshake(std::move(socket), address);
          },
          counts) {
  listener_.refuse_silently();
  const boost::asio::ip::tcp::endpoint endpoint(host, static_cast<unsigned short>(s.tls.port));
  if (handed_fd >= 0) {
    listener_.adopt(endpoint.protocol(), handed_fd);
    keep_across_exec(handed_fd, false);
  } else {
    listener_.listen(endpoint);
  }
  const auto bound = listener_.local_endpoint();
  log::info("Deepwell listening for TLS on {}:{}", bound.address().to_string(), bound.port());
}

void tls_port::close() {
  listener_.close();
  end_handshakes();
}

void tls_port::end_handshakes() {
  for (auto& [raw, stream] : handshaking_) {
    if (auto s = stream.lock()) {
      s->close();
    }
  }
}

/// A TLS connection admitted within the limits: its session starts once the handshake is done, within
/// tls.handshake_timeout_seconds. A failed or late handshake is a log line, and frees the slot.
void tls_port::handshake(boost::asio::ip::tcp::socket socket, const std::string& address) {
  auto stream = std::make_shared<net::tls_stream>(std::move(socket), *server_);
  net::tls_stream* raw = stream.get();
  handshaking_.emplace(raw, stream);
  stream->handshake(handshake_limit_, [this, raw, address](const boost::system::error_code& ec) {
    handshaking_.erase(raw);
    if (ec || !accepting_()) {
      if (ec) {
        log::info("TLS handshake with {} failed: {}", address,
                     ec == boost::asio::error::timed_out ? std::string("timed out") : ec.message());
      }
      raw->close();
      listener_.closed(address);
      return;
    }
    log::info("TLS connection from {} established", address);
    on_established_(raw->shared_from_this(), address);
  });
}

}  // namespace dw::app
