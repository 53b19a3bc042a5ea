// codec: CHARSET (RFC 2066). We offer UTF-8 only and never wait for the answer; what the client
// says decides whether its text is written as UTF-8 or with ASCII stand-ins (client_info::utf8).
#include <algorithm>
#include <initializer_list>

#include "server/telnet/codec.hpp"

namespace dw::telnet {

namespace {

/// Case-insensitive ASCII comparison (this pure module may not use server/text's).
bool iequals_ascii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) {
      return false;
    }
  }
  return true;
}

bool is_utf8_name(std::string_view name) { return iequals_ascii(name, "UTF-8") || iequals_ascii(name, "UTF8"); }

/// True when a CHARSET REQUEST's list ("<sep>name<sep>name...") names UTF-8.
bool lists_utf8(std::string_view list) {
  if (list.size() >= 8 && list.substr(0, 8) == "[TTABLE]") {
    list.remove_prefix(list.size() >= 9 ? 9 : 8);  // "[TTABLE]" and its version byte
  }
  if (list.empty()) {
    return false;
  }
  const char separator = list[0];
  list.remove_prefix(1);
  while (!list.empty()) {
    const std::size_t end = std::min(list.find(separator), list.size());
    const std::string_view name = list.substr(0, end);
    if (is_utf8_name(name)) {
      return true;
    }
    list.remove_prefix(std::min(end + 1, list.size()));
  }
  return false;
}

/// Appends IAC SB CHARSET <code> <name> IAC SE.
void charset_reply(std::uint8_t code, std::string_view name, std::string& out) {
  for (const std::uint8_t b : {cmd::IAC, cmd::SB, opt::CHARSET, code}) {
    out.push_back(static_cast<char>(b));
  }
  out.append(name);
  out.push_back(static_cast<char>(cmd::IAC));
  out.push_back(static_cast<char>(cmd::SE));
}

}  // namespace

void codec::handle_charset(std::vector<event>& events, std::string& out) {
  if (subneg_.empty()) {
    return;
  }
  const std::string_view rest = std::string_view(subneg_).substr(1);
  const charset_state before = charset_;
  switch (static_cast<std::uint8_t>(subneg_[0])) {
    case charset::ACCEPTED:
      // We only ever offer UTF-8; a client naming anything else did not accept what we offered.
      charset_ = is_utf8_name(rest) ? charset_state::accepted : charset_state::rejected;
      break;
    case charset::REJECTED:
      charset_ = charset_state::rejected;
      break;
    case charset::REQUEST: {
      // The client asks us to pick: we write UTF-8 only, so we take it or take nothing.
      if (lists_utf8(rest)) {
        charset_reply(charset::ACCEPTED, "UTF-8", out);
        charset_ = charset_state::accepted;
      } else {
        charset_reply(charset::REJECTED, {}, out);
      }
      break;
    }
    case charset::TTABLE_IS:
      // Translation tables are not supported (RFC 2066 lets us say so).
      charset_reply(charset::TTABLE_REJECTED, {}, out);
      break;
    default:
      break;
  }
  refresh_option_flags();
  if (charset_ != before) {
    // The text encoding may have changed: reported like a TTYPE answer (client_info changed).
    events.emplace_back(ttype_event{});
  }
}

}  // namespace dw::telnet
