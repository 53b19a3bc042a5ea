#include "server/game/encounters/item_news.hpp"

#include <boost/json.hpp>
#include <string>

#include "server/text/ascii.hpp"

namespace dw::game {
namespace json = boost::json;
namespace {

json::object describe(const room_stock& contents, const item& it, bool on_floor) {
  std::string attrib;
  if (is_gear(it, content::item_kind::armour)) {
    attrib += it.equipped ? "wW" : "w";
  } else if (is_gear(it, content::item_kind::weapon) && it.equipped) {
    attrib += "l";
  }
  if (on_floor) {
    attrib += "t";
  }
  json::object o;
  o["id"] = std::to_string(it.id);  // IRE sends ids as strings
  o["name"] = contents.item_name(it);
  if (!attrib.empty()) {
    o["attrib"] = attrib;
  }
  return o;
}

std::string one_item(const room_stock& contents, std::string_view location, const item& it) {
  json::object o;
  o["location"] = location;
  o["item"] = describe(contents, it, location == "room");
  return json::serialize(o);
}

}  // namespace

bool item_news::answer_request(const connection& conn, std::string_view package) {
  const bool inv = text::iequals(package, "Char.Items.Inv");
  if (!inv && !text::iequals(package, "Char.Items.Room")) {
    return false;
  }
  if (const character* ch = people_.find_character(conn.account_id);
      ch != nullptr && conn.stage == login_stage::playing && ch->connection == conn.id) {
    send_list(*ch, inv ? "inv" : "room");
  }
  return true;
}

void item_news::send_list(const character& ch, std::string_view location) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr || !out_.gmcp_wanted(*conn, "Char.Items.List")) {
    return;
  }
  const bool room = location == "room";
  if (!room && location != "inv") {
    return;
  }
  const std::vector<item>& items =
      room ? contents_.floor_of(ch.where.room_id) : ch.inventory;
  json::array list;
  list.reserve(items.size());
  for (const item& it : items) {
    list.push_back(describe(contents_, it, room));
  }
  json::object o;
  o["location"] = location;
  o["items"] = std::move(list);
  out_.send_gmcp(*conn, "Char.Items.List", json::serialize(o));
}

void item_news::to_carrier(const character& ch, std::string_view package, const item& it) {
  if (connection* conn = people_.find_connection(ch.connection); conn != nullptr && out_.gmcp_wanted(*conn, package)) {
    out_.send_gmcp(*conn, package, one_item(contents_, "inv", it));
  }
}

void item_news::to_room(std::int64_t room_id, std::string_view package, const item& it) {
  std::string message;  // built once, for the first person who wants it
  for (const character* ch : people_.characters_in(room_id)) {
    connection* conn = people_.find_connection(ch->connection);
    if (conn == nullptr || !out_.gmcp_wanted(*conn, package)) {
      continue;
    }
    if (message.empty()) {
      message = one_item(contents_, "room", it);
    }
    out_.send_gmcp(*conn, package, message);
  }
}

}  // namespace dw::game
