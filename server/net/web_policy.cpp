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

bool origin_allowed(std::optional<std::string_view> origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
  if (!origin) {
    return true;
  }
  const std::string_view o = text::trim(*origin);
  for (const std::string& a : allowed) {
    if (a == "*" || text::iequals(a, o)) {
      return true;
    }
  }
  host = text::trim(host);
  if (host.empty()) {
    return false;
  }
  for (std::string_view scheme : {"http://", "https://"}) {
    if (o.size() == scheme.size() + host.size() && text::iequals(o.substr(0, scheme.size()), scheme) &&
        text::iequals(o.substr(scheme.size()), host)) {
      return true;
    }
  }
  return false;
}

}  // namespace dw::net
