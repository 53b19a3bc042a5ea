// Room interiors as players meet them, pinned: a checksum of the map, doors, spots, features, name and
// description of 200 rooms in every depth band (every side set in turn). Recorded before the map
// generator's interpreter was made faster; the same seed must keep giving the same room.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "content/room_interior.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

constexpr int rooms_per_band = 200;

// FNV-1a.
void mix(std::uint64_t& h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xFFU;
    h *= 0x100000001B3ULL;
  }
}

void mix(std::uint64_t& h, const std::string& s) {
  mix(h, s.size());
  for (char c : s) {
    mix(h, static_cast<unsigned char>(c));
  }
}

void mix(std::uint64_t& h, mapgen::point p) {
  mix(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(p.x)));
  mix(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(p.y)));
}

void mix(std::uint64_t& h, const room_interior& room) {
  mix(h, room.script_name);
  mix(h, static_cast<std::uint64_t>(room.map.width()));
  mix(h, static_cast<std::uint64_t>(room.map.height()));
  for (mapgen::entity_id e : room.map.tiles()) {
    mix(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(e)));
  }
  for (const auto& door : room.doors) {
    mix(h, door.has_value() ? 1U : 0U);
    if (door) {
      mix(h, *door);
    }
  }
  for (const mapgen::point& p : room.spots) {
    mix(h, p);
  }
  const mapgen::interior_features& f = room.features;
  for (int v : {f.areas, f.largest_area, f.chambers, f.widest_span, f.longest_corridor, f.dead_ends, f.pillars,
                f.walkable, f.water, f.rubble, f.roots}) {
    mix(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
  }
  mix(h, room.name);
  mix(h, room.description);
}

TEST(RoomInteriorPinned, EveryBandMakesTheRoomsItMadeBefore) {
  const content_tables tables = testing::real_tables();
  ASSERT_FALSE(tables.rooms.empty());
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (const room_band& band : tables.rooms) {
    for (int i = 0; i < rooms_per_band; ++i) {
      const auto seed = static_cast<std::uint64_t>(i) * 0xD1B54A32D192ED03ULL + static_cast<std::uint64_t>(band.min_depth);
      const auto room = make_interior(tables, band.min_depth + i % 3, seed, static_cast<unsigned>(i) & 15U);
      ASSERT_TRUE(room.has_value()) << band.name;
      mix(h, *room);
    }
  }
  EXPECT_EQ(h, 0x9455c6a8b120a74dULL) << "0x" << std::hex << h;
}

}  // namespace
}  // namespace dw::content
