#include "server/game/output/channels.hpp"

#include <boost/json.hpp>

#include "server/game/output/style.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {
namespace json = boost::json;

const channel_def* find_channel(std::string_view name) {
  for (const channel_def& c : channel_defs) {
    if (text::iequals(c.name, name)) {
      return &c;
    }
  }
  return nullptr;
}

std::string channel_preference_key(std::string_view channel) {
  std::string key = "channel.";
  key += channel;
  return key;
}

bool channel_on(const preferences& prefs, std::string_view channel) {
  return prefs.get(channel_preference_key(channel)) != "off";
}

std::string gmcp_channel_list() {
  json::array list;
  for (const channel_def& c : channel_defs) {
    json::object o;
    o["name"] = c.name;
    o["caption"] = c.caption;
    o["command"] = c.command;
    list.push_back(std::move(o));
  }
  return json::serialize(list);
}

std::string gmcp_channel_text(std::string_view channel, std::string_view talker, std::string_view text) {
  json::object o;
  o["channel"] = channel;
  o["talker"] = talker;
  o["text"] = text;
  return json::serialize(o);
}

void send_channel_line(output& out, connection& conn, std::string_view channel, std::string_view talker,
                       std::string_view line) {
  out.send(conn, line);
  if (conn.port->client().gmcp) {
    std::string plain;
    strip_styles(line, plain);
    while (!plain.empty() && (plain.back() == '\n' || plain.back() == '\r')) {
      plain.pop_back();
    }
    out.send_gmcp(conn, "Comm.Channel.Text", gmcp_channel_text(channel, talker, plain));
  }
}

}  // namespace dw::game
