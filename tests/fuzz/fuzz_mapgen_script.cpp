// libFuzzer target for map generator scripts (mapgen/): the JSON text through load_script, and, when it
// loads, a small map generated from it. A bad script must be a script_error naming the file and then a
// JSON path or a line and column, never a crash or a hang; a good one must make maps of the size asked
// for, holding only the script's entities or unknown, the same map twice from the same seed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "mapgen/script.hpp"

namespace {

using namespace dw::mapgen;

constexpr std::string_view source = "fuzz.json";

bool digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

void check_refusal(const script_error& e) {
  const std::string_view what = e.what();
  FUZZ_CHECK(e.file == source);
  FUZZ_CHECK(what.substr(0, source.size()) == source);
  if (e.path.empty()) {
    // "fuzz.json:<line>:<column>: <message>"
    const std::string_view rest = what.substr(source.size());
    FUZZ_CHECK(!rest.empty() && rest[0] == ':');
    const std::size_t second = rest.find(':', 1);
    FUZZ_CHECK(second != std::string_view::npos && digits(rest.substr(1, second - 1)));
    const std::size_t third = rest.find(':', second + 1);
    FUZZ_CHECK(third != std::string_view::npos && digits(rest.substr(second + 1, third - second - 1)));
    FUZZ_CHECK(rest.size() > third + 2);
  } else {
    // "fuzz.json: <path>: <message>"
    const std::string prefix = std::string(source) + ": " + e.path + ": ";
    FUZZ_CHECK(what.substr(0, prefix.size()) == prefix);
    FUZZ_CHECK(what.size() > prefix.size());
  }
}

void check_map(const generator& g, const tile_map& map, int width, int height) {
  FUZZ_CHECK(map.width() == width && map.height() == height);
  FUZZ_CHECK(map.tiles().size() == static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  const auto entities = static_cast<entity_id>(g.entities().size());
  for (entity_id e : map.tiles()) {
    FUZZ_CHECK(e >= unknown && e < entities);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = dw::fuzz::as_text(data, size);
  try {
    const generator g = load_script(text, source);
    FUZZ_CHECK(!g.entities().empty());
    for (std::size_t i = 0; i < g.entities().size(); ++i) {
      FUZZ_CHECK(g.entity(g.entities()[i]) == static_cast<entity_id>(i));
    }
    const auto [min_w, min_h] = g.min_size();
    const auto [max_w, max_h] = g.max_size();
    FUZZ_CHECK(min_w >= 1 && min_h >= 1 && min_w <= max_w && min_h <= max_h && max_w <= 200 && max_h <= 200);
    // Small maps keep each input fast; the seed comes from the input so it varies too.
    const int width = std::min(min_w, 16);
    const int height = std::min(min_h, 12);
    const std::uint64_t seed = size;
    const tile_map map = g.generate(seed, width, height);
    check_map(g, map, width, height);
    FUZZ_CHECK(g.generate(seed, width, height) == map);
    if (max_w * max_h <= 16 * 12) {
      const tile_map drawn = g.generate(seed + 1);
      FUZZ_CHECK(drawn.width() >= min_w && drawn.width() <= max_w && drawn.height() >= min_h && drawn.height() <= max_h);
      check_map(g, drawn, drawn.width(), drawn.height());
    }
  } catch (const script_error& e) {
    check_refusal(e);
  }
  return 0;
}
