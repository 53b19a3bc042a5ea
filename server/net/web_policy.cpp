#include "server/net/web_policy.hpp"

#include <array>

#include "server/text/ascii.hpp"

namespace dw::net {

std::optional<subprotocol_choice> choose_subprotocol(const std::vector<std::string_view>& offered) {
  static constexpr std::array preference{telnet::subprotocol::gmcp, telnet::subprotocol::telnet,
                                         telnet::subprotocol::json, telnet::subprotocol::terminal};
  bool any = false;
  std::array<bool, preference.size()> wanted{};
  for (std::string_view header : offered) {
    while (!header.empty()) {
      const std::size_t comma = header.find(',');
      const std::string_view name = text::trim(header.substr(0, comma));
      header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
      if (name.empty()) {
        continue;
      }
      any = true;
      if (const auto p = telnet::subprotocol_named(name)) {
        for (std::size_t i = 0; i < preference.size(); ++i) {
          wanted[i] = wanted[i] || preference[i] == *p;
        }
      }
    }
  }
  if (!any) {
    return subprotocol_choice{telnet::subprotocol::terminal, false};
  }
  for (std::size_t i = 0; i < preference.size(); ++i) {
    if (wanted[i]) {
      return subprotocol_choice{preference[i], true};
    }
  }
  return std::nullopt;
}

namespace {

/// An origin's parts: "https://[::1]:4001" is https, "::1", 4001. Nothing when it is not an http or https
/// origin (a path, "null", another scheme, a port that is not a number).
struct origin_parts {
  bool https = false;
  std::string_view host;
  std::optional<std::uint16_t> port;
};

std::optional<origin_parts> parse_origin(std::string_view o) {
  origin_parts out;
  if (text::iequals(o.substr(0, 7), "http://")) {
    o.remove_prefix(7);
  } else if (text::iequals(o.substr(0, 8), "https://")) {
    o.remove_prefix(8);
    out.https = true;
  } else {
    return std::nullopt;
  }
  std::string_view port_text;
  if (!o.empty() && o.front() == '[') {
    const std::size_t close = o.find(']');
    if (close == std::string_view::npos) {
      return std::nullopt;
    }
    out.host = o.substr(1, close - 1);
    const std::string_view rest = o.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') {
      return std::nullopt;
    }
    port_text = rest.empty() ? rest : rest.substr(1);
    if (rest.size() == 1) {
      return std::nullopt;  // "[::1]:" has no port
    }
  } else {
    const std::size_t colon = o.rfind(':');
    out.host = o.substr(0, colon);
    if (colon != std::string_view::npos) {
      port_text = o.substr(colon + 1);
      if (port_text.empty()) {
        return std::nullopt;
      }
    }
  }
  if (out.host.empty() || out.host.find_first_of("/?#@ \t") != std::string_view::npos) {
    return std::nullopt;
  }
  if (!port_text.empty()) {
    std::uint32_t n = 0;
    for (const char c : port_text) {
      if (c < '0' || c > '9' || n > 65535) {
        return std::nullopt;
      }
      n = n * 10 + static_cast<std::uint32_t>(c - '0');
    }
    if (n > 65535) {
      return std::nullopt;
    }
    out.port = static_cast<std::uint16_t>(n);
  }
  return out;
}

}  // namespace

bool origin_allowed(std::optional<std::string_view> origin, const std::vector<std::string>& own_names,
                    std::uint16_t port, const std::vector<std::string>& allowed) {
  if (!origin) {
    return true;
  }
  const std::string_view o = text::trim(*origin);
  for (const std::string& a : allowed) {
    if (a == "*" || text::iequals(a, o)) {
      return true;
    }
  }
  const std::optional<origin_parts> parts = parse_origin(o);
  if (!parts) {
    return false;
  }
  const std::uint16_t default_port = parts->https ? 443 : 80;
  if (parts->port.value_or(default_port) != port) {
    return false;
  }
  for (const std::string& name : own_names) {
    if (!name.empty() && text::iequals(name, parts->host)) {
      return true;
    }
  }
  return false;
}

}  // namespace dw::net
