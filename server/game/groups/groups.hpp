#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/steps.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Following and groups: who follows whom (a follower standing where its leader was walks the same step
/// after it), who leads which group and who is in it, the invitations not yet answered, what a won fight's
/// group shares, and GMCP `Group`. Everything is kept here, by account, in memory only: a take-over keeps
/// it (the account is the same), leaving play leaves it, and a restart or hot reboot starts without any.
/// Nothing here is saved. World thread only.
class groups final : public step_watch, public vitals_watch {
 public:
  groups(const live_settings& settings, roster& people, output& out, step_taker& steps);
  groups(const groups&) = delete;
  groups& operator=(const groups&) = delete;

  // ---- following (following.cpp)
  /// `ch` follows `leader` from now on (`leader` is `ch`: it stops following). Both are told.
  void follow(character& ch, character& leader);
  /// `ch` stops following whoever it follows. False (and nothing said) when it followed nobody.
  bool stop_following(character& ch);
  /// Whom `account` follows (0: nobody).
  std::int64_t followed_by(std::int64_t account) const;
  /// Who follows `account`, in the order they began.
  std::vector<std::int64_t> followers_of(std::int64_t account) const;

  // ---- groups (membership.cpp)
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
  /// `account` left play (quit, a dropped connection): it leaves its group and every following, and its
  /// invitations, sent or received, are dropped. Everyone concerned is told.
  void leave_play(std::int64_t account);

  /// The accounts of `account`'s group, its leader first, then in the order they joined (empty: none).
  std::vector<std::int64_t> members_of(std::int64_t account) const;
  /// Who invited `account` (0: nobody).
  std::int64_t invited_by(std::int64_t account) const;
  /// What `group` shows `viewer`: its group with each member's hit points, whom it follows, who follows it,
  /// an invitation waiting.
  std::string describe(const character& viewer) const;

  /// Who shares what a won fight in `room_id` gives: the fighters `standing`, in order, then every member of
  /// their groups who stands in that room, fighting or not, in the group's order. Nobody twice.
  std::vector<character*> sharers(std::span<character* const> standing, std::int64_t room_id);

  /// GMCP `Group` as `account` is sent it: {"leader": name, "members": [{"name", "hp", "maxhp", "leader"}]}
  /// (`"leader": ""` and no members outside a group).
  std::string group_json(std::int64_t account) const;

  // ---- step_watch (following.cpp): followers standing where `ch` was take the same step after it
  void stepped(character& ch, const location& from, exit_dir d) override;
  // ---- vitals_watch (membership.cpp): a member's hit points changed; the event ends
  void vitals_changed(const character& ch) override;
  void event_ending() override;

 private:
  struct group {
    std::vector<std::int64_t> members;  ///< the leader first, then in the order they joined
  };
  group* group_of(std::int64_t account);
  const group* group_of(std::int64_t account) const;
  /// Takes `account` out of its group: it stops following any member, the group passes to the next member
  /// when it led, and a group left with one member ends. `why` is what the others hear ("Bob leaves the
  /// group.").
  void remove_member(std::int64_t account, std::string_view why);
  /// Sends `text` to every member of group `g` but `except`.
  void tell_group(const group& g, std::string_view text, std::int64_t except = 0);
  void tell(std::int64_t account, std::string_view text);
  /// Starts or stops `follower` following `leader` in the tables (no telling).
  void set_following(std::int64_t follower, std::int64_t leader);
  void clear_following(std::int64_t follower);
  /// The steps of one walk and of everyone following it, taken in turn (see stepped()).
  void take_steps();
  std::string name_of(std::int64_t account) const;

  const live_settings& settings_;
  roster& people_;
  output& out_;
  step_taker& steps_;

  std::unordered_map<std::int64_t, std::int64_t> following_;               ///< follower -> followed
  std::unordered_map<std::int64_t, std::vector<std::int64_t>> followers_;  ///< followed -> followers, in order
  std::unordered_map<std::uint64_t, group> groups_;                        ///< by group number
  std::unordered_map<std::int64_t, std::uint64_t> member_of_;              ///< account -> group number
  std::uint64_t next_group_ = 1;
  std::unordered_map<std::int64_t, std::int64_t> invites_;  ///< invitee -> inviter

  /// Groups owed a GMCP Group at the end of this event, and accounts owed an empty one (they left).
  std::unordered_set<std::uint64_t> dirty_;
  std::vector<std::int64_t> left_;

  /// Steps waiting to be followed: a follower's own step is queued while another is being followed, so a
  /// long chain of followers is walked in turn, not by recursion.
  struct pending_step {
    std::int64_t account = 0;
    location from;
    exit_dir d = exit_dir::north;
  };
  std::vector<pending_step> pending_;
  bool stepping_ = false;
};

}  // namespace dw::game
