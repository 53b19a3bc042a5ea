// What groups show: `group`'s text, and GMCP Group, sent once an event to each group that changed.
#include <boost/json.hpp>

#include <algorithm>

#include "server/game/groups/groups.hpp"

namespace dw::game {

std::string groups::describe(const character& viewer) const {
  std::string text;
  if (const group* g = group_of(viewer.account_id)) {
    text = "Your group, led by " + name_of(g->members.front()) + " (" + std::to_string(g->members.size()) +
           " of at most " + std::to_string(settings_.get().game.max_group_size) + "):\n";
    for (const std::int64_t m : g->members) {
      const character* c = people_.find_character(m);
      if (c == nullptr) {
        continue;
      }
      std::string line = "  " + c->name;
      line.resize(std::max<std::size_t>(line.size() + 1, 24), ' ');
      line += std::to_string(c->hp) + "/" + std::to_string(c->max_hp) + " hp";
      if (m == g->members.front()) {
        line += ", leads";
      }
      if (m != viewer.account_id && c->where.room_id == viewer.where.room_id) {
        line += ", here";
      }
      text += line + "\n";
    }
  } else {
    text = "You are not in a group. 'group invite <name>' asks someone to join you.\n";
  }
  if (const std::int64_t followed = followed_by(viewer.account_id); followed != 0) {
    text += "You follow " + name_of(followed) + ".\n";
  }
  if (const auto followers = followers_.find(viewer.account_id); followers != followers_.end()) {
    std::string names;
    for (const std::int64_t f : followers->second) {
      names += (names.empty() ? "" : ", ") + name_of(f);
    }
    text += "Following you: " + names + ".\n";
  }
  if (const std::int64_t inviter = invited_by(viewer.account_id); inviter != 0) {
    text += name_of(inviter) + " has invited you to a group: 'group accept' or 'group decline'.\n";
  }
  return text;
}

std::string groups::group_json(std::int64_t account) const {
  boost::json::object o;
  boost::json::array members;
  const group* g = group_of(account);
  if (g != nullptr) {
    for (const std::int64_t m : g->members) {
      const character* c = people_.find_character(m);
      if (c == nullptr) {
        continue;
      }
      boost::json::object member;
      member["name"] = c->name;
      member["hp"] = c->hp;
      member["maxhp"] = c->max_hp;
      member["leader"] = m == g->members.front();
      members.push_back(std::move(member));
    }
  }
  o["leader"] = g == nullptr ? std::string() : name_of(g->members.front());
  o["members"] = std::move(members);
  return boost::json::serialize(o);
}

void groups::vitals_changed(const character& ch) {
  if (member_of_.empty()) {
    return;  // (every change of anyone's hit points comes here: no groups, no cost)
  }
  if (const auto it = member_of_.find(ch.account_id); it != member_of_.end()) {
    dirty_.insert(it->second);
  }
}

void groups::event_ending() {
  if (dirty_.empty() && left_.empty()) {
    return;
  }
  // Once an event: a fight round that changed every member's hit points sends each member one Group.
  for (const std::int64_t account : left_) {
    const character* ch = people_.find_character(account);
    if (ch == nullptr || member_of_.contains(account)) {
      continue;  // gone, or in a group again (which is sent below)
    }
    if (connection* conn = people_.find_connection(ch->connection);
        conn != nullptr && out_.gmcp_wanted(*conn, "Group")) {
      out_.send_gmcp(*conn, "Group", group_json(account));
    }
  }
  for (const std::uint64_t id : dirty_) {
    const auto g = groups_.find(id);
    if (g == groups_.end()) {
      continue;
    }
    std::string json;  // made once, for the first member who wants it
    for (const std::int64_t m : g->second.members) {
      const character* ch = people_.find_character(m);
      connection* conn = ch == nullptr ? nullptr : people_.find_connection(ch->connection);
      if (conn == nullptr || !out_.gmcp_wanted(*conn, "Group")) {
        continue;
      }
      if (json.empty()) {
        json = group_json(m);
      }
      out_.send_gmcp(*conn, "Group", json);
    }
  }
  dirty_.clear();
  left_.clear();
}

}  // namespace dw::game
