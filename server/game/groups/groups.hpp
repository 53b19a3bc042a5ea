#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "server/game/groups/following.hpp"
#include "server/game/groups/group_news.hpp"
#include "server/game/groups/membership.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/steps.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// The groups part: following, membership and group_news, built together (membership tells group_news of
/// every change to a group through this class, which is built before either), and what the rest of the
/// game asks of them as a whole. Everything is kept by account, in memory only: a take-over keeps it (the
/// account is the same), leaving play leaves it, and a restart or hot reboot starts without any. World thread
/// only.
class groups final : public step_watch, public vitals_watch, private group_watch {
 public:
  groups(const live_settings& settings, roster& people, output& out, step_taker& steps);
  groups(const groups&) = delete;
  groups& operator=(const groups&) = delete;

  following followers;  ///< who follows whom, and the steps followers take after a leader
  membership members;   ///< groups, their members and invitations, who shares a won fight
  group_news news;      ///< `group`'s text and GMCP Group

  /// `account` left play (quit, a dropped connection): it leaves its group and every following, and its
  /// invitations, sent or received, are dropped. Everyone concerned is told.
  void leave_play(std::int64_t account);
  /// Who shares what a won fight in `room_id` gives (membership::sharers), for encounters.
  std::vector<character*> sharers(std::span<character* const> standing, std::int64_t room_id) {
    return members.sharers(standing, room_id);
  }

  // ---- step_watch (places): followers standing where `ch` was take the same step after it
  void stepped(character& ch, const location& from, exit_dir d) override { followers.stepped(ch, from, d); }
  // ---- vitals_watch (output): a member's hit points changed; the event ends
  void vitals_changed(const character& ch) override { news.vitals_changed(ch); }
  void event_ending() override { news.event_ending(); }

 private:
  // ---- group_watch (membership): what group_news sends at the end of the event
  void group_changed(std::uint64_t group) override { news.group_changed(group); }
  void left_group(std::int64_t account) override { news.left_group(account); }
};

}  // namespace dw::game
