#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "server/game/location.hpp"
#include "server/game/role.hpp"

// The storage port's records: plain values the game hands to storage and reads back from it (changes.hpp,
// reads.hpp). The game owns them; server/store implements the port with them. No SQL, no behaviour.
namespace dw::game::storage {

/// One line of the hall of fame: who reached which depth, and when.
struct depth_record {
  std::string name;
  std::int32_t deepest = 0;
  std::int64_t deepest_at = 0;
};

struct account_record {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;
  role account_role = role::player;
  std::int64_t created_at = 0;
  std::int64_t last_login = 0;
  std::int64_t failed_logins = 0;  ///< wrong passwords since the last successful login (told to the owner)
  std::int64_t lock_failures = 0;  ///< wrong passwords counted toward the lock-out (reset by unlock and login)
  std::int64_t locked_until = 0;   ///< unix seconds; logins are refused before then (0: not locked)
};

struct character_record {
  std::int64_t account_id = 0;
  location where;
  std::int32_t hp = 0, max_hp = 0;
  std::int64_t last_seen = 0;
  std::string pending_message;  ///< told at next login, e.g. "your branch collapsed"
  std::int64_t silver = 0;
  std::int32_t deepest = 0;        ///< the greatest depth reached
  std::int64_t deepest_at = 0;     ///< unix seconds when it was first reached (0: never went down)
  std::int64_t kills = 0;          ///< monsters defeated
  std::int64_t scrolls_sold = 0;
  std::string identified;          ///< kinds of scroll this character knows, space-separated keys
};

struct branch_record {
  std::int64_t id = 0;
  std::int32_t direction = 0;
  std::int32_t number = 0;
  std::int64_t sequence = 0;
  std::uint64_t seed = 0;
  std::uint64_t tape_key = 0;  ///< what the rooms' tapes are keyed by: `seed`, or the id for branches before v9
  std::int64_t created_at = 0, window_end = 0, last_occupied = 0;
  std::int32_t unexplored = 0;
  std::int32_t room_count = 0;
};

struct room_record {
  std::int64_t id = 0;         ///< global room id, allocated by the game
  std::int64_t branch_id = 0;  ///< 0 only for the static rooms
  std::int32_t x = 0, y = 0;
  std::int32_t depth = 0;
  bool clear = false;
  std::array<std::uint8_t, 4> exits{};  ///< exit states n,e,s,w (0 none,1 unexplored,2 two-way,3 one-way,4 to start room)
  std::int32_t event = 0;               ///< content event code
  std::string contents;                 ///< content layer's compact encoding of what is in the room
};

struct item_record {
  std::int64_t id = 0;
  std::string kind;  ///< "scroll", "weapon", "armour"
  std::string key;   ///< table key
  std::uint64_t seed = 0;
  std::int64_t owner_account = 0;  ///< carried by, or 0
  std::int64_t room_id = 0;        ///< lying in, or 0
  bool equipped = false;
  std::int64_t container_id = 0;   ///< inside this item (it lies in the container's room), or 0
  std::int64_t amount = 0;         ///< silver it holds (a fallen pack), or 0
  std::string made;                ///< a generated artefact as it was made (content::encode_artefact), or ""
};

struct ban_record {
  std::int64_t id = 0;
  std::string kind;    ///< "account" | "address"
  std::string target;  ///< name or pattern
  std::string reason;
  std::string by;
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;  ///< 0 = never
};

struct audit_record {
  std::int64_t id = 0;
  std::int64_t at = 0;
  std::string actor;
  std::string action;
  std::string result;
};

struct setting_record {
  std::string key;
  std::string value;
};

/// One of a player's own settings (colour, screen reader, muted channels...): the game names the keys.
struct preference_record {
  std::string key;
  std::string value;
};

/// A character's experience (its level follows from levels.toml).
struct progress_record {
  std::int64_t account_id = 0;
  std::int64_t xp = 0;
};

/// A bounty a character holds, or turned in on a day not yet over (the game decides what the kinds,
/// targets and days mean: content/bounties.toml).
struct bounty_record {
  std::int64_t day = 0;  ///< the game day whose board it was on
  std::int32_t slot = 0;  ///< its place on that board, from 1
  std::string kind;       ///< "defeat", "open", "reach", "scroll"
  std::string target;     ///< a monster or scroll effect key, or empty
  std::int32_t depth = 0;
  std::int32_t count = 1;
  std::int32_t progress = 0;
  std::int64_t silver = 0;
  std::int64_t xp = 0;
  bool turned_in = false;

  bool operator==(const bounty_record&) const = default;
};

/// A character's bounties as a whole: saved and loaded together.
struct bounty_book_record {
  std::int64_t account_id = 0;
  std::int64_t completed = 0;  ///< bounties turned in, ever
  std::vector<bounty_record> tasks;

  bool operator==(const bounty_book_record&) const = default;
};

}  // namespace dw::game::storage
