#include "content/room_description.hpp"

#include "seed/mix64.hpp"

namespace dw::content {

room_description describe_room(const content_tables& tables, int depth, std::uint64_t variant_seed) {
  if (tables.rooms.empty()) {
    return {};
  }
  const room_band* band = &tables.rooms.front();
  for (const room_band& b : tables.rooms) {
    if (b.min_depth <= depth) {
      band = &b;
    }
  }
  if (band->variants.empty()) {
    return {band->name, {}};
  }
  // Mixed first so that seeds differing only in high bits still spread over the variants.
  const std::uint64_t index = seed::mix64(variant_seed ^ 0x7f4a7c159e3779b9ULL) % band->variants.size();
  return {band->name, band->variants[index]};
}

}  // namespace dw::content
