#include "server/game/places/hall_of_fame.hpp"

#include <algorithm>

namespace dw::game {

void hall_of_fame::reached(std::string_view name, std::int32_t depth, std::int64_t at) {
  undo(name, depth, at);
}

void hall_of_fame::undo(std::string_view name, std::int32_t depth, std::int64_t at) {
  std::erase_if(rows_, [name](const store::depth_record& r) { return r.name == name; });
  if (depth > 0) {
    rows_.push_back({std::string(name), depth, at});
  }
  std::stable_sort(rows_.begin(), rows_.end(), [](const store::depth_record& a, const store::depth_record& b) {
    return a.deepest != b.deepest ? a.deepest > b.deepest : a.deepest_at < b.deepest_at;
  });
}

std::vector<store::depth_record> hall_of_fame::top(std::size_t n) const {
  return {rows_.begin(), rows_.begin() + static_cast<std::ptrdiff_t>(std::min(n, rows_.size()))};
}

}  // namespace dw::game
