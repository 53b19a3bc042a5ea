// Room interiors as players meet them, pinned by checksum. Two pins over the same rooms (24 at every depth
// from 0 to 111, every side set in turn, so that no band boundary goes unseen):
// - the layout (the script chosen, the map, doors, spots and measured features): recorded at main dba5a21,
//   where the former pin (200 rooms per band, recorded before the map generator's interpreter was made
//   faster) still held, and kept through the re-spacing of the depth bands into themes (issue 27). A room made before
//   must keep its layout: a band may be split into themes only where its scripts stay the same, and a script may be
//   added but never changed.
// - the words (the name and description): they follow the tables, so this pin changes, on purpose, with
//   every change of interiors.toml, rooms.toml or themes/; anything else that moves it (a draw taken from
//   another stream) is a mistake.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "content/room_interior.hpp"
#include "content_test_support.hpp"

namespace dw::content {
namespace {

constexpr int deepest = 111;
constexpr int rooms_per_depth = 24;

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

void mix_layout(std::uint64_t& h, const room_interior& room) {
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
}

struct pins {
  std::uint64_t layout = 0xCBF29CE484222325ULL;
  std::uint64_t words = 0xCBF29CE484222325ULL;
};

pins make_checksums() {
  const content_tables tables = testing::real_tables();
  pins out;
  for (int depth = 0; depth <= deepest; ++depth) {
    for (int i = 0; i < rooms_per_depth; ++i) {
      const auto seed = static_cast<std::uint64_t>(i) * 0xD1B54A32D192ED03ULL + static_cast<std::uint64_t>(depth);
      const auto room = make_interior(tables, depth, seed, static_cast<unsigned>(i + depth) & 15U);
      if (!room) {
        ADD_FAILURE() << "no interior at depth " << depth;
        return out;
      }
      mix_layout(out.layout, *room);
      mix(out.words, room->name);
      mix(out.words, room->description);
    }
  }
  return out;
}

const pins& checksums() {
  static const pins made = make_checksums();
  return made;
}

TEST(RoomInteriorPinned, EveryDepthMakesTheLayoutsItMadeBefore) {
  const std::uint64_t h = checksums().layout;
  EXPECT_EQ(h, 0xf73906f788b80a3ULL) << "0x" << std::hex << h;
}

TEST(RoomInteriorPinned, TheWordsFollowTheTablesAndNothingElse) {
  const std::uint64_t h = checksums().words;
  EXPECT_EQ(h, 0xe465fe2932fb9c21ULL) << "0x" << std::hex << h;
}

}  // namespace
}  // namespace dw::content
