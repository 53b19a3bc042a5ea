#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/storage/records.hpp"

namespace dw::game::storage {

/// What the game reads from storage, as plain records. Reads run on worker threads only (never the
/// world thread, which must never wait on a lock or a disk): the game hands a job to
/// services::run_blocking and gets a `loader` there. server/store/game_loader implements it.

/// An account with its character and what it carries.
struct login_record {
  account_record account;
  std::optional<character_record> character;
  std::vector<item_record> items;  ///< carried
  std::vector<preference_record> preferences;
  std::optional<progress_record> progress;  ///< none until the character first gains experience
  std::optional<bounty_book_record> bounties;  ///< none until the character first accepts a bounty
};

/// Everything of one dungeon branch that play needs in memory: its rooms (layout and contents) and
/// the items lying in them.
struct branch_snapshot {
  std::int64_t branch_id = 0;
  bool exists = false;  ///< false: no such branch (it collapsed)
  std::vector<room_record> rooms;
  std::vector<item_record> floor_items;
};

/// What the world needs at start-up, read once before anyone plays.
struct world_snapshot {
  std::vector<branch_record> branches;
  std::vector<std::pair<std::string, std::int64_t>> counters;  ///< the dungeon's id counters
  std::vector<setting_record> settings;                ///< every stored setting
  std::vector<ban_record> bans;                         ///< bans in force
  std::int64_t max_item_id = 0;
  std::vector<item_record> static_floor_items;  ///< items lying in the static rooms
  std::vector<depth_record> deepest;  ///< the hall of fame: the greatest depths reached, deepest first
};

class loader {
 public:
  virtual ~loader() = default;
  /// The account called `name` (case-insensitive), its character and what it carries.
  virtual std::optional<login_record> login_by_name(std::string_view name) = 0;
  virtual std::optional<login_record> login_by_id(std::int64_t account_id) = 0;
  virtual branch_snapshot branch(std::int64_t branch_id) = 0;
  /// The branch a dungeon room belongs to (0: no such dungeon room).
  virtual std::int64_t branch_of_room(std::int64_t room_id) = 0;
  /// The newest `n` audit rows, oldest first.
  virtual std::vector<audit_record> audit_tail(std::int64_t n) = 0;
  virtual world_snapshot world(std::int64_t now, const std::vector<std::int64_t>& static_rooms) = 0;
};

}  // namespace dw::game::storage
