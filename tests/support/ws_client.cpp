#include "tests/support/ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <stdexcept>
#include <variant>

namespace dw::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::ip::tcp;

namespace {

/// Game text with ANSI escape sequences (ESC [ ... final byte) taken out.
std::string without_escapes(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\x1b' && i + 1 < s.size() && s[i + 1] == '[') {
      i += 2;
      while (i < s.size() && !(s[i] >= '@' && s[i] <= '~')) {
        ++i;
      }
      continue;
    }
    if (s[i] != '\r') {
      out.push_back(s[i]);
    }
  }
  return out;
}

/// Runs `ioc` until `done` or the deadline; false on the deadline.
template <typename Done>
bool run_until(asio::io_context& ioc, Done done, std::chrono::steady_clock::time_point deadline) {
  while (!done()) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      return false;
    }
    ioc.restart();
    ioc.run_for(std::min<std::chrono::steady_clock::duration>(deadline - now, std::chrono::milliseconds(20)));
  }
  return true;
}

}  // namespace

struct ws_client::impl {
  asio::io_context ioc;
  asio::ssl::context ssl{asio::ssl::context::tls_client};
  std::variant<std::monostate, websocket::stream<tcp::socket>, websocket::stream<asio::ssl::stream<tcp::socket>>> ws;
  beast::flat_buffer buffer;
  bool reading = false;
  std::deque<ws_message> arrived;
  bool ended = false;
  int code = 0;

  template <typename F>
  void with(F&& f) {
    std::visit(
        [&](auto& s) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(s)>, std::monostate>) {
            f(s);
          }
        },
        ws);
  }

  void start_read() {
    if (reading || ended) {
      return;
    }
    reading = true;
    with([this](auto& s) {
      s.async_read(buffer, [this, &s](const boost::system::error_code& ec, std::size_t) {
        reading = false;
        if (ec) {
          ended = true;
          code = s.reason().code;
          return;
        }
        arrived.push_back(ws_message{s.got_text(), beast::buffers_to_string(buffer.data())});
        buffer.consume(buffer.size());
        start_read();
      });
    });
  }

  void write(bool text, std::string_view bytes) {
    bool done = false;
    boost::system::error_code result;
    with([&](auto& s) {
      s.text(text);
      s.async_write(asio::buffer(bytes.data(), bytes.size()), [&](const boost::system::error_code& ec, std::size_t) {
        result = ec;
        done = true;
      });
    });
    if (!run_until(ioc, [&] { return done; }, std::chrono::steady_clock::now() + default_timeout) || result) {
      throw std::runtime_error("WebSocket write failed: " + result.message());
    }
  }
};

ws_client::ws_client(std::uint16_t port, ws_options options) : impl_(std::make_unique<impl>()) {
  tcp::socket socket(impl_->ioc);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  const auto decorate = [&options](websocket::request_type& req) {
    if (!options.subprotocols.empty()) {
      std::string list;
      for (const std::string& p : options.subprotocols) {
        list += (list.empty() ? "" : ", ") + p;
      }
      req.set(http::field::sec_websocket_protocol, list);
    }
    if (options.origin) {
      req.set(http::field::origin, *options.origin);
    }
  };
  websocket::response_type res;
  auto handshake = [&](auto& ws) {
    websocket::permessage_deflate pmd;
    pmd.client_enable = options.deflate;
    ws.set_option(pmd);
    ws.set_option(websocket::stream_base::decorator(decorate));
    boost::system::error_code ec;
    ws.handshake(res, options.host.value_or("127.0.0.1:" + std::to_string(port)), options.target, ec);
    if (ec) {
      if (res.result_int() != 0 && res.result_int() != 101) {
        throw ws_refused(res.result_int(), res.body());
      }
      throw std::runtime_error("WebSocket handshake failed: " + ec.message());
    }
  };
  if (options.tls) {
    impl_->ssl.set_verify_mode(asio::ssl::verify_none);
    auto& ws = impl_->ws.emplace<websocket::stream<asio::ssl::stream<tcp::socket>>>(std::move(socket), impl_->ssl);
    ws.next_layer().handshake(asio::ssl::stream_base::client);
    handshake(ws);
  } else {
    auto& ws = impl_->ws.emplace<websocket::stream<tcp::socket>>(std::move(socket));
    handshake(ws);
  }
  subprotocol_ = std::string(res[http::field::sec_websocket_protocol]);
  impl_->start_read();
}

ws_client::~ws_client() {
  if (!impl_->ended) {
    boost::system::error_code ignored;
    impl_->with([&](auto& s) { beast::get_lowest_layer(s).close(ignored); });
    impl_->ioc.restart();
    impl_->ioc.poll();
  }
}

void ws_client::send_binary(std::string_view bytes) { impl_->write(false, bytes); }
void ws_client::send_text(std::string_view text) { impl_->write(true, text); }

bool ws_client::pump(std::chrono::steady_clock::time_point deadline) {
  run_until(impl_->ioc, [this] { return !impl_->arrived.empty() || impl_->ended; }, deadline);
  if (impl_->arrived.empty()) {
    if (impl_->ended && !closed_) {
      closed_ = true;
      close_code_ = impl_->code;
    }
    return false;
  }
  ws_message m = std::move(impl_->arrived.front());
  impl_->arrived.pop_front();
  history_.push_back(m);
  if (m.text) {
    texts_.push_back(std::move(m));
  } else {
    text_ += without_escapes(m.payload);
    binaries_.push_back(std::move(m.payload));
  }
  return true;
}

std::optional<ws_message> ws_client::next(std::chrono::milliseconds timeout) {
  const std::size_t before = history_.size();
  if (!pump(std::chrono::steady_clock::now() + timeout)) {
    return std::nullopt;
  }
  return history_[before];
}

std::string ws_client::expect(std::string_view needle, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (const auto at = text_.find(needle); at != std::string::npos) {
      std::string out = text_.substr(0, at + needle.size());
      text_.erase(0, at + needle.size());
      return out;
    }
    if (!pump(deadline)) {
      throw std::runtime_error("timed out waiting for '" + std::string(needle) + "'; received:\n" + text_);
    }
  }
}

std::string ws_client::expect_text_message(std::string_view prefix, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    for (auto it = texts_.begin(); it != texts_.end(); ++it) {
      if (std::string_view(it->payload).substr(0, prefix.size()) == prefix) {
        std::string out = std::move(it->payload);
        texts_.erase(it);
        return out;
      }
    }
    if (!pump(deadline)) {
      std::string seen;
      for (const ws_message& m : texts_) {
        seen += m.payload + "\n";
      }
      throw std::runtime_error("timed out waiting for a text message '" + std::string(prefix) + "'; text messages:\n" +
                               seen);
    }
  }
}

bool ws_client::expect_binary_exactly(std::string_view bytes, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    for (auto it = binaries_.begin(); it != binaries_.end(); ++it) {
      if (*it == bytes) {
        binaries_.erase(binaries_.begin(), it + 1);
        return true;
      }
    }
    if (!pump(deadline)) {
      return false;
    }
  }
}

bool ws_client::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!closed_) {
    if (!pump(deadline) && !closed_ && std::chrono::steady_clock::now() >= deadline) {
      return false;
    }
  }
  return true;
}

http_reply http_request(std::uint16_t port, const std::string& target,
                        const std::vector<std::pair<std::string, std::string>>& headers, const std::string& method) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  for (const auto& [name, value] : headers) {
    req.set(name, value);
  }
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(method == "HEAD");
  parser.body_limit(64U << 20);
  http::read(stream, buffer, parser);
  http_reply reply;
  const auto& res = parser.get();
  reply.status = res.result_int();
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& c : name) {
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    reply.headers[name] = std::string(field.value());
  }
  reply.body = res.body();
  boost::system::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return reply;
}

}  // namespace dw::testing
