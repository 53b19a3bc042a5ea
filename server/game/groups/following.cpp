// Following: who follows whom, and the steps followers take after the one they follow.
#include "server/game/groups/following.hpp"

#include <algorithm>

#include "server/game/groups/telling.hpp"
#include "server/game/output/style.hpp"
#include "server/log/log.hpp"

namespace dw::game {

following::following(const live_settings& settings, roster& people, output& out, step_taker& steps)
    : settings_(settings), people_(people), out_(out), steps_(steps) {}

std::int64_t following::followed_by(std::int64_t account) const {
  const auto it = following_.find(account);
  return it == following_.end() ? 0 : it->second;
}

std::vector<std::int64_t> following::followers_of(std::int64_t account) const {
  const auto it = followers_.find(account);
  return it == followers_.end() ? std::vector<std::int64_t>{} : it->second;
}

void following::start(std::int64_t follower, std::int64_t leader) {
  stop(follower);
  following_[follower] = leader;
  followers_[leader].push_back(follower);
}

void following::stop(std::int64_t follower) {
  const auto it = following_.find(follower);
  if (it == following_.end()) {
    return;
  }
  if (const auto list = followers_.find(it->second); list != followers_.end()) {
    std::erase(list->second, follower);
    if (list->second.empty()) {
      followers_.erase(list);
    }
  }
  following_.erase(it);
}

void following::follow(character& ch, character& leader) {
  if (leader.account_id == ch.account_id) {
    if (!stop_following(ch)) {
      tell(ch.account_id, "You are not following anyone.\n");
    }
    return;
  }
  if (followed_by(ch.account_id) == leader.account_id) {
    tell(ch.account_id, "You already follow " + leader.name + ".\n");
    return;
  }
  // Bounded like a group: everyone following one person walks with every step that person takes.
  const auto most = static_cast<std::size_t>(settings_.get().game.max_group_size - 1);
  if (const auto list = followers_.find(leader.account_id); list != followers_.end() && list->second.size() >= most) {
    tell(ch.account_id,
         leader.name + " already has as many followers as a group can hold (" + std::to_string(most) + ").\n");
    return;
  }
  stop_following(ch);
  start(ch.account_id, leader.account_id);
  log::info("{} follows {}", ch.name, leader.name);
  tell(ch.account_id, "You now follow " + leader.name + ": where " + leader.name +
                          " walks, you walk too. ('follow self' stops it.)\n");
  tell(leader.account_id, styled(style::player, ch.name) + " now follows you.\n");
}

bool following::stop_following(character& ch) {
  const std::int64_t was = followed_by(ch.account_id);
  if (was == 0) {
    return false;
  }
  stop(ch.account_id);
  tell(ch.account_id, "You stop following " + name_of(people_, was) + ".\n");
  tell(was, styled(style::player, ch.name) + " stops following you.\n");
  return true;
}

void following::leave_play(std::int64_t account) {
  const std::string name = name_of(people_, account);
  stop(account);
  for (const std::int64_t f : followers_of(account)) {
    stop(f);
    tell(f, name + " has left the game: you follow nobody now.\n");
  }
}

void following::stepped(character& ch, const location& from, exit_dir d) {
  if (followers_.find(ch.account_id) == followers_.end()) {
    return;  // (every step by anyone comes here: nobody following costs one lookup)
  }
  pending_.push_back(pending_step{ch.account_id, from, d});
  if (!stepping_) {
    take_steps();
  }
}

void following::take_steps() {
  stepping_ = true;
  // A step that throws (a branch to read first: the whole event is taken back and runs again) leaves
  // nothing queued behind it.
  struct done {
    following& f;
    ~done() {
      f.stepping_ = false;
      f.pending_.clear();
    }
  } guard{*this};
  // Each step's followers step in turn; theirs are queued behind it. Only those still standing where the one
  // they follow stood take its step, and every step leaves that room, so a circle of followers ends.
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    const pending_step s = pending_[i];  // (a copy: the queue grows as followers step)
    const character* leader = people_.find_character(s.account);
    if (leader == nullptr) {
      continue;
    }
    for (const std::int64_t f : followers_of(s.account)) {
      character* follower = people_.find_character(f);
      if (follower == nullptr || follower->where.room_id != s.from.room_id || followed_by(f) != s.account) {
        continue;
      }
      tell(f, "You follow " + styled(style::player, leader->name) + " " + std::string(exit_name(s.d)) + ".\n");
      if (!steps_.step_after(*follower, s.d, leader->where)) {
        tell(f, styled(style::player, leader->name) + " goes on without you.\n");
      }
    }
  }
}

void following::tell(std::int64_t account, std::string_view text) { tell_account(people_, out_, account, text); }

}  // namespace dw::game
