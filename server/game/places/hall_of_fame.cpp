#include "server/game/places/hall_of_fame.hpp"

#include <algorithm>

namespace dw::game {
namespace {

/// Deepest first, and the earliest first among equals.
bool board_order(const storage::depth_record& a, const storage::depth_record& b) {
  return a.deepest != b.deepest ? a.deepest > b.deepest : a.deepest_at < b.deepest_at;
}

}  // namespace

void hall_of_fame::reset(std::vector<storage::depth_record> rows) {
  rows_ = std::move(rows);
  std::stable_sort(rows_.begin(), rows_.end(), board_order);
}

void hall_of_fame::reached(std::string_view name, std::int32_t depth, std::int64_t at) {
  undo(name, depth, at);
}

void hall_of_fame::undo(std::string_view name, std::int32_t depth, std::int64_t at) {
  // The rows stay in order, so one row moves to its place instead of every row being sorted again (10,000
  // explorers going deeper made the sort a tenth of the world thread's time). Among equals the newest
  // comes last, as a stable sort of the row pushed at the end would put it.
  if (const auto old = std::find_if(rows_.begin(), rows_.end(), [name](const storage::depth_record& r) {
        return r.name == name;
      });
      old != rows_.end()) {
    rows_.erase(old);
  }
  if (depth <= 0) {
    return;
  }
  storage::depth_record row{std::string(name), depth, at};
  const auto place = std::upper_bound(rows_.begin(), rows_.end(), row, board_order);
  rows_.insert(place, std::move(row));
}

std::vector<storage::depth_record> hall_of_fame::top(std::size_t n) const {
  return {rows_.begin(), rows_.begin() + static_cast<std::ptrdiff_t>(std::min(n, rows_.size()))};
}

}  // namespace dw::game
