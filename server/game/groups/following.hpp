#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/steps.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Who follows whom, by account, and the steps followers take after the one they follow (places tell every
/// step through step_watch; a follower standing where its leader stood walks the same step through
/// step_taker). In memory only: a take-over keeps it, leaving play ends it. World thread only.
class following final : public step_watch {
 public:
  following(const live_settings& settings, roster& people, output& out, step_taker& steps);
  following(const following&) = delete;
  following& operator=(const following&) = delete;

  /// `ch` follows `leader` from now on (`leader` is `ch`: it stops following). Both are told.
  void follow(character& ch, character& leader);
  /// `ch` stops following whoever it follows. False (and nothing said) when it followed nobody.
  bool stop_following(character& ch);
  /// Whom `account` follows (0: nobody).
  std::int64_t followed_by(std::int64_t account) const;
  /// Who follows `account`, in the order they began.
  std::vector<std::int64_t> followers_of(std::int64_t account) const;

  /// `follower` follows `leader` from now on, nobody told (a group's member follows its leader).
  void start(std::int64_t follower, std::int64_t leader);
  /// `follower` follows nobody from now on, nobody told.
  void stop(std::int64_t follower);
  /// `account` left play: it follows nobody, and those who followed it are told they follow nobody now.
  void leave_play(std::int64_t account);

  /// Followers standing where `ch` was take the same step after it, and their followers after them.
  void stepped(character& ch, const location& from, exit_dir d) override;

 private:
  /// The steps of one walk and of everyone following it, taken in turn (see stepped()).
  void take_steps();
  void tell(std::int64_t account, std::string_view text);

  const live_settings& settings_;
  roster& people_;
  output& out_;
  step_taker& steps_;

  std::unordered_map<std::int64_t, std::int64_t> following_;               ///< follower -> followed
  std::unordered_map<std::int64_t, std::vector<std::int64_t>> followers_;  ///< followed -> followers, in order

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
