#pragma once

// How the groups part speaks of and to an account: following, membership and group_news all tell people by
// account, and name those who may have left play since.
#include <cstdint>
#include <string>
#include <string_view>

#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

/// Sends `text` to `account` if it is in play (nothing otherwise: it left).
inline void tell_account(roster& people, output& out, std::int64_t account, std::string_view text) {
  if (const character* ch = people.find_character(account)) {
    out.send(ch->connection, text);
  }
}

/// `account`'s name, or "someone" once it has left play.
inline std::string name_of(const roster& people, std::int64_t account) {
  const character* ch = people.find_character(account);
  return ch == nullptr ? std::string("someone") : ch->name;
}

}  // namespace dw::game
