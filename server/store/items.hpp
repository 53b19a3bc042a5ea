#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Items: each is carried by an account, lies in a room, or (both 0) is nowhere yet.
/// Items lying in a room vanish with it (cascade); carried items vanish with their account.
namespace items {

/// Inserts `item` with a new id chosen by the store (item.id is ignored); returns that id.
std::int64_t create(database& db, const item_record& item);
/// Inserts or updates the item `item.id` (for ids allocated by the game).
void upsert(database& db, const item_record& item);
/// Returns false when no such item existed.
bool remove(database& db, std::int64_t id);
std::optional<item_record> find(database& db, std::int64_t id);
/// Items lying in a room, ordered by id.
std::vector<item_record> list_in_room(database& db, std::int64_t room_id);
/// Items lying in any room of a branch, ordered by id.
std::vector<item_record> list_in_branch(database& db, std::int64_t branch_id);
/// Items carried by an account, ordered by id.
std::vector<item_record> list_carried(database& db, std::int64_t owner_account);
/// Gives the item to `owner_account` or puts it in `room_id` (the other must be 0; both 0 = nowhere).
/// Moving unequips it. Returns false when no such item existed.
bool move(database& db, std::int64_t id, std::int64_t owner_account, std::int64_t room_id);
bool set_equipped(database& db, std::int64_t id, bool equipped);
/// The highest item id in use, 0 when there are none.
std::int64_t max_id(database& db);

}  // namespace items
}  // namespace dw::store
