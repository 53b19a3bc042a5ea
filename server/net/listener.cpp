#include "server/net/listener.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>

#include "server/log/log.hpp"

namespace dw::net {
namespace asio = boost::asio;
using asio::ip::tcp;

listener::listener(asio::io_context& io, std::function<admission_limits()> limits, admitted_handler admitted,
                   connection_counts* shared_counts)
    : acceptor_(io),
      retry_(io),
      limits_(std::move(limits)),
      admitted_(std::move(admitted)),
      counts_(shared_counts != nullptr ? shared_counts : &own_counts_) {}

void listener::listen(const tcp::endpoint& endpoint) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen();
}

void listener::adopt(tcp protocol, int fd) { acceptor_.assign(protocol, fd); }

void listener::start() {
  asio::co_spawn(acceptor_.get_executor(), accept_loop(), asio::detached);
}

void listener::close() {
  boost::system::error_code ec;
  acceptor_.close(ec);  // the pending accept completes with operation_aborted
  retry_.cancel();
}

void listener::turn_away(std::string notice) {
  notice_ = std::move(notice) + "\r\n";
  turning_away_ = true;
}

void listener::welcome() { turning_away_ = false; }

void listener::count_handed_over(const std::string& address) { counts_->opened(address); }

void listener::closed(const std::string& address) { counts_->closed(address); }

asio::awaitable<void> listener::accept_loop() {
  while (acceptor_.is_open()) {
    boost::system::error_code ec;
    tcp::socket socket = co_await acceptor_.async_accept(asio::redirect_error(asio::use_awaitable, ec));
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) {
      break;  // close(): not a failure
    }
    if (ec) {
      log::warn("accept failed: {}", ec.message());
      // Such an error (out of descriptors, say) tends to repeat at once: pause rather than spin on it.
      retry_.expires_after(std::chrono::milliseconds(50));
      co_await retry_.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      continue;
    }
    admit(std::move(socket));
  }
}

void listener::admit(tcp::socket socket) {
  boost::system::error_code ec;
  const auto remote = socket.remote_endpoint(ec);
  if (ec) {
    return;  // gone before we looked
  }
  if (turning_away_) {
    if (!silent_) {
      socket.write_some(asio::buffer(notice_), ec);  // best effort; a fresh socket's buffer has room
    }
    return;
  }
  const std::string address = remote.address().to_string();
  if (const std::string_view why = counts_->refusal(address, limits_()); !why.empty()) {
    log::warn("refused connection from {}: {}", address, why);
    if (!silent_) {
      const std::string text = std::string(why) + "\r\n";
      socket.write_some(asio::buffer(text), ec);  // best effort, as above
    }
    socket.close(ec);
    return;
  }
  log::info("connection from {}:{}", address, remote.port());
  counts_->opened(address);
  admitted_(std::move(socket), address);
}

}  // namespace dw::net
