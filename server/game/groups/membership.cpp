// Groups: invitations, joining, leaving, removing, leaving play, and who shares a won fight.

#include <algorithm>

#include "server/game/groups/groups.hpp"
#include "server/game/output/style.hpp"
#include "server/log/log.hpp"

namespace dw::game {

groups::group* groups::group_of(std::int64_t account) {
  const auto it = member_of_.find(account);
  return it == member_of_.end() ? nullptr : &groups_.at(it->second);
}

const groups::group* groups::group_of(std::int64_t account) const {
  const auto it = member_of_.find(account);
  return it == member_of_.end() ? nullptr : &groups_.at(it->second);
}

std::vector<std::int64_t> groups::members_of(std::int64_t account) const {
  const group* g = group_of(account);
  return g == nullptr ? std::vector<std::int64_t>{} : g->members;
}

std::int64_t groups::invited_by(std::int64_t account) const {
  const auto it = invites_.find(account);
  return it == invites_.end() ? 0 : it->second;
}

void groups::tell_group(const group& g, std::string_view text, std::int64_t except) {
  for (const std::int64_t m : g.members) {
    if (m != except) {
      tell(m, text);
    }
  }
}

void groups::invite(character& leader, character& invitee) {
  if (invitee.account_id == leader.account_id) {
    tell(leader.account_id, "You are always in your own company.\n");
    return;
  }
  const group* mine = group_of(leader.account_id);
  if (mine != nullptr && mine->members.front() != leader.account_id) {
    const std::string head = name_of(mine->members.front());
    tell(leader.account_id, "Only " + head + ", who leads your group, can invite anyone to it.\n");
    return;
  }
  if (const group* theirs = group_of(invitee.account_id)) {
    tell(leader.account_id,
         invitee.name + (theirs == mine ? " is already in your group.\n" : " is already in a group.\n"));
    return;
  }
  const std::int64_t most = settings_.get().game.max_group_size;
  if (mine != nullptr && static_cast<std::int64_t>(mine->members.size()) >= most) {
    tell(leader.account_id, "Your group is full: a group holds at most " + std::to_string(most) + ".\n");
    return;
  }
  if (invited_by(invitee.account_id) == leader.account_id) {
    tell(leader.account_id, "You have already invited " + invitee.name + "; the invitation stands.\n");
    return;
  }
  invites_[invitee.account_id] = leader.account_id;
  log::info("{} invited {} to a group", leader.name, invitee.name);
  tell(leader.account_id, "You invite " + invitee.name + " to join your group.\n");
  tell(invitee.account_id, styled(style::player, leader.name) + " invites you to join a group led by " + leader.name +
                               ". Type 'group accept' to join it (you will follow " + leader.name +
                               "), or 'group decline'.\n");
}

void groups::accept(character& ch) {
  const auto it = invites_.find(ch.account_id);
  if (it == invites_.end()) {
    tell(ch.account_id, "Nobody has invited you to a group.\n");
    return;
  }
  const std::int64_t inviter = it->second;
  invites_.erase(it);
  const std::string head = name_of(inviter);
  if (group_of(ch.account_id) != nullptr) {
    tell(ch.account_id, "You are in a group already: 'group leave' it first. " + head + "'s invitation has lapsed.\n");
    return;
  }
  group* g = group_of(inviter);
  if (g != nullptr && g->members.front() != inviter) {
    tell(ch.account_id, head + " no longer leads a group; the invitation has lapsed.\n");
    return;
  }
  const std::int64_t most = settings_.get().game.max_group_size;
  if (g != nullptr && static_cast<std::int64_t>(g->members.size()) >= most) {
    tell(ch.account_id, head + "'s group is full; the invitation has lapsed.\n");
    return;
  }
  std::uint64_t id = 0;
  if (g == nullptr) {
    // The inviter led nobody yet: the group begins now, with the inviter at its head.
    id = next_group_++;
    g = &groups_[id];
    g->members.push_back(inviter);
    member_of_[inviter] = id;
  } else {
    id = member_of_.at(inviter);
  }
  tell_group(*g, styled(style::player, ch.name) + " joins the group.\n");
  g->members.push_back(ch.account_id);
  member_of_[ch.account_id] = id;
  dirty_.insert(id);
  set_following(ch.account_id, inviter);
  log::info("{} joined {}'s group ({} members)", ch.name, head, g->members.size());
  tell(ch.account_id, "You join " + head + "'s group, and follow " + head + ": where " + head +
                          " walks, you walk too. ('gtell <text>' talks to the group; 'group' shows it.)\n");
}

void groups::decline(character& ch) {
  const auto it = invites_.find(ch.account_id);
  if (it == invites_.end()) {
    tell(ch.account_id, "Nobody has invited you to a group.\n");
    return;
  }
  const std::int64_t inviter = it->second;
  invites_.erase(it);
  tell(ch.account_id, "You decline " + name_of(inviter) + "'s invitation.\n");
  tell(inviter, styled(style::player, ch.name) + " declines to join your group.\n");
}

void groups::kick(character& leader, character& member) {
  if (member.account_id == leader.account_id) {
    tell(leader.account_id, "To leave your group, type 'group leave'.\n");
    return;
  }
  const group* g = group_of(leader.account_id);
  if (g != nullptr && g->members.front() != leader.account_id) {
    tell(leader.account_id,
         "Only " + name_of(g->members.front()) + ", who leads your group, can remove anyone from it.\n");
    return;
  }
  if (g != nullptr && group_of(member.account_id) == g) {
    log::info("{} removed {} from the group", leader.name, member.name);
    tell(member.account_id, styled(style::player, leader.name) + " removes you from the group.\n");
    remove_member(member.account_id, leader.name + " removes " + member.name + " from the group.\n");
    return;
  }
  if (followed_by(member.account_id) == leader.account_id) {
    clear_following(member.account_id);
    tell(member.account_id, styled(style::player, leader.name) + " does not want to be followed: you stop following " +
                                leader.name + ".\n");
    tell(leader.account_id, member.name + " no longer follows you.\n");
    return;
  }
  tell(leader.account_id, member.name + " is neither in your group nor following you.\n");
}

void groups::leave_group(character& ch) {
  const group* g = group_of(ch.account_id);
  if (g == nullptr) {
    tell(ch.account_id, "You are not in a group.\n");
    return;
  }
  const std::int64_t head = g->members.front();
  tell(ch.account_id, head == ch.account_id ? std::string("You leave the group you led.\n")
                                            : "You leave " + name_of(head) + "'s group.\n");
  log::info("{} left a group", ch.name);
  remove_member(ch.account_id, ch.name + " leaves the group.\n");
}

void groups::remove_member(std::int64_t account, std::string_view why) {
  const auto found = member_of_.find(account);
  if (found == member_of_.end()) {
    return;
  }
  const std::uint64_t id = found->second;
  group& g = groups_.at(id);
  const bool led = g.members.front() == account;
  std::erase(g.members, account);
  member_of_.erase(found);
  left_.push_back(account);
  // It no longer walks after the group.
  if (const std::int64_t followed = followed_by(account);
      followed != 0 && std::find(g.members.begin(), g.members.end(), followed) != g.members.end()) {
    clear_following(account);
    tell(account, "You stop following " + name_of(followed) + ".\n");
  }
  if (g.members.size() < 2) {
    // One left is no group: it ends (and whoever followed its leader only for the group stops).
    for (const std::int64_t m : g.members) {
      tell(m, std::string(why) + "Your group has broken up.\n");
      if (led && followed_by(m) == account) {
        clear_following(m);
        tell(m, "You stop following " + name_of(account) + ".\n");
      }
      member_of_.erase(m);
      left_.push_back(m);
    }
    groups_.erase(id);
    dirty_.erase(id);
    return;
  }
  dirty_.insert(id);
  if (!led) {
    tell_group(g, why);
    return;
  }
  // The group passes to the next who joined, and those who followed the old leader follow the new one.
  const std::int64_t next = g.members.front();
  const std::string heir = name_of(next);
  if (followed_by(next) == account) {
    clear_following(next);
  }
  tell(next, std::string(why) + "You lead the group now.\n");
  for (const std::int64_t m : g.members) {
    if (m == next) {
      continue;
    }
    std::string told = std::string(why) + heir + " leads the group now.";
    if (followed_by(m) == account) {
      set_following(m, next);
      told += " You follow " + heir + ".";
    }
    tell(m, told + "\n");
  }
}

void groups::leave_play(std::int64_t account) {
  const std::string name = name_of(account);
  invites_.erase(account);
  for (auto it = invites_.begin(); it != invites_.end();) {
    if (it->second == account) {
      tell(it->first, name + " has left the game; the invitation to join " + name + "'s group has lapsed.\n");
      it = invites_.erase(it);
    } else {
      ++it;
    }
  }
  remove_member(account, name + " has left the game, and the group.\n");
  clear_following(account);
  for (const std::int64_t f : followers_of(account)) {
    clear_following(f);
    tell(f, name + " has left the game: you follow nobody now.\n");
  }
  std::erase(left_, account);  // (gone: nothing is sent to it)
}

std::vector<character*> groups::sharers(std::span<character* const> standing, std::int64_t room_id) {
  std::vector<character*> out(standing.begin(), standing.end());
  if (member_of_.empty()) {
    return out;
  }
  for (const character* fighter : standing) {
    const group* g = group_of(fighter->account_id);
    if (g == nullptr) {
      continue;
    }
    for (const std::int64_t m : g->members) {
      character* c = people_.find_character(m);
      if (c != nullptr && c->where.room_id == room_id && c->hp > 0 &&
          std::find(out.begin(), out.end(), c) == out.end()) {
        out.push_back(c);
      }
    }
  }
  return out;
}

}  // namespace dw::game
