#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "server/game/groups/following.hpp"
#include "server/game/groups/membership.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// What groups show: `group`'s text, and GMCP `Group`, sent at the end of an event to every member of each
/// group that changed (a member joined or left, the leader changed, a member's hit points changed), and an
/// empty one to whoever left a group. It reads membership and following and keeps only which groups and
/// accounts are owed a `Group` this event. World thread only.
class group_news final : public group_watch, public vitals_watch {
 public:
  group_news(const live_settings& settings, roster& people, output& out, const membership& members,
             const following& trail);
  group_news(const group_news&) = delete;
  group_news& operator=(const group_news&) = delete;

  /// What `group` shows `viewer`: its group with each member's hit points, whom it follows, who follows it,
  /// an invitation waiting.
  std::string describe(const character& viewer) const;
  /// GMCP `Group` as `account` is sent it: {"leader": name, "members": [{"name", "hp", "maxhp", "leader"}]}
  /// (`"leader": ""` and no members outside a group).
  std::string group_json(std::int64_t account) const;
  /// `account` left play: nothing more is sent to it.
  void left_play(std::int64_t account);

  // ---- group_watch (membership)
  void group_changed(std::uint64_t group) override;
  void left_group(std::int64_t account) override;
  // ---- vitals_watch (output): a member's hit points changed; the event ends
  void vitals_changed(const character& ch) override;
  void event_ending() override;

 private:
  const live_settings& settings_;
  roster& people_;
  output& out_;
  const membership& members_;
  const following& trail_;

  /// Groups owed a GMCP Group at the end of this event, and accounts owed an empty one (they left).
  std::unordered_set<std::uint64_t> dirty_;
  std::vector<std::int64_t> left_;
};

}  // namespace dw::game
