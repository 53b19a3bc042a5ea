#include "server/game/output/gmcp.hpp"

#include <boost/json.hpp>

#include "server/log/log.hpp"
#include "server/text/ascii.hpp"
#include "server/game/output/gmcp_parse.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {
namespace json = boost::json;

std::string gmcp_char_name(std::string_view name) {
  json::object o;
  o["name"] = name;
  return json::serialize(o);
}

void handle_gmcp(output& out, gmcp_requests& requests, connection& conn, std::string_view package,
                 std::string_view json_text) {
  if (requests.answer_request(conn, package)) {
    return;
  }
  if (text::iequals(package, "Core.Hello")) {
    if (auto hello = parse_core_hello(json_text)) {
      log::debug("connection {}: GMCP client {} {}", conn.id, log_safe(hello->client), log_safe(hello->version));
    } else {
      log::debug("connection {}: GMCP Core.Hello with bad JSON ignored", conn.id);
    }
    return;
  }
  if (is_gmcp_supports_package(package)) {
    if (!apply_gmcp_supports(out.gmcp_supports(conn), package, json_text)) {
      log::debug("connection {}: GMCP {} with bad JSON ignored", conn.id, log_safe(package));
    }
    return;
  }
  if (text::iequals(package, "Core.Ping")) {
    out.send_gmcp(conn, "Core.Ping", "");
    return;
  }
  log::debug("connection {}: GMCP {} ignored", conn.id, log_safe(package));
}

}  // namespace dw::game
