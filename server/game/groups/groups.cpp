// The groups part as a whole: its three classes built together, and leaving play, which concerns all three.
#include "server/game/groups/groups.hpp"

namespace dw::game {

groups::groups(const live_settings& settings, roster& people, output& out, step_taker& steps)
    : followers(settings, people, out, steps),
      members(settings, people, out, followers, *this),
      news(settings, people, out, members, followers) {}

void groups::leave_play(std::int64_t account) {
  members.leave_play(account);
  followers.leave_play(account);
  news.left_play(account);  // (gone: nothing is sent to it)
}

}  // namespace dw::game
