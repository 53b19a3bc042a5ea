// The web port: the only translation unit that includes Boost.Beast (it is slow to compile; nothing
// else should pay for it). HTTP/1.1 for the web client's files, /status.json and /metrics, WebSocket upgrades on
// /ws, and TLS on the same port when the server has a context (the first bytes tell a TLS ClientHello
// from plain HTTP).
#include "server/net/web_listener.hpp"


#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <algorithm>
#include <boost/asio/redirect_error.hpp>
#include <cstring>
#include <memory>

#include "server/log/log.hpp"
#include "server/net/tls.hpp"
#include "server/net/web_policy.hpp"
#include "server/net/ws_stream.hpp"
#include "server/telnet/ws_records.hpp"
#include "server/text/log_safe.hpp"

namespace dw::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using asio::ip::tcp;
using ssl_socket = asio::ssl::stream<tcp::socket>;
using web_detail::ws_stream;

namespace {

using request = http::request<http::empty_body>;

http::response<http::string_body> plain_response(const request& req, http::status status, std::string body) {
  http::response<http::string_body> res{status, req.version()};
  res.set(http::field::server, "Deepwell");
  res.set(http::field::content_type, "text/plain; charset=utf-8");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

}  // namespace

/// One HTTP connection before its upgrade: the socket (or TLS over it) and the watchdog that closes it
/// when a request is slow to come or to finish its headers.
struct web_listener::connection : std::enable_shared_from_this<web_listener::connection> {
  explicit connection(tcp::socket s) : socket(std::move(s)), watchdog(socket.get_executor()) {}

  /// The deadline for a request to begin (or the TLS handshake): a connection on probation has only the
  /// header deadline, counted from its arrival, for everything.
  std::chrono::seconds begin_limit(const web_options& o) const {
    return on_probation ? o.header_timeout : o.request_timeout;
  }

  tcp::socket& lowest() { return tls ? tls->next_layer() : socket; }
  void arm(std::chrono::seconds limit) {
    watchdog.expires_after(limit);
    watchdog.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
      if (auto self = weak.lock(); self && !ec) {
        self->end();
      }
    });
  }
  void end() {
    boost::system::error_code ignored;
    ended = true;
    watchdog.cancel();
    lowest().close(ignored);
  }

  tcp::socket socket;                 ///< until TLS takes it
  std::unique_ptr<ssl_socket> tls;    ///< when the client began TLS
  asio::steady_timer watchdog;
  std::string address;
  /// Waiting for a request to begin (or for TLS): idle, and so the first to be closed to make room.
  bool waiting = true;
  std::uint64_t waiting_since = 0;  ///< which wait (web_listener::waits_), to find the one idle longest
  bool on_probation = false;  ///< came in over its address's limit: one request, within header_timeout
  bool ended = false;
};

web_listener::web_listener(asio::io_context& io, std::function<admission_limits()> limits, connection_counts* counts,
                           const static_site& site, web_options options, tls_server* tls, status_source status,
                           metrics_source metrics, login_screen_count at_login_screen, websocket_handler on_websocket)
    : io_(io),
      site_(site),
      options_(std::move(options)),
      tls_(tls),
      status_(std::move(status)),
      metrics_(std::move(metrics)),
      at_login_screen_(std::move(at_login_screen)),
      on_websocket_(std::move(on_websocket)),
      limits_(std::move(limits)),
      listener_(
          io, limits_, [this](tcp::socket socket, const std::string& address) { serve(std::move(socket), address); },
          counts) {
  listener_.refuse_silently();  // a refusal in plain text would be noise to a browser
}

web_listener::~web_listener() = default;

void web_listener::close() {
  closed_ = true;
  listener_.close();
  for (auto& [raw, weak] : open_) {
    if (auto c = weak.lock()) {
      c->end();
    }
  }
}

namespace {

/// Answers one request that is not an upgrade: a file of the site, /status.json, /metrics (to whom the
/// server lets read it), or an error. `address`: the asker's.
http::response<http::string_body> answer(const request& req, const std::string& address, const static_site& site,
                                         const web_listener::status_source& status,
                                         const web_listener::metrics_source& metrics) {
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    auto res = plain_response(req, http::status::method_not_allowed, "Only GET and HEAD are served here.\n");
    res.set(http::field::allow, "GET, HEAD");
    return res;
  }
  const std::string_view target = req.target();
  if (target.substr(0, target.find('?')) == "/status.json") {
    auto res = plain_response(req, http::status::ok, status());
    res.set(http::field::content_type, "application/json");
    res.set(http::field::access_control_allow_origin, "*");  // for listing sites and monitors
    res.prepare_payload();
    return res;
  }
  if (target.substr(0, target.find('?')) == "/metrics" && metrics) {
    const bool through_proxy = req.find(http::field::forwarded) != req.end() ||
                               req.find("X-Forwarded-For") != req.end() || req.find("X-Real-IP") != req.end();
    web_listener::metrics_reply reply = metrics(address, through_proxy);
    auto res = plain_response(req, static_cast<http::status>(reply.status), std::move(reply.body));
    if (reply.status == 200) {
      res.set(http::field::content_type, "text/plain; version=0.0.4; charset=utf-8");  // Prometheus text format
    }
    if (req.method() == http::verb::head) {
      res.prepare_payload();
      res.body().clear();
    }
    return res;
  }
  const site_file* file = site.find(target);
  if (file == nullptr) {
    return plain_response(req, http::status::not_found, "Not found.\n");
  }
  http::response<http::string_body> res{http::status::ok, req.version()};
  res.set(http::field::server, "Deepwell");
  res.set(http::field::content_type, file->content_type);
  res.set(http::field::etag, file->etag);
  res.set(http::field::cache_control, "no-cache");  // revalidate: a new release's page loads at once
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "no-referrer");
  res.set("Content-Security-Policy",
          "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self'; "
          "script-src 'self'; frame-ancestors 'none'");
  res.keep_alive(req.keep_alive());
  if (req[http::field::if_none_match] == file->etag) {
    res.result(http::status::not_modified);
  } else {
    res.body() = file->body;
  }
  res.prepare_payload();
  if (req.method() == http::verb::head) {
    res.body().clear();  // (the length stays what a GET would send)
  }
  return res;
}

/// The subprotocols a request offers: every Sec-WebSocket-Protocol header.
std::vector<std::string_view> offered_subprotocols(const request& req) {
  std::vector<std::string_view> out;
  for (auto it = req.find(http::field::sec_websocket_protocol);
       it != req.end() && it->name() == http::field::sec_websocket_protocol; ++it) {
    out.push_back(it->value());
  }
  return out;
}

/// The names a page of this server may be served under, for a request on `socket`: the configured ones,
/// the address the connection came in on (a page on http://192.0.2.7:4001/), and "localhost" when that
/// address is a loopback one.
std::vector<std::string> own_names_for(const tcp::socket& socket, const web_options& options) {
  std::vector<std::string> names = options.own_names;
  boost::system::error_code ec;
  asio::ip::address local = socket.local_endpoint(ec).address();
  if (ec) {
    return names;
  }
  if (local.is_v6() && local.to_v6().is_v4_mapped()) {
    local = asio::ip::make_address_v4(asio::ip::v4_mapped, local.to_v6());
  }
  names.push_back(local.to_string());
  if (local.is_loopback()) {
    names.emplace_back("localhost");
  }
  return names;
}

std::optional<std::string_view> header(const request& req, http::field f) {
  const auto it = req.find(f);
  if (it == req.end()) {
    return std::nullopt;
  }
  return it->value();
}

/// Serves requests on `s` until an upgrade (handed on; true) or the end of the connection (false).
/// `begin_wait` is called each time the connection starts waiting for a request.
template <class Next>
asio::awaitable<bool> serve_requests(Next& s, beast::flat_buffer& buffer, web_listener::connection& c,
                                     const static_site& site, const web_options& options, bool tls,
                                     const web_listener::status_source& status,
                                     const web_listener::metrics_source& metrics,
                                     const web_listener::websocket_handler& on_websocket,
                                     const std::function<void()>& begin_wait) {
  for (int served = 0; served < options.max_requests_per_connection; ++served) {
    boost::system::error_code ec;
    if (buffer.size() == 0) {
      // Idle until a request begins (request_timeout), then its headers have header_timeout: a request
      // trickled a byte at a time no longer holds its connection for long.
      begin_wait();
      if (!c.on_probation || served > 0) {
        c.arm(c.begin_limit(options));
      }
      constexpr std::size_t first_read = 1024;
      const std::size_t n =
          co_await s.async_read_some(buffer.prepare(first_read), asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        co_return false;  // closed, reset, or the deadline: nothing was asked
      }
      buffer.commit(n);
    }
    c.waiting = false;
    if (!c.on_probation) {  // (on probation the deadline counts from its arrival)
      c.arm(options.header_timeout);
    }
    http::request_parser<http::empty_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(options.max_request_header_bytes));
    parser.body_limit(0);
    co_await http::async_read(s, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) {
      if (c.ended && !c.waiting) {
        log::info("web: request from {} closed: its headers were not all in within {} s (web.header_timeout_seconds)",
                     c.address, options.header_timeout.count());
      } else if (ec != http::error::end_of_stream && ec != asio::error::operation_aborted && ec != asio::error::eof) {
        log::info("web: request from {} refused: {}", c.address, ec.message());
        if (ec.category() == beast::http::make_error_code(http::error::header_limit).category()) {
          // Not HTTP, or over the limits: said once, and the connection ends.
          const request empty;
          auto res = plain_response(empty, http::status::bad_request, "Bad request.\n");
          res.keep_alive(false);
          co_await http::async_write(s, res, asio::redirect_error(asio::use_awaitable, ec));
        }
      }
      co_return false;
    }
    request req = parser.release();
    const std::string_view path = std::string_view(req.target()).substr(0, req.target().find('?'));
    if (websocket::is_upgrade(req)) {
      const std::optional<subprotocol_choice> choice = choose_subprotocol(offered_subprotocols(req));
      const tcp::socket& socket = c.lowest();
      boost::system::error_code ignored;
      const bool origin_ok = origin_allowed(header(req, http::field::origin), own_names_for(socket, options),
                                            socket.local_endpoint(ignored).port(), options.allowed_origins);
      if (path != "/ws" || !choice || !origin_ok) {
        const http::status why = path != "/ws" ? http::status::not_found
                                 : !origin_ok  ? http::status::forbidden
                                               : http::status::bad_request;
        log::info("web: WebSocket upgrade from {} refused ({}): path {}, origin {}, subprotocols {}", c.address,
                     static_cast<int>(why), log_safe(path), log_safe(req[http::field::origin]),
                     log_safe(req[http::field::sec_websocket_protocol]));
        auto res = plain_response(req, why,
                                  why == http::status::forbidden
                                      ? "This page may not open a game connection here.\n"
                                      : why == http::status::not_found
                                            ? "Not found.\n"
                                            : "None of the offered WebSocket subprotocols is spoken here.\n");
        res.keep_alive(false);
        co_await http::async_write(s, res, asio::redirect_error(asio::use_awaitable, ec));
        co_return false;
      }
      websocket::stream<Next> ws(std::move(s));
      ws.read_message_max(options.max_message_bytes);
      ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
      if (options.permessage_deflate) {
        websocket::permessage_deflate pmd;
        pmd.server_enable = true;
        pmd.server_max_window_bits = 12;  // memory per connection; chat-sized messages lose little
        pmd.msg_size_threshold = 64;      // short lines are not worth compressing
        ws.set_option(pmd);
      }
      const std::string name = choice->named ? std::string(telnet::name_of(choice->wire)) : std::string();
      ws.set_option(websocket::stream_base::decorator([name](websocket::response_type& res) {
        res.set(http::field::server, "Deepwell");
        if (!name.empty()) {
          res.set(http::field::sec_websocket_protocol, name);
        }
      }));
      co_await ws.async_accept(req, asio::redirect_error(asio::use_awaitable, ec));
      c.watchdog.cancel();
      if (ec) {
        log::info("web: WebSocket handshake with {} failed: {}", c.address, ec.message());
        co_return false;
      }
      // A client that offered permessage-deflate has it (when it is on here): its messages are inflated.
      const bool compressed = options.permessage_deflate &&
                              std::string_view(req[http::field::sec_websocket_extensions]).find("permessage-deflate") !=
                                  std::string_view::npos;
      auto stream = std::make_shared<ws_stream<Next>>(std::move(ws), choice->wire, tls,
                                                      compressed ? options.max_message_bytes + 1 : 0);
      log::info("web: {} connected from {}", stream->kind(), c.address);
      on_websocket(std::move(stream), c.address);
      co_return true;
    }
    auto res = answer(req, c.address, site, status, metrics);
    if (c.on_probation) {
      res.keep_alive(false);  // one request: its address already has as many as it may keep waiting
    }
    co_await http::async_write(s, res, asio::redirect_error(asio::use_awaitable, ec));
    if (ec || !res.keep_alive()) {
      co_return false;
    }
  }
  co_return false;
}

}  // namespace

std::shared_ptr<web_listener::connection> web_listener::idle_longest() const {
  std::shared_ptr<connection> found;
  for (const auto& [raw, weak] : open_) {
    if (auto c = weak.lock(); c && !c->ended && c->waiting && (!found || c->waiting_since < found->waiting_since)) {
      found = std::move(c);
    }
  }
  return found;
}

bool web_listener::admit(connection& c) {
  std::int64_t open = 0;
  std::int64_t from_address = 0;
  for (const auto& [raw, weak] : open_) {
    if (auto other = weak.lock(); other && !other->ended) {
      ++open;
      from_address += other->address == c.address;
    }
  }
  if (open >= options_.max_http_connections) {
    const std::shared_ptr<connection> idle = idle_longest();
    if (!idle) {
      log::warn("web: refused connection from {}: {} connections are open and none is idle (web.max_http_connections)",
                   c.address, open);
      return false;
    }
    log::info("web: {} connections open (web.max_http_connections): closed the one idle longest, from {}", open,
                 idle->address);
    idle->end();
  }
  const std::int64_t limit = limits_().max_unauthenticated_per_address;
  const std::int64_t at_login_screen = at_login_screen_ ? at_login_screen_(c.address) : 0;
  if (limit > 0 && from_address + at_login_screen >= limit) {
    c.on_probation = true;
    log::info("web: {} has {} connections not yet playing (server.max_unauthenticated_per_address {}): this one "
                 "may make one request within {} s",
                 c.address, from_address + at_login_screen, limit, options_.header_timeout.count());
  }
  return true;
}

void web_listener::serve(tcp::socket socket, const std::string& address) {
  auto c = std::make_shared<connection>(std::move(socket));
  c->address = address;
  c->waiting_since = ++waits_;
  if (!admit(*c)) {
    c->end();
    listener_.closed(address);
    return;
  }
  open_.emplace(c.get(), c);
  const auto begin_wait = [this, raw = c.get()] {
    raw->waiting = true;
    raw->waiting_since = ++waits_;
  };
  asio::co_spawn(
      io_,
      [this, c, begin_wait]() -> asio::awaitable<void> {
        beast::flat_buffer buffer;
        bool upgraded = false;
        try {
          c->arm(c->begin_limit(options_));
          const bool tls = tls_ != nullptr &&
                           co_await beast::async_detect_ssl(c->socket, buffer, asio::use_awaitable);
          if (tls) {
            c->tls = std::make_unique<ssl_socket>(std::move(c->socket), tls_->context());
            const std::size_t used = co_await c->tls->async_handshake(asio::ssl::stream_base::server, buffer.data(),
                                                                      asio::use_awaitable);
            buffer.consume(used);
            upgraded = co_await serve_requests(*c->tls, buffer, *c, site_, options_, true, status_, metrics_, on_websocket_,
                                               begin_wait);
          } else {
            upgraded = co_await serve_requests(c->socket, buffer, *c, site_, options_, false, status_, metrics_, on_websocket_,
                                               begin_wait);
          }
        } catch (const boost::system::system_error& e) {
          if (e.code() != asio::error::operation_aborted) {
            log::info("web: connection from {} ended: {}", c->address, e.code().message());
          }
        }
        c->watchdog.cancel();
        if (!upgraded) {
          c->end();
          listener_.closed(c->address);
        }
        open_.erase(c.get());
      },
      asio::detached);
}

}  // namespace dw::net
