#pragma once

#include <optional>
#include <string_view>

#include "server/game/location.hpp"
#include "server/game/role.hpp"
#include "server/game/storage/records.hpp"

// The records the store trades are the game's (server/game/storage/records.hpp: the storage port's
// types); these are the store's names for them, so the repositories read as before. The store depends
// on the game's types, never the reverse.
namespace dw::store {

using role = game::role;
using location = game::location;

using game::storage::account_record;
using game::storage::audit_record;
using game::storage::ban_record;
using game::storage::bounty_book_record;
using game::storage::bounty_record;
using game::storage::branch_record;
using game::storage::character_record;
using game::storage::depth_record;
using game::storage::item_record;
using game::storage::preference_record;
using game::storage::progress_record;
using game::storage::room_record;
using game::storage::setting_record;

/// "player", "builder" or "admin".
inline std::string_view to_string(role r) { return game::role_name(r); }
/// The role named `name` (exact lower-case names as produced by to_string), or nullopt.
inline std::optional<role> parse_role(std::string_view name) { return game::parse_role(name); }

}  // namespace dw::store
