#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Saved characters, one per account.
namespace characters {

std::optional<character_record> load(database& db, std::int64_t account_id);
/// Inserts or replaces the character of `c.account_id` (the account must exist).
void save(database& db, const character_record& c);
/// Moves every character saved in `branch_id` to `to` and appends `message` to their pending
/// messages (for a collapsing branch). Returns how many were moved.
std::int64_t move_all_in_branch_to(database& db, std::int64_t branch_id, const location& to, std::string_view message);
/// Characters saved in `branch_id`, ordered by account id.
std::vector<character_record> list_in_branch(database& db, std::int64_t branch_id);

/// The `limit` greatest depths reached (deepest first, the earliest first among equals), with the
/// accounts' names; characters that never went down are left out.
std::vector<depth_record> deepest(database& db, std::int64_t limit);

}  // namespace characters
}  // namespace dw::store
