#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Rooms, one row each, exits included (every exit leads to the adjacent coordinate).
namespace rooms {

/// Inserts or updates room `r.id`. Its branch row must already exist (foreign key).
void upsert(database& db, const room_record& r);
/// Like upsert, but an existing room keeps its event and contents: the dungeon layer persists a room's
/// layout (position, depth, clear flag, exits) without knowing what the content layer put in it.
/// A new room starts with event 0 and empty contents.
void upsert_layout(database& db, const room_record& r);
/// Sets what the content layer keeps in a room (its event and encoded contents). False if no such room.
bool set_contents(database& db, std::int64_t id, std::int32_t event, std::string_view contents);
/// The room at (x, y) of a branch: a point lookup on the (branch_id, x, y) key.
std::optional<room_record> load(database& db, std::int64_t branch_id, std::int32_t x, std::int32_t y);
std::optional<room_record> load_by_id(database& db, std::int64_t id);
std::int64_t count_in_branch(database& db, std::int64_t branch_id);
/// Every room of a branch (layout and contents), ordered by (x, y).
std::vector<room_record> list_in_branch(database& db, std::int64_t branch_id);
/// Rooms of a branch with min_x <= x <= max_x and min_y <= y <= max_y, ordered by (x, y).
std::vector<room_record> list_in_rect(database& db, std::int64_t branch_id, std::int32_t min_x, std::int32_t min_y,
                                      std::int32_t max_x, std::int32_t max_y);

}  // namespace rooms
}  // namespace dw::store
