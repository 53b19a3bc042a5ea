#pragma once

#include <optional>
#include <vector>

#include "dungeon/change_set.hpp"
#include "dungeon/room.hpp"
#include "dungeon/room_loader.hpp"
#include "server/game/storage/changes.hpp"
#include "server/store/records.hpp"

namespace dw::store {
class database;
}

namespace dw::game {

/// Conversions between the pure dungeon model and the store's records, and the loader that brings
/// non-resident rooms back from SQLite.

store::room_record to_record(const dungeon::room& r);
dungeon::room to_room(const store::room_record& r);
store::branch_record to_record(const dungeon::branch_info& b);
dungeon::branch_info to_info(const store::branch_record& b);

/// The change record that saves what a dungeon operation changed (rooms' layout, branch row, id counters).
storage::save_dungeon to_change(const dungeon::change_set& changes);

/// Reads the dungeon's persisted state at start-up: branch rows and id counters. World thread, once.
struct dungeon_snapshot {
  std::vector<dungeon::branch_info> branches;
  std::optional<dungeon::id_counters> counters;
};
dungeon_snapshot read_dungeon(store::database& db);

/// Loads rooms on demand with point lookups on the world thread's own read connection. A lookup is
/// an indexed read of one row from SQLite's page cache (microseconds); only rooms that are not
/// resident reach it, which is rare once a branch is being explored.
class store_room_loader final : public dungeon::room_loader {
 public:
  explicit store_room_loader(store::database& db) : db_(db) {}
  std::optional<dungeon::room> load(dungeon::branch_id b, dungeon::coord c) override;

 private:
  store::database& db_;
};

}  // namespace dw::game
