#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Bans on account names or addresses. Matching a login against them is the game's business.
namespace bans {

/// Adds `ban` (its id is ignored); returns the new id. Throws store_error if kind is not "account" or "address".
std::int64_t add(database& db, const ban_record& ban);
/// Every ban, ordered by id.
std::vector<ban_record> list(database& db);
/// Bans still in force at `now` (never-expiring or expiring after now), ordered by id.
std::vector<ban_record> list_active(database& db, std::int64_t now);
/// Returns false when no such ban existed.
bool remove(database& db, std::int64_t id);
/// True when two targets are the same (ASCII case ignored, as names are).
bool same_target(std::string_view a, std::string_view b);
/// Removes every ban whose target is `target` (ASCII case ignored, as names are); returns what it removed.
std::vector<ban_record> remove_target(database& db, std::string_view target);

}  // namespace bans
}  // namespace dw::store
