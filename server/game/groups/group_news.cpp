// What groups show: `group`'s text, and GMCP Group, sent once an event to each group that changed.
#include "server/game/groups/group_news.hpp"

#include <boost/json.hpp>

#include <algorithm>

#include "server/game/groups/telling.hpp"

namespace dw::game {

group_news::group_news(const live_settings& settings, roster& people, output& out, const membership& members,
                       const following& trail)
    : settings_(settings), people_(people), out_(out), members_(members), trail_(trail) {}

std::string group_news::describe(const character& viewer) const {
  std::string text;
  if (const std::vector<std::int64_t> group = members_.members_of(viewer.account_id); !group.empty()) {
    text = "Your group, led by " + name_of(people_, group.front()) + " (" + std::to_string(group.size()) +
           " of at most " + std::to_string(settings_.get().game.max_group_size) + "):\n";
    for (const std::int64_t m : group) {
      const character* c = people_.find_character(m);
      if (c == nullptr) {
        continue;
      }
      std::string line = "  " + c->name;
      line.resize(std::max<std::size_t>(line.size() + 1, 24), ' ');
      line += std::to_string(c->hp) + "/" + std::to_string(c->max_hp) + " hp";
      if (m == group.front()) {
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
  if (const std::int64_t followed = trail_.followed_by(viewer.account_id); followed != 0) {
    text += "You follow " + name_of(people_, followed) + ".\n";
  }
  if (const std::vector<std::int64_t> followers = trail_.followers_of(viewer.account_id); !followers.empty()) {
    std::string names;
    for (const std::int64_t f : followers) {
      names += (names.empty() ? "" : ", ") + name_of(people_, f);
    }
    text += "Following you: " + names + ".\n";
  }
  if (const std::int64_t inviter = members_.invited_by(viewer.account_id); inviter != 0) {
    text += name_of(people_, inviter) + " has invited you to a group: 'group accept' or 'group decline'.\n";
  }
  return text;
}

std::string group_news::group_json(std::int64_t account) const {
  boost::json::object o;
  boost::json::array members;
  const std::vector<std::int64_t>* group = members_.members(members_.group_of(account));
  if (group != nullptr) {
    for (const std::int64_t m : *group) {
      const character* c = people_.find_character(m);
      if (c == nullptr) {
        continue;
      }
      boost::json::object member;
      member["name"] = c->name;
      member["hp"] = c->hp;
      member["maxhp"] = c->max_hp;
      member["leader"] = m == group->front();
      members.push_back(std::move(member));
    }
  }
  o["leader"] = group == nullptr ? std::string() : name_of(people_, group->front());
  o["members"] = std::move(members);
  return boost::json::serialize(o);
}

void group_news::left_play(std::int64_t account) { std::erase(left_, account); }

void group_news::group_changed(std::uint64_t group) { dirty_.insert(group); }

void group_news::left_group(std::int64_t account) { left_.push_back(account); }

void group_news::vitals_changed(const character& ch) {
  if (members_.none()) {
    return;  // (every change of anyone's hit points comes here: no groups, no cost)
  }
  if (const std::uint64_t group = members_.group_of(ch.account_id); group != 0) {
    dirty_.insert(group);
  }
}

void group_news::event_ending() {
  if (dirty_.empty() && left_.empty()) {
    return;
  }
  // Once an event: a fight round that changed every member's hit points sends each member one Group.
  for (const std::int64_t account : left_) {
    const character* ch = people_.find_character(account);
    if (ch == nullptr || members_.group_of(account) != 0) {
      continue;  // gone, or in a group again (which is sent below)
    }
    if (connection* conn = people_.find_connection(ch->connection);
        conn != nullptr && out_.gmcp_wanted(*conn, "Group")) {
      out_.send_gmcp(*conn, "Group", group_json(account));
    }
  }
  for (const std::uint64_t id : dirty_) {
    const std::vector<std::int64_t>* group = members_.members(id);
    if (group == nullptr) {
      continue;  // it ended this event (its last members were told they left)
    }
    std::string json;  // made once, for the first member who wants it
    for (const std::int64_t m : *group) {
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
