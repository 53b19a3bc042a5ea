#pragma once

#include <optional>
#include <vector>

#include "dungeon/change_set.hpp"
#include "dungeon/room.hpp"
#include "dungeon/room_loader.hpp"
#include "server/game/storage/changes.hpp"
#include "server/game/storage/reads.hpp"
#include "server/game/storage/records.hpp"

namespace dw::store {
class database;
}

namespace dw::game {

/// Conversions between the pure dungeon model and the store's records, and the loader that brings
/// non-resident rooms back from SQLite.

storage::room_record to_record(const dungeon::room& r);
dungeon::room to_room(const storage::room_record& r);
storage::branch_record to_record(const dungeon::branch_info& b);
dungeon::branch_info to_info(const storage::branch_record& b);

/// The change record that saves what a dungeon operation changed (rooms' layout, branch row, id counters).
storage::save_dungeon to_change(const dungeon::change_set& changes);

/// The dungeon's persisted state at start-up: branch rows and id counters.
struct dungeon_snapshot {
  std::vector<dungeon::branch_info> branches;
  std::optional<dungeon::id_counters> counters;
};
dungeon_snapshot dungeon_state_of(const storage::world_snapshot& startup);

}  // namespace dw::game
