// Groups: invitations, joining, leaving, removing, leaving play, and who shares a won fight.
#include "server/game/groups/membership.hpp"

#include <algorithm>

#include "server/game/groups/telling.hpp"
#include "server/game/output/style.hpp"
#include "server/log/log.hpp"

namespace dw::game {

membership::membership(const live_settings& settings, roster& people, output& out, following& trail,
                       group_watch& watch)
    : settings_(settings), people_(people), out_(out), trail_(trail), watch_(watch) {}

membership::group* membership::find_group(std::int64_t account) {
  const auto it = member_of_.find(account);
  return it == member_of_.end() ? nullptr : &groups_.at(it->second);
}

const membership::group* membership::find_group(std::int64_t account) const {
  const auto it = member_of_.find(account);
  return it == member_of_.end() ? nullptr : &groups_.at(it->second);
}

std::vector<std::int64_t> membership::members_of(std::int64_t account) const {
  const group* g = find_group(account);
  return g == nullptr ? std::vector<std::int64_t>{} : g->members;
}

std::int64_t membership::invited_by(std::int64_t account) const {
  const auto it = invites_.find(account);
  return it == invites_.end() ? 0 : it->second;
}

void membership::tell_group(const group& g, std::string_view text, std::int64_t except) {
  for (const std::int64_t m : g.members) {
    if (m != except) {
      tell(m, text);
    }
  }
}

void membership::invite(character& leader, character& invitee) {
  if (invitee.account_id == leader.account_id) {
    tell(leader.account_id, "You are always in your own company.\n");
    return;
  }
  const group* mine = find_group(leader.account_id);
  if (mine != nullptr && mine->members.front() != leader.account_id) {
    const std::string head = name_of(people_, mine->members.front());
    tell(leader.account_id, "Only " + head + ", who leads your group, can invite anyone to it.\n");
    return;
  }
  if (const group* theirs = find_group(invitee.account_id)) {
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

void membership::accept(character& ch) {
  const auto it = invites_.find(ch.account_id);
  if (it == invites_.end()) {
    tell(ch.account_id, "Nobody has invited you to a group.\n");
    return;
  }
  const std::int64_t inviter = it->second;
  invites_.erase(it);
  const std::string head = name_of(people_, inviter);
  if (find_group(ch.account_id) != nullptr) {
    tell(ch.account_id, "You are in a group already: 'group leave' it first. " + head + "'s invitation has lapsed.\n");
    return;
  }
  group* g = find_group(inviter);
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
  watch_.group_changed(id);
  trail_.start(ch.account_id, inviter);
  log::info("{} joined {}'s group ({} members)", ch.name, head, g->members.size());
  tell(ch.account_id, "You join " + head + "'s group, and follow " + head + ": where " + head +
                          " walks, you walk too. ('gtell <text>' talks to the group; 'group' shows it.)\n");
}

void membership::decline(character& ch) {
  const auto it = invites_.find(ch.account_id);
  if (it == invites_.end()) {
    tell(ch.account_id, "Nobody has invited you to a group.\n");
    return;
  }
  const std::int64_t inviter = it->second;
  invites_.erase(it);
  tell(ch.account_id, "You decline " + name_of(people_, inviter) + "'s invitation.\n");
  tell(inviter, styled(style::player, ch.name) + " declines to join your group.\n");
}

void membership::kick(character& leader, character& member) {
  if (member.account_id == leader.account_id) {
    tell(leader.account_id, "To leave your group, type 'group leave'.\n");
    return;
  }
  const group* g = find_group(leader.account_id);
  if (g != nullptr && g->members.front() != leader.account_id) {
    tell(leader.account_id,
         "Only " + name_of(people_, g->members.front()) + ", who leads your group, can remove anyone from it.\n");
    return;
  }
  if (g != nullptr && find_group(member.account_id) == g) {
    log::info("{} removed {} from the group", leader.name, member.name);
    tell(member.account_id, styled(style::player, leader.name) + " removes you from the group.\n");
    remove_member(member.account_id, leader.name + " removes " + member.name + " from the group.\n");
    return;
  }
  if (trail_.followed_by(member.account_id) == leader.account_id) {
    trail_.stop(member.account_id);
    tell(member.account_id, styled(style::player, leader.name) + " does not want to be followed: you stop following " +
                                leader.name + ".\n");
    tell(leader.account_id, member.name + " no longer follows you.\n");
    return;
  }
  tell(leader.account_id, member.name + " is neither in your group nor following you.\n");
}

void membership::leave_group(character& ch) {
  const group* g = find_group(ch.account_id);
  if (g == nullptr) {
    tell(ch.account_id, "You are not in a group.\n");
    return;
  }
  const std::int64_t head = g->members.front();
  tell(ch.account_id, head == ch.account_id ? std::string("You leave the group you led.\n")
                                            : "You leave " + name_of(people_, head) + "'s group.\n");
  log::info("{} left a group", ch.name);
  remove_member(ch.account_id, ch.name + " leaves the group.\n");
}

void membership::remove_member(std::int64_t account, std::string_view why) {
  const auto found = member_of_.find(account);
  if (found == member_of_.end()) {
    return;
  }
  const std::uint64_t id = found->second;
  group& g = groups_.at(id);
  const bool led = g.members.front() == account;
  std::erase(g.members, account);
  member_of_.erase(found);
  watch_.left_group(account);
  // It no longer walks after the group.
  if (const std::int64_t followed = trail_.followed_by(account);
      followed != 0 && std::find(g.members.begin(), g.members.end(), followed) != g.members.end()) {
    trail_.stop(account);
    tell(account, "You stop following " + name_of(people_, followed) + ".\n");
  }
  if (g.members.size() < 2) {
    // One left is no group: it ends (and whoever followed its leader only for the group stops).
    for (const std::int64_t m : g.members) {
      tell(m, std::string(why) + "Your group has broken up.\n");
      if (led && trail_.followed_by(m) == account) {
        trail_.stop(m);
        tell(m, "You stop following " + name_of(people_, account) + ".\n");
      }
      member_of_.erase(m);
      watch_.left_group(m);
    }
    groups_.erase(id);
    return;
  }
  watch_.group_changed(id);
  if (!led) {
    tell_group(g, why);
    return;
  }
  // The group passes to the next who joined, and those who followed the old leader follow the new one.
  const std::int64_t next = g.members.front();
  const std::string heir = name_of(people_, next);
  if (trail_.followed_by(next) == account) {
    trail_.stop(next);
  }
  tell(next, std::string(why) + "You lead the group now.\n");
  for (const std::int64_t m : g.members) {
    if (m == next) {
      continue;
    }
    std::string told = std::string(why) + heir + " leads the group now.";
    if (trail_.followed_by(m) == account) {
      trail_.start(m, next);
      told += " You follow " + heir + ".";
    }
    tell(m, told + "\n");
  }
}

void membership::leave_play(std::int64_t account) {
  const std::string name = name_of(people_, account);
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
}

std::uint64_t membership::group_of(std::int64_t account) const {
  const auto it = member_of_.find(account);
  return it == member_of_.end() ? 0 : it->second;
}

const std::vector<std::int64_t>* membership::members(std::uint64_t group) const {
  const auto it = groups_.find(group);
  return it == groups_.end() ? nullptr : &it->second.members;
}

void membership::tell(std::int64_t account, std::string_view text) { tell_account(people_, out_, account, text); }

std::vector<character*> membership::sharers(std::span<character* const> standing, std::int64_t room_id) {
  std::vector<character*> out(standing.begin(), standing.end());
  if (member_of_.empty()) {
    return out;
  }
  for (const character* fighter : standing) {
    const group* g = find_group(fighter->account_id);
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
