#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/game/groups/following.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Hears of every change to a group's members (what group_news tells members' clients of). World thread only.
class group_watch {
 public:
  /// Group `group` gained or lost a member, or its leader changed.
  virtual void group_changed(std::uint64_t group) = 0;
  /// `account` is no longer in a group (it left, was removed, or its group ended: an ended group's number
  /// is never used again, and nothing is told of it).
  virtual void left_group(std::int64_t account) = 0;

 protected:
  ~group_watch() = default;
};

/// Groups and their members, by account: who leads which group and who is in it (the leader first, then in
/// the order they joined), the invitations not yet answered, and who shares a won fight. A member follows its
/// leader (through `following`). In memory only: a take-over keeps it, leaving play leaves it, a restart or
/// hot reboot starts without any. World thread only.
class membership {
 public:
  membership(const live_settings& settings, roster& people, output& out, following& trail, group_watch& watch);
  membership(const membership&) = delete;
  membership& operator=(const membership&) = delete;

  /// `group invite`: `leader` (leading a group, or in none) invites `invitee` (in none), who is told how to
  /// answer. An invitation stands until it is answered, another replaces it, or either leaves play.
  void invite(character& leader, character& invitee);
  /// `group accept`: joins the group of whoever invited `ch` (founding it with the inviter as its leader when
  /// the inviter led none) and follows its leader.
  void accept(character& ch);
  /// `group decline`.
  void decline(character& ch);
  /// `group kick`: the leader removes `member` from the group (or stops `member` following the leader).
  void kick(character& leader, character& member);
  /// `group leave`: `ch` leaves its group; a leader's group passes to the next member who joined.
  void leave_group(character& ch);
  /// `account` left play: it leaves its group, and its invitations, sent or received, are dropped. Everyone
  /// concerned is told.
  void leave_play(std::int64_t account);

  /// The accounts of `account`'s group, its leader first, then in the order they joined (empty: none).
  std::vector<std::int64_t> members_of(std::int64_t account) const;
  /// The number of `account`'s group (0: none).
  std::uint64_t group_of(std::int64_t account) const;
  /// The members of group `group`, its leader first (nullptr: no such group, or it ended).
  const std::vector<std::int64_t>* members(std::uint64_t group) const;
  /// Whether there is no group at all (the callers' fast path).
  bool none() const { return member_of_.empty(); }
  /// Who invited `account` (0: nobody).
  std::int64_t invited_by(std::int64_t account) const;

  /// Who shares what a won fight in `room_id` gives: the fighters `standing`, in order, then every member of
  /// their groups who stands in that room, fighting or not, in the group's order. Nobody twice.
  std::vector<character*> sharers(std::span<character* const> standing, std::int64_t room_id);

 private:
  struct group {
    std::vector<std::int64_t> members;  ///< the leader first, then in the order they joined
  };
  group* find_group(std::int64_t account);
  const group* find_group(std::int64_t account) const;
  /// Takes `account` out of its group: it stops following any member, the group passes to the next member
  /// when it led, and a group left with one member ends. `why` is what the others hear ("Bob leaves the
  /// group.").
  void remove_member(std::int64_t account, std::string_view why);
  /// Sends `text` to every member of group `g` but `except`.
  void tell_group(const group& g, std::string_view text, std::int64_t except = 0);
  void tell(std::int64_t account, std::string_view text);

  const live_settings& settings_;
  roster& people_;
  output& out_;
  following& trail_;
  group_watch& watch_;

  std::unordered_map<std::uint64_t, group> groups_;            ///< by group number
  std::unordered_map<std::int64_t, std::uint64_t> member_of_;  ///< account -> group number
  std::uint64_t next_group_ = 1;
  std::unordered_map<std::int64_t, std::int64_t> invites_;  ///< invitee -> inviter
};

}  // namespace dw::game
