#include "server/net/stream.hpp"

#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>

namespace dw::net {
namespace asio = boost::asio;

asio::awaitable<std::size_t> tcp_stream::read_some(asio::mutable_buffer buffer) {
  co_return co_await socket_.async_read_some(buffer, asio::use_awaitable);
}

asio::awaitable<void> tcp_stream::write(std::span<const asio::const_buffer> buffers) {
  co_await asio::async_write(socket_, buffers, asio::use_awaitable);
}

void tcp_stream::close() {
  boost::system::error_code ec;
  socket_.shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  socket_.close(ec);
}

}  // namespace dw::net
