#include "server/telnet/gmcp_message.hpp"

#include "server/telnet/utf8_decoder.hpp"

namespace dw::telnet {

std::optional<gmcp_event> parse_gmcp(std::string_view payload) {
  const std::size_t space = payload.find(' ');
  const std::string_view package = payload.substr(0, space);
  if (package.empty()) {
    return std::nullopt;
  }
  gmcp_event message;
  append_sanitised_utf8(package, message.package);
  if (space != std::string_view::npos) {
    append_sanitised_utf8(payload.substr(space + 1), message.json);
  }
  return message;
}

}  // namespace dw::telnet
