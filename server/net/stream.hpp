#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "server/telnet/message_wire.hpp"

namespace dw::net {

/// The byte stream under a session: a plain TCP socket, or TLS over one (tls.hpp). The session reads and
/// writes through it and knows nothing else of the difference. World thread only; at most one read and
/// one write in flight at a time, as with a socket.
class stream {
 public:
  virtual ~stream() = default;

  /// The socket underneath (its address, its options, its descriptor).
  virtual boost::asio::ip::tcp::socket& socket() = 0;
  /// Reads what has arrived (at least one byte); throws boost::system::system_error as a socket read does.
  virtual boost::asio::awaitable<std::size_t> read_some(boost::asio::mutable_buffer buffer) = 0;
  /// Writes every byte of `buffers` (one gathered write); throws boost::system::system_error.
  virtual boost::asio::awaitable<void> write(std::span<const boost::asio::const_buffer> buffers) = 0;
  /// Ends the connection: a pending read or write completes with an error. TLS says close_notify first,
  /// within a bounded time, after the socket's pending operations are cancelled.
  virtual void close() = 0;
  virtual bool is_tls() const = 0;
  /// The message subprotocol a WebSocket stream speaks (gmcp, json or terminal): its bytes are then
  /// records (telnet/ws_records.hpp) for the session's message codec. None: the bytes are telnet.
  virtual std::optional<telnet::subprotocol> message_subprotocol() const { return std::nullopt; }
  /// Whether a hot reboot can hand the connection to the next image: a plain socket can; TLS and
  /// WebSocket state cannot cross exec().
  virtual bool can_hand_over() const { return !is_tls(); }
  /// Whether MCCP2 may be offered on it (not inside a WebSocket, which compresses by itself).
  virtual bool takes_mccp2() const { return true; }
  /// The socket itself when the stream's bytes are the socket's bytes (a plain connection): the session then
  /// waits for it to be readable and reads into a buffer every connection shares, and writes to it without
  /// waking a coroutine when the kernel takes everything at once. Null for TLS and WebSocket, which have
  /// their own layers between.
  virtual boost::asio::ip::tcp::socket* plain_socket() { return nullptr; }
  /// True for a WebSocket (the web port), whatever it speaks and whether over TLS or not.
  virtual bool is_websocket() const { return false; }
  /// "telnet", "TLS", "WebSocket (gmcp.mudstandards.org)": for the log.
  virtual std::string kind() const { return is_tls() ? "TLS" : "telnet"; }

  boost::asio::any_io_executor get_executor() { return socket().get_executor(); }
  int native_handle() { return socket().native_handle(); }
};

/// A plain telnet connection: the socket itself.
class tcp_stream final : public stream {
 public:
  explicit tcp_stream(boost::asio::ip::tcp::socket socket) : socket_(std::move(socket)) {}

  boost::asio::ip::tcp::socket& socket() override { return socket_; }
  boost::asio::awaitable<std::size_t> read_some(boost::asio::mutable_buffer buffer) override;
  boost::asio::awaitable<void> write(std::span<const boost::asio::const_buffer> buffers) override;
  void close() override;
  bool is_tls() const override { return false; }
  boost::asio::ip::tcp::socket* plain_socket() override { return &socket_; }

 private:
  boost::asio::ip::tcp::socket socket_;
};

}  // namespace dw::net
