#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// Each player's own settings, as key/value pairs the game names (the store does not interpret them).
namespace preferences {

/// Every stored preference of an account, ordered by key.
std::vector<preference_record> list(database& db, std::int64_t account_id);
/// Inserts or replaces `key`; an empty value removes it.
void set(database& db, std::int64_t account_id, std::string_view key, std::string_view value);

}  // namespace preferences
}  // namespace dw::store
