#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/location.hpp"
#include "server/game/role.hpp"
#include "server/game/roster/item.hpp"
#include "server/game/roster/preferences.hpp"
#include "server/game/storage/records.hpp"

namespace dw::game {

/// A character in play (only online characters are held in memory). World thread only.
struct character {
  std::int64_t account_id = 0;
  std::string name;
  role account_role = role::player;
  location where;
  std::int32_t hp = 20;
  std::int32_t max_hp = 20;
  std::uint64_t connection = 0;  ///< id of the connection playing it
  std::vector<item> inventory;   ///< carried items, loaded at login
  preferences prefs;             ///< the player's own settings, loaded at login

  // ---- progress (stored with the character)
  std::int64_t silver = 0;
  std::int32_t deepest = 0;     ///< the greatest depth reached
  std::int64_t deepest_at = 0;  ///< unix seconds when it was reached (0: never went down)
  std::int64_t kills = 0;       ///< monsters defeated
  std::int64_t scrolls_sold = 0;
  std::set<std::string> identified;  ///< kinds of scroll this character knows (blueprint effect keys)
};

/// The stored character (place, hit points, progress) as it is in play; `last_seen` in unix seconds.
/// record_of and take_record are the two directions of one mapping: a field stored is in both.
storage::character_record record_of(const character& ch, std::int64_t last_seen);
/// What `rec` stores, onto `ch` (its account fields and in-memory state are left alone).
void take_record(character& ch, const storage::character_record& rec);

/// `identified` as stored: the keys in order, space-separated.
std::string join_identified(const std::set<std::string>& kinds);
/// The stored text back to keys (unknown words are kept: a content reload may bring them back).
std::set<std::string> split_identified(std::string_view text);

}  // namespace dw::game
