#include "content/room_description.hpp"

#include "seed/mix64.hpp"

namespace dw::content {

const room_band* band_at(const content_tables& tables, int depth) {
  if (tables.rooms.empty()) {
    return nullptr;
  }
  const room_band* band = &tables.rooms.front();
  for (const room_band& b : tables.rooms) {
    if (b.min_depth <= depth) {
      band = &b;
    }
  }
  return band;
}

room_description describe_room(const content_tables& tables, int depth, std::uint64_t variant_seed) {
  const room_band* band = band_at(tables, depth);
  if (band == nullptr) {
    return {};
  }
  if (band->variants.empty()) {
    return {band->name, {}};
  }
  // Mixed first so that seeds differing only in high bits still spread over the variants.
  const std::uint64_t index = seed::mix64(variant_seed ^ 0x7f4a7c159e3779b9ULL) % band->variants.size();
  return {band->name, band->variants[index]};
}

}  // namespace dw::content
