#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "dungeon/coord.hpp"
#include "dungeon/function_ref.hpp"
#include "dungeon/room.hpp"

namespace dw::dungeon {

class dungeon;

/// Where players of branch b can still get to without passing through the room at `avoid` (a rune lock, whose
/// ways on stay blocked until it is solved), given the rooms and exits that exist now. From the branch's first
/// room they walk the exits players can walk (two-way, one-way in their direction), never into `avoid`; from
/// every room reached, each unexplored exit leads to an empty coordinate where a room can appear, and from
/// there any empty coordinate can still become a room in turn (a new room may get an exit toward any empty
/// neighbour). The start room, `avoid` and every existing room are walls to that spread. Exits that do not exist
/// yet (a way on the never-dry rule might open later) are not counted. Only resident rooms are read: the server
/// spawns only in branches wholly in memory.
class reach_without {
 public:
  reach_without(const dungeon& d, branch_id b, coord avoid);

  /// True when c holds no room and a room can still appear there, reached without passing through `avoid`.
  bool can_reach(coord c) const;

  /// Reachable empty coordinates near the rooms (the branch's bounding box and one step around it), nearest
  /// to `to` first (Manhattan distance, then x, then y): somewhere to fall back on.
  std::vector<coord> nearest_places(coord to) const;

 private:
  /// What a coordinate of the box is: a wall to the spread (a room, `avoid` or the start room), an empty
  /// coordinate reached, or neither.
  enum class cell : std::uint8_t { empty, wall, reached };
  /// The cell of `c`, which lies in the box.
  std::size_t index(coord c) const {
    return static_cast<std::size_t>(c.y - min_y_) * static_cast<std::size_t>(max_x_ - min_x_ + 1) +
           static_cast<std::size_t>(c.x - min_x_);
  }
  bool in_box(coord c) const { return c.x >= min_x_ && c.x <= max_x_ && c.y >= min_y_ && c.y <= max_y_; }

  // The box, row by row: a grid rather than hash sets of coordinates, because the spread visits most of the
  // box and this runs on the world thread after every spawn of a branch with an unsolved rune lock.
  std::vector<cell> cells_;
  std::int64_t min_x_ = 0, max_x_ = 0, min_y_ = 0, max_y_ = 0;  // the box: the rooms' bounds, one step out
  bool outside_ = false;  // whether the spread reached the box's edge (then everything outside it is reachable)
};

/// Where a lock's hint goes: the first of `candidates` (the lock's own preference order) that `reach` can
/// reach and `refused` does not refuse (another lock's hint is there), else the nearest such place of
/// reach.nearest_places(lock); nullopt when there is none (every way on is behind the lock). The start
/// room is never chosen.
std::optional<coord> reachable_place(const reach_without& reach, coord lock, const std::vector<coord>& candidates,
                                     function_ref<bool(coord)> refused);

}  // namespace dw::dungeon
