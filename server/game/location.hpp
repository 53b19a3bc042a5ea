#pragma once

#include <cstdint>

namespace dw::game {

/// Where a character is: static rooms have ids 1 (village square) and 2 (start room, (0,0));
/// a branch room is (branch_id, x, y) and room_id is its global room id. branch_id 0 = a static room.
struct location {
  std::int64_t room_id = 1;
  std::int64_t branch_id = 0;
  std::int32_t x = 0, y = 0;

  friend bool operator==(const location&, const location&) = default;
};

}  // namespace dw::game
