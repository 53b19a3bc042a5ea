#pragma once

#include <string_view>

#include "server/store/records.hpp"

namespace dw::game {

/// Roles in order of power (player < builder < admin), the same values the store keeps.
using role = store::role;
/// "player", "builder", "admin".
inline std::string_view role_name(role r) { return store::to_string(r); }

}  // namespace dw::game
