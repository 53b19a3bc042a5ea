#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "content/puzzle_rules.hpp"
#include "content/tape.hpp"

namespace dw::content {

/// Every place the hint of a lock at (x, y) may be written, in the order the lock's puzzle tape prefers them:
/// the ring at the tape's distance starting at the tape's point (the first is roll_rune_lock's hint), round
/// that ring, then the rings at the other distances of the table's range, each from the same tape value.
/// Points off the grid are left out. Defined in puzzle.cpp.
std::vector<std::pair<std::int32_t, std::int32_t>> hint_candidates(const puzzle_rules& rules, const tape& room_tape,
                                                                   std::int32_t x, std::int32_t y);

}  // namespace dw::content
