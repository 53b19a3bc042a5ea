#include "server/net/web_policy.hpp"

#include <algorithm>
#include <array>

namespace dw::net {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

bool lower_equal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
           return lower(x) == lower(y);
         });
}

}  // namespace

std::optional<subprotocol_choice> choose_subprotocol(const std::vector<std::string_view>& offered) {
  static constexpr std::array preference{telnet::subprotocol::gmcp, telnet::subprotocol::telnet,
                                         telnet::subprotocol::json, telnet::subprotocol::terminal};
  bool any = false;
  std::array<bool, preference.size()> wanted{};
  for (std::string_view header : offered) {
    while (!header.empty()) {
      const std::size_t comma = header.find(',');
      const std::string_view name = trim(header.substr(0, comma));
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
  const std::string_view o = trim(*origin);
  for (const std::string& a : allowed) {
    if (a == "*" || lower_equal(a, o)) {
      return true;
    }
  }
  host = trim(host);
  if (host.empty()) {
    return false;
  }
  for (std::string_view scheme : {"http://", "https://"}) {
    if (o.size() == scheme.size() + host.size() && lower_equal(o.substr(0, scheme.size()), scheme) &&
        lower_equal(o.substr(scheme.size()), host)) {
      return true;
    }
  }
  return false;
}

}  // namespace dw::net
