#include "server/app/web_port.hpp"


#include <boost/json.hpp>
#include <stdexcept>

#include "server/log/log.hpp"

namespace dw::app {

net::web_options web_options_from(const config::settings& s) {
  net::web_options o;
  o.max_message_bytes = static_cast<std::size_t>(s.web.max_message_bytes);
  o.request_timeout = std::chrono::seconds(s.web.request_timeout_seconds);
  o.header_timeout = std::chrono::seconds(s.web.header_timeout_seconds);
  o.max_http_connections = s.web.max_http_connections;
  o.permessage_deflate = s.web.permessage_deflate;
  const std::string& list = s.web.allowed_origins;
  for (std::size_t from = 0; from < list.size();) {
    const std::size_t comma = std::min(list.find(',', from), list.size());
    std::string origin = list.substr(from, comma - from);
    origin.erase(0, origin.find_first_not_of(' '));
    origin.erase(origin.find_last_not_of(' ') + 1);
    if (!origin.empty()) {
      o.allowed_origins.push_back(std::move(origin));
    }
    from = comma + 1;
  }
  // The server's own names: where it listens (unless that is every address) and the name players are
  // given. Any other name the page is served under (a proxy's) goes in web.allowed_origins.
  boost::system::error_code ec;
  const auto host = boost::asio::ip::make_address(s.server.host, ec);
  if (ec || !host.is_unspecified()) {
    o.own_names.push_back(ec ? s.server.host : host.to_string());
  }
  if (!s.mssp.hostname.empty()) {
    o.own_names.push_back(s.mssp.hostname);
  }
  return o;
}

std::string status_json(const std::vector<game::listing_entry>& mssp, std::int64_t now) {
  boost::json::object out;
  const auto number = [](const std::string& v) -> boost::json::value {
    try {
      std::size_t used = 0;
      const long long n = std::stoll(v, &used);
      if (used == v.size()) {
        return n;
      }
    } catch (const std::exception&) {
    }
    return boost::json::value(v);
  };
  for (const game::listing_entry& m : mssp) {
    if (m.name == "NAME") {
      out["name"] = m.value;
    } else if (m.name == "PLAYERS") {
      out["players"] = number(m.value);
    } else if (m.name == "UPTIME") {  // (MSSP's UPTIME is the unix time the server started)
      out["started"] = number(m.value);
      if (const boost::json::value started = number(m.value); started.is_int64()) {
        out["uptime"] = now - started.as_int64();
      }
    } else if (m.name == "CODEBASE") {
      out["codebase"] = m.value;
    }
  }
  out["version"] = DEEPWELL_VERSION;
  boost::json::object all;
  for (const game::listing_entry& m : mssp) {
    all[m.name] = m.value;
  }
  out["mssp"] = std::move(all);
  return boost::json::serialize(out);
}

web_port::web_port(boost::asio::io_context& io, const config::settings& s, const boost::asio::ip::address& host,
                   int handed_fd, std::function<net::admission_limits()> limits, net::connection_counts* counts,
                   net::tls_server* tls, net::web_listener::status_source status,
                   net::web_listener::metrics_source metrics, net::web_listener::login_screen_count at_login_screen,
                   net::web_listener::websocket_handler on_websocket) {
  try {
    site_ = net::static_site::load(s.web.root);
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("web.root: ") + e.what());
  }
  listener_ = std::make_unique<net::web_listener>(io, std::move(limits), counts, site_, web_options_from(s), tls,
                                                  std::move(status), std::move(metrics), std::move(at_login_screen),
                                                  std::move(on_websocket));
  const boost::asio::ip::tcp::endpoint endpoint(host, static_cast<unsigned short>(s.web.port));
  if (handed_fd >= 0) {
    listener_->adopt(endpoint.protocol(), handed_fd);
  } else {
    listener_->listen(endpoint);
  }
  const auto bound = listener_->local_endpoint();
  log::info("Deepwell web client on http{}://{}:{}/ ({} files from {})", tls != nullptr ? "(s)" : "",
               bound.address().to_string(), bound.port(), site_.size(), s.web.root);
}

}  // namespace dw::app
