#pragma once

#include <array>
#include <cstdint>

#include "dungeon/dungeon.hpp"
#include "dungeon/random.hpp"
#include "tests/dungeon/memory_store.hpp"

namespace dw::dungeon::testing {

// Short names for hand-drawn layouts: exits are listed n, e, s, w.
inline constexpr exit_state N = exit_state::none;
inline constexpr exit_state U = exit_state::unexplored;
inline constexpr exit_state T = exit_state::two_way;
inline constexpr exit_state O = exit_state::one_way;
inline constexpr exit_state S = exit_state::to_start;

/// A well-spread seed for loop index `i` (splitmix64's first draw from it): seeds 1, 2, 3 ... differ in
/// every bit, not only the low ones.
constexpr std::uint64_t spread_seed(std::uint64_t i) noexcept { return splitmix64{i}.next(); }

/// A hand-made east branch in storage, restored into a dungeon: the tutorial's situations, exactly.
class scenario {
 public:
  static constexpr branch_id id = 7;

  /// `can_finish`: the literal rule, under which a branch may run out of unexplored exits.
  explicit scenario(std::uint64_t branch_seed_value, std::uint32_t budget = 4, bool can_finish = false)
      : d_({1, budget, 300, 3600, can_finish}, &store_) {
    info_.id = id;
    info_.sequence = id;
    info_.dir = direction::east;
    info_.number = 1;
    info_.seed = branch_seed_value;
    info_.created = 0;
    info_.window_end = 300;
  }

  /// Stores a room (clear unless told otherwise).
  scenario& add(coord pos, std::array<exit_state, 4> exits, bool clear = true) {
    store_.put(room{next_id_++, id, pos, exits, clear});
    ++info_.room_count;
    for (exit_state e : exits) {
      info_.unexplored += e == exit_state::unexplored ? 1 : 0;
    }
    return *this;
  }

  /// Restores the branch (no room resident) and returns the dungeon to play in.
  dungeon& restore() {
    d_.restore_branch(info_);
    d_.set_next_room_id(1000);
    store_.apply(change_set{{}, info_, std::nullopt, std::nullopt});
    return d_;
  }

  /// Moves and persists the result.
  move_result move(coord from, direction dir, bool clear_new_room = true) {
    move_result r = d_.move(id, from, dir, false, [clear_new_room](const room&) { return clear_new_room; });
    store_.apply(r.changes);
    return r;
  }

  dungeon& model() { return d_; }
  memory_store& store() { return store_; }
  std::uint32_t unexplored() const { return d_.branch(id)->unexplored; }

 private:
  memory_store store_;
  dungeon d_;
  branch_info info_;
  room_id next_id_ = 100;
};

/// The tutorial's walled-in room: (2,0) is surrounded by D(2,1) above, E(3,0) to the east, G(2,-1) below and
/// A(1,0) to the west; D's unexplored exit south leads into it. `a_east` is A's exit toward it: none (the room is
/// boxed in) or unexplored (walking D's exit closes a loop and turns A's one-way). A is the grid neighbour of the
/// new room and borders empty (1,-1), but by walking it is three rooms away (through D and C); D, one step away,
/// borders empty (2,2).
inline scenario& walled_in(scenario& s, exit_state a_east = exit_state::none) {
  s.add({1, 0}, {T, a_east, N, S})
      .add({1, 1}, {N, T, T, N})
      .add({2, 1}, {N, T, U, T})
      .add({3, 1}, {N, N, T, T})
      .add({3, 0}, {T, N, T, N})
      .add({3, -1}, {T, N, N, T})
      .add({2, -1}, {N, T, N, N});
  return s;
}

/// Number of unexplored exits of a room.
inline int unexplored_exits(const room& r) {
  int n = 0;
  for (exit_state e : r.exits) {
    n += e == exit_state::unexplored ? 1 : 0;
  }
  return n;
}

}  // namespace dw::dungeon::testing
