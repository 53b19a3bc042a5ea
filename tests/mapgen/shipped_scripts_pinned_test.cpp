// The shipped interior scripts' maps, pinned: a checksum of 200 maps per script (the drawn size and two
// fixed sizes). Recorded from the interpreter before it was made faster; any change to the rule runtime,
// the explorers or the named steps that moves one random draw or one tile shows up here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "mapgen/script.hpp"
#include "script_support.hpp"

namespace dw::mapgen {
namespace {

constexpr int maps_per_script = 200;

// FNV-1a over the map's size and tiles.
void mix(std::uint64_t& h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xFFU;
    h *= 0x100000001B3ULL;
  }
}

void mix(std::uint64_t& h, const tile_map& m) {
  mix(h, static_cast<std::uint64_t>(m.width()));
  mix(h, static_cast<std::uint64_t>(m.height()));
  for (entity_id e : m.tiles()) {
    mix(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(e)));
  }
}

generator load(const std::string& name) { return testing::load_shipped(name); }

std::uint64_t checksum(const generator& script) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (int i = 0; i < maps_per_script; ++i) {
    const auto seed = static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ULL + 7;
    mix(h, script.generate(seed));
  }
  // Sizes outside the script's own range too (the tool and tests call these).
  mix(h, script.generate(11, 9, 5));
  mix(h, script.generate(12, 30, 20));
  return h;
}

TEST(ShippedScriptsPinned, EveryScriptMakesTheMapsItMadeBefore) {
  const std::map<std::string, std::uint64_t> expected = {
      {"clay_chambers.json", 0xa7ccec6621e72727ULL},
      {"flooded_tunnels.json", 0x8261da79e78e3f1cULL},
      {"granite_vaults.json", 0x77fd9b6c49e04ce7ULL},
      {"pillared_halls.json", 0x05b48c6066b9cfa5ULL},
      {"root_caves.json", 0xa011693853d09c3fULL},
      {"stone_passages.json", 0x80a522416c7fa044ULL},
  };
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(DW_INTERIORS_DIR)) {
    if (entry.path().extension() == ".json") {
      names.push_back(entry.path().filename().string());
    }
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    const std::uint64_t got = checksum(load(name));
    const auto it = expected.find(name);
    ASSERT_NE(it, expected.end()) << "no pinned checksum for " << name << ": 0x" << std::hex << got;
    EXPECT_EQ(got, it->second) << name << ": 0x" << std::hex << got;
  }
}

}  // namespace
}  // namespace dw::mapgen
