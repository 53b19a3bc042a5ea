#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// A WebSocket client (Boost.Beast) and a plain HTTP GET for the web port's integration tests. Blocking
// calls with deadlines: nothing sleeps for a fixed time. Kept in its own translation unit: Beast is slow
// to compile.
namespace dw::testing {

struct ws_options {
  /// Offered in Sec-WebSocket-Protocol (none: the header is not sent).
  std::vector<std::string> subprotocols = {"gmcp.mudstandards.org"};
  /// The Origin header (none: not sent, as a non-browser client).
  std::optional<std::string> origin;
  /// The Host header (none: "127.0.0.1:<port>").
  std::optional<std::string> host;
  std::string target = "/ws";
  /// Over TLS (wss), trusting any certificate (the server's is self-signed in tests).
  bool tls = false;
  /// Offer permessage-deflate, as browsers do.
  bool deflate = true;
};

struct ws_message {
  bool text = false;
  std::string payload;
};

/// The answer to an upgrade the server refused.
class ws_refused : public std::runtime_error {
 public:
  ws_refused(int status, const std::string& body)
      : std::runtime_error("upgrade refused with HTTP " + std::to_string(status) + ": " + body), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

class ws_client {
 public:
  static constexpr std::chrono::seconds default_timeout{20};

  /// Connects to 127.0.0.1:`port` and upgrades. Throws ws_refused when the server answers the upgrade
  /// with an HTTP error, std::runtime_error on anything else.
  ws_client(std::uint16_t port, ws_options options = {});
  ~ws_client();
  ws_client(const ws_client&) = delete;
  ws_client& operator=(const ws_client&) = delete;

  /// The subprotocol the server chose ("" when it named none).
  const std::string& subprotocol() const { return subprotocol_; }
  void send_binary(std::string_view bytes);
  void send_text(std::string_view text);

  /// The next message, waiting up to `timeout`; none on timeout or once the connection has closed.
  std::optional<ws_message> next(std::chrono::milliseconds timeout = default_timeout);
  /// Reads messages until the game text (binary messages, ANSI escapes taken out) since the last expect
  /// contains `needle`; returns that text through the needle. Text messages read meanwhile are kept for
  /// expect_text_message. Throws std::runtime_error with what arrived on timeout.
  std::string expect(std::string_view needle, std::chrono::milliseconds timeout = default_timeout);
  /// The first text message (kept or new) that starts with `prefix`, taken out of the kept ones.
  std::string expect_text_message(std::string_view prefix, std::chrono::milliseconds timeout = default_timeout);
  /// The first binary message (kept or new) that is exactly `bytes`.
  bool expect_binary_exactly(std::string_view bytes, std::chrono::milliseconds timeout = default_timeout);
  /// Waits until the server has closed; true in time. close_code() is what it said (0: none).
  bool wait_closed(std::chrono::milliseconds timeout = default_timeout);
  int close_code() const { return close_code_; }
  /// Every message received so far, in order.
  const std::vector<ws_message>& history() const { return history_; }

  struct impl;

 private:
  bool pump(std::chrono::steady_clock::time_point deadline);

  std::unique_ptr<impl> impl_;
  std::string subprotocol_;
  std::string text_;                 ///< game text not yet consumed by expect()
  std::deque<ws_message> texts_;     ///< text messages not yet taken
  std::deque<std::string> binaries_; ///< binary messages, for expect_binary_exactly
  std::vector<ws_message> history_;
  bool closed_ = false;
  int close_code_ = 0;
};

struct http_reply {
  int status = 0;
  std::map<std::string, std::string> headers;  ///< lower-case names
  std::string body;
};

/// GET (or `method`) `target` from 127.0.0.1:`port` over plain HTTP/1.1 with `headers` added.
http_reply http_request(std::uint16_t port, const std::string& target,
                        const std::vector<std::pair<std::string, std::string>>& headers = {},
                        const std::string& method = "GET");

}  // namespace dw::testing
