#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "dungeon/coord.hpp"
#include "dungeon/direction.hpp"

namespace dw::dungeon {

/// Global room id: unique across branches and never reused (1 and 2 are the server's static rooms).
using room_id = std::uint64_t;
/// Branch id; equal to the branch's global sequence number.
using branch_id = std::uint64_t;

/// State of one exit. two_way and one_way lead to the adjacent coordinate; to_start (only the first room's
/// way back) leads to the start room. The numeric values are stable: the store persists them.
enum class exit_state : std::uint8_t { none = 0, unexplored = 1, two_way = 2, one_way = 3, to_start = 4 };

/// One dungeon room as the caller sees and persists it.
struct room {
  room_id id = 0;
  branch_id branch = 0;
  coord pos{};
  std::array<exit_state, 4> exits{};  ///< indexed by direction (n, e, s, w)
  bool clear = true;                  ///< while false, unexplored exits are blocked

  /// The exit toward d.
  constexpr exit_state exit(direction d) const noexcept {
    return is_grid(d) ? exits[index_of(d)] : exit_state::none;  // no dungeon room has a ladder
  }

  /// The sides that have an exit as a bit set (north 1, east 2, south 4, west 8), as an interior takes them.
  constexpr unsigned exit_sides() const noexcept {
    unsigned sides = 0;
    for (std::size_t i = 0; i < exits.size(); ++i) {
      sides |= exits[i] != exit_state::none ? 1U << i : 0U;
    }
    return sides;
  }

  friend constexpr bool operator==(const room&, const room&) = default;
};

}  // namespace dw::dungeon
