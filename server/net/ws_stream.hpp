#pragma once

// ws_stream: an accepted WebSocket as the stream under a session. Included by web_listener.cpp alone, the
// only translation unit that includes Boost.Beast (it is slow to compile; nothing else should pay for it).
#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <boost/system/system_error.hpp>
#include <chrono>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/net/stream.hpp"
#include "server/telnet/ws_records.hpp"

namespace dw::net::web_detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using asio::ip::tcp;

inline constexpr std::chrono::seconds close_limit{2};  ///< a WebSocket closing handshake gets this long
/// A connection's read buffers grown past this by a long message are given back once it has been read
/// (memory per player: most messages are a line).
inline constexpr std::size_t kept_buffer_bytes = 16 * 1024;

/// One WebSocket connection under a session: the session's bytes are telnet (telnet.mudstandards.org:
/// binary messages both ways) or records (the message subprotocols; see telnet/ws_records.hpp).
template <class Next>
class ws_stream final : public stream, public std::enable_shared_from_this<ws_stream<Next>> {
 public:
  /// `inflate_room`: 0 when the client's messages are not compressed; else the largest message it may
  /// send plus one, the room each compressed message is inflated into (see read_inflated).
  ws_stream(websocket::stream<Next> ws, telnet::subprotocol wire, bool tls, std::size_t inflate_room)
      : ws_(std::move(ws)), wire_(wire), tls_(tls), deadline_(ws_.get_executor()), inflate_room_(inflate_room) {}

  tcp::socket& socket() override { return beast::get_lowest_layer(ws_); }
  bool is_tls() const override { return tls_; }
  bool can_hand_over() const override { return false; }
  bool takes_mccp2() const override { return false; }
  bool is_websocket() const override { return true; }
  std::optional<telnet::subprotocol> message_subprotocol() const override {
    return wire_ == telnet::subprotocol::telnet ? std::nullopt : std::optional(wire_);
  }
  std::string kind() const override {
    return std::string(tls_ ? "secure WebSocket (" : "WebSocket (") + std::string(telnet::name_of(wire_)) + ")";
  }

  asio::awaitable<std::size_t> read_some(asio::mutable_buffer buffer) override {
    while (taken_ == pending_.size()) {
      pending_.clear();
      taken_ = 0;
      in_.clear();
      if (pending_.capacity() > kept_buffer_bytes) {
        std::string().swap(pending_);
      }
      if (in_.capacity() > kept_buffer_bytes) {
        in_.shrink_to_fit();
      }
      std::string_view message;
      if (inflate_room_ > 0) {
        message = co_await read_inflated();
      } else {
        co_await ws_.async_read(in_, asio::use_awaitable);
        const auto data = in_.cdata();
        message = std::string_view(static_cast<const char*>(data.data()), data.size());
      }
      if (wire_ == telnet::subprotocol::telnet) {
        pending_.append(message);  // the telnet stream itself (text messages are taken as bytes too)
      } else {
        telnet::append_record(ws_.got_text() ? telnet::record_kind::text : telnet::record_kind::binary, message,
                              pending_);
      }
    }
    const std::size_t n = std::min(buffer.size(), pending_.size() - taken_);
    std::memcpy(buffer.data(), pending_.data() + taken_, n);
    taken_ += n;
    co_return n;
  }

  asio::awaitable<void> write(std::span<const asio::const_buffer> buffers) override {
    out_.clear();
    for (const asio::const_buffer& b : buffers) {
      out_.append(static_cast<const char*>(b.data()), b.size());
    }
    writing_ = true;
    struct done {
      bool& flag;
      ~done() { flag = false; }
    } guard{writing_};
    if (wire_ == telnet::subprotocol::telnet) {
      ws_.binary(true);
      co_await ws_.async_write(asio::buffer(out_), asio::use_awaitable);
      co_return;
    }
    frames_.clear();
    if (!telnet::frames_of(out_, frames_)) {
      throw boost::system::system_error(asio::error::invalid_argument);  // a bug: the session wrote no records
    }
    for (const telnet::frame& f : frames_) {
      ws_.text(f.text);
      co_await ws_.async_write(asio::buffer(f.payload), asio::use_awaitable);
    }
  }

  /// Says goodbye (close code 1001, going away) unless a write is under way, within close_limit; then
  /// the socket is closed whatever happened.
  void close() override {
    if (closing_) {
      return;
    }
    closing_ = true;
    if (writing_ || !ws_.is_open()) {
      close_socket();
      return;
    }
    deadline_.expires_after(close_limit);
    deadline_.async_wait([self = this->shared_from_this()](const boost::system::error_code& ec) {
      if (!ec) {
        self->close_socket();
      }
    });
    ws_.async_close(websocket::close_code::going_away,
                    [self = this->shared_from_this()](const boost::system::error_code&) {
                      self->deadline_.cancel();
                      self->close_socket();
                    });
  }

 private:
  void close_socket() {
    boost::system::error_code ignored;
    beast::get_lowest_layer(ws_).shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).close(ignored);
  }

  /// One compressed message, inflated into room for all of it. Beast (Boost 1.81) loses its place in the
  /// deflate stream when a message's inflated bytes outgrow the room it is given (it feeds the closing
  /// empty block again after taking part of it: "invalid stored block length"), which async_read into a
  /// growing buffer does for any message that inflates past a few KiB. With room for the largest message
  /// allowed, that never happens, and one over the limit still fails with 1009. The room is allocated
  /// without being written: only what messages fill becomes resident.
  asio::awaitable<std::string_view> read_inflated() {
    if (!inflated_) {
      inflated_ = std::make_unique_for_overwrite<char[]>(inflate_room_);
    }
    std::size_t used = 0;
    do {
      if (used == inflate_room_) {  // (Beast fails such a message itself first; this keeps a read in bounds)
        throw boost::system::system_error(websocket::error::message_too_big);
      }
      used += co_await ws_.async_read_some(asio::buffer(inflated_.get() + used, inflate_room_ - used),
                                           asio::use_awaitable);
    } while (!ws_.is_message_done());
    co_return std::string_view(inflated_.get(), used);
  }

  websocket::stream<Next> ws_;
  telnet::subprotocol wire_;
  bool tls_;
  asio::steady_timer deadline_;
  std::size_t inflate_room_;
  std::unique_ptr<char[]> inflated_;  ///< inflate_room_ bytes, when the client compresses
  beast::flat_buffer in_;
  std::string pending_;  ///< read and not yet taken by the session
  std::size_t taken_ = 0;
  std::string out_;
  std::vector<telnet::frame> frames_;
  bool writing_ = false;
  bool closing_ = false;
};

}  // namespace dw::net::web_detail
