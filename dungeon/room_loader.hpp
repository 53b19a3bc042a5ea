#pragma once

#include <optional>

#include "dungeon/coord.hpp"
#include "dungeon/room.hpp"

namespace dw::dungeon {

/// Where non-resident rooms come from (the server implements it on SQLite, tests in memory).
struct room_loader {
  virtual ~room_loader() = default;
  /// Returns the stored room at (branch, c) or nullopt if no room exists there. Called only for non-resident coords.
  virtual std::optional<room> load(branch_id b, coord c) = 0;
};

}  // namespace dw::dungeon
