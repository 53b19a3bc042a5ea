#include "server/game/gmcp.hpp"

#include <spdlog/spdlog.h>
#include <boost/json.hpp>

#include "server/game/command_parser.hpp"
#include "server/game/world.hpp"

namespace dw::game {
namespace json = boost::json;

std::string gmcp_char_name(std::string_view name) {
  json::object o;
  o["name"] = name;
  return json::serialize(o);
}

namespace {

void update_supports(connection& conn, std::string_view package, const json::value& v) {
  if (iequals(package, "Core.Supports.Set")) {
    conn.gmcp_supports.clear();
  }
  const json::array* list = v.if_array();
  if (list == nullptr) {
    return;
  }
  for (const json::value& item : *list) {
    const json::string* s = item.if_string();
    if (s == nullptr || conn.gmcp_supports.size() >= 64) {
      continue;
    }
    std::string_view entry(s->data(), s->size());
    const std::string module(entry.substr(0, entry.find(' ')));
    std::erase(conn.gmcp_supports, module);
    if (!iequals(package, "Core.Supports.Remove")) {
      conn.gmcp_supports.push_back(module);
    }
  }
}

}  // namespace

void handle_gmcp(world& w, connection& conn, std::string_view package, std::string_view json_text) {
  json::value v;
  if (!json_text.empty()) {
    boost::system::error_code ec;
    v = json::parse(json_text, ec);
    if (ec) {
      spdlog::debug("connection {}: GMCP {} with bad JSON ignored: {}", conn.id, package, ec.message());
      return;
    }
  }
  if (iequals(package, "Core.Hello")) {
    if (const json::object* o = v.if_object()) {
      if (auto it = o->find("client"); it != o->end() && it->value().is_string()) {
        conn.gmcp_client = std::string(it->value().get_string().subview().substr(0, 64));
      }
      if (auto it = o->find("version"); it != o->end() && it->value().is_string()) {
        conn.gmcp_client_version = std::string(it->value().get_string().subview().substr(0, 64));
      }
    }
    spdlog::debug("connection {}: GMCP client {} {}", conn.id, conn.gmcp_client, conn.gmcp_client_version);
    return;
  }
  if (iequals(package, "Core.Supports.Set") || iequals(package, "Core.Supports.Add") ||
      iequals(package, "Core.Supports.Remove")) {
    update_supports(conn, package, v);
    return;
  }
  if (iequals(package, "Core.Ping")) {
    w.send_gmcp(conn, "Core.Ping", "");
    return;
  }
  spdlog::debug("connection {}: GMCP {} ignored", conn.id, package);
}

}  // namespace dw::game
