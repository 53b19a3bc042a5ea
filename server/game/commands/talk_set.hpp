#pragma once

// The talk set (talk.cpp).
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "server/game/commands/command_registry.hpp"

namespace dw::game {

class roster;
class change_sink;
class services;

/// Who last told each character in play something (`reply` answers them), by account id. In memory only: a
/// take-over keeps it (the account plays on), leaving play forgets it, a restart loses it.
class last_tellers {
 public:
  /// `teller` told `account`'s character something.
  void told(std::int64_t account, std::string teller) { by_account_[account] = std::move(teller); }
  /// Who last told `account`'s character something ("": nobody since it came into play).
  std::string_view of(std::int64_t account) const {
    const auto found = by_account_.find(account);
    return found == by_account_.end() ? std::string_view() : std::string_view(found->second);
  }
  /// `account`'s character has left play.
  void left_play(std::int64_t account) { by_account_.erase(account); }

 private:
  std::unordered_map<std::int64_t, std::string> by_account_;
};

/// tell, reply, chat, shout, channels (talk.cpp).
struct talk_parts {
  roster& people;
  change_sink& changes;   ///< a channel turned on or off is saved as a preference
  services& svc;          ///< the clock, for chat's history
  last_tellers& tellers;  ///< whom `reply` answers; the world tells it who leaves play
};
void register_talk_commands(command_registry& r, talk_parts parts);

}  // namespace dw::game
