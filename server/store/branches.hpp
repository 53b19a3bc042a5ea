#pragma once

#include <cstdint>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Dungeon branches (the rows only; rooms are loaded on demand through `rooms`).
namespace branches {

/// Inserts or updates the branch `b.id` (ids are allocated by the game).
void upsert(database& db, const branch_record& b);
/// Every branch row, ordered by id. Rooms are not loaded.
std::vector<branch_record> load_all(database& db);
/// Deletes a branch with its rooms and the items lying in them (cascade). Characters are not touched:
/// move them out first (characters::move_all_in_branch_to). Returns false when no such branch existed.
bool remove(database& db, std::int64_t branch_id);
/// The highest room id in use (at least 2, the static rooms), for the game's id allocator.
std::int64_t max_room_id(database& db);
/// The highest branch sequence number, 0 when there are no branches.
std::int64_t max_sequence(database& db);

}  // namespace branches
}  // namespace dw::store
