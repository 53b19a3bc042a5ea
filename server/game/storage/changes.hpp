#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/game/storage/records.hpp"

namespace dw::game::storage {

/// The changes the game asks storage to make, as plain records: the game decides what changes, the
/// store (server/store/game_changes.cpp) decides how. One event's changes form one batch, committed in
/// one transaction. A change may be applied twice (the writer re-runs a failed batch's changes one by
/// one), so each one sets a state rather than adding to it, and an outcome slot is simply overwritten.

/// A character's saved state (place, hit points, pending message).
struct save_character {
  character_record character;
};
/// Where an item is now: carried, lying in a room, equipped or not.
struct save_item {
  item_record item;
};
/// An item leaves the world (sold, drunk, read to dust). Removing one already gone is no error.
struct remove_item {
  std::int64_t item_id = 0;
};
/// What one dungeon operation changed: the branch row first (rooms need it), then the rooms' layouts
/// (a room's contents are left alone), then the id counters that moved.
struct save_dungeon {
  struct counter {
    std::string name;
    std::int64_t value = 0;
  };
  std::optional<branch_record> branch;
  std::vector<room_record> rooms;
  std::vector<counter> counters;
};
/// What the content layer keeps in a room: its event and its encoded fight.
struct save_room_contents {
  std::int64_t room_id = 0;
  std::int32_t event = 0;
  std::string contents;
};
/// A branch collapses: characters saved inside wake at `wake_at` and are told `message` at their next
/// login; the branch, its rooms and what lies in them are deleted.
struct collapse_branch {
  std::int64_t branch_id = 0;
  location wake_at;
  std::string message;
};
struct add_ban {
  ban_record ban;
};
/// Lifts every ban whose target equals `target` (case-insensitively).
struct remove_bans {
  std::string target;
};
struct set_setting {
  std::string key;
  std::string value;
};
struct remove_setting {
  std::string key;
};
/// One of a player's own settings; an empty value removes it (the default applies again).
struct save_preference {
  std::int64_t account_id = 0;
  std::string key;
  std::string value;
};
/// A character's experience as it is now.
struct save_progress {
  progress_record progress;
};
/// A character's bounties as they are now (replacing what was stored).
struct save_bounties {
  bounty_book_record book;
};
struct append_audit {
  std::int64_t at = 0;
  std::string actor;
  std::string action;
  std::string result;
};
/// A successful login: last_login set, failure counts and any lock cleared.
struct record_login {
  std::int64_t account_id = 0;
  std::int64_t at = 0;
};
/// A wrong password: counted, and the account locked for `lock_seconds` once `lock_after` failed in a
/// row. `locked_until` receives the lock's end (0: not locked), and an audit row is written with it.
struct record_failed_login {
  std::int64_t account_id = 0;
  std::string name;
  std::string address;
  std::int64_t at = 0;
  std::int64_t lock_after = 0;
  std::int64_t lock_seconds = 0;
  std::shared_ptr<std::int64_t> locked_until;
};
/// What creating an account found.
struct create_outcome {
  bool name_taken = false;
  account_record account;
  character_record character;
};
/// A new account and its character in `start_room`; the first account of a fresh database becomes an
/// administrator. Its audit row (from `address`) is written with it. The id comes from the database.
struct create_account {
  std::string name;
  std::string password_hash;
  std::int64_t at = 0;
  std::int32_t max_hp = 0;
  std::int64_t start_room = 0;
  std::string address;
  std::shared_ptr<create_outcome> outcome;
};
/// What changing a role found: the account's name as stored, or why not.
struct role_outcome {
  bool changed = false;
  std::string name;  ///< the account's name as stored (empty: no such account)
  bool last_admin = false;  ///< refused: it is the last administrator
};
/// Gives account `name` a role, unless that would leave the world without an administrator.
struct set_role {
  std::string name;
  game::role role = game::role::player;
  std::shared_ptr<role_outcome> outcome;
};
/// Lifts account `name`'s lock-out; `unlocked` receives its name as stored (nullopt: no such account).
struct unlock_account {
  std::string name;
  std::shared_ptr<std::optional<std::string>> unlocked;
};

using change = std::variant<save_character, save_item, remove_item, save_dungeon, save_room_contents, collapse_branch, add_ban,
                            remove_bans, set_setting, remove_setting, save_preference, save_progress, save_bounties, append_audit, record_login, record_failed_login,
                            create_account, set_role, unlock_account>;

/// One event's changes, in the order they were made.
using batch = std::vector<change>;

}  // namespace dw::game::storage
