#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "mapgen/script.hpp"

// Helpers for the script engine's tests: scripts from short parts, maps as text, refusals.
namespace dw::mapgen::testing {

/// A script the game ships (content/interiors/<name>), loaded as the game loads it.
inline generator load_shipped(const std::string& name) {
  const std::filesystem::path path = std::filesystem::path(DW_INTERIORS_DIR) / name;
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return load_script(text.str(), path.string());
}

/// A script with the given metadata sizes, entities (a JSON array or object) and explorers (JSON
/// array items), plus optional extra sections (`"regions": {...}, `).
inline std::string script_text(std::string_view size, std::string_view entities, std::string_view explorers,
                               std::string_view extra = "") {
  std::string s = "{\"metadata\": {\"min\": \"";
  s += size;
  s += "\", \"max\": \"";
  s += size;
  s += "\"}, ";
  s += extra;
  s += "\"entities\": ";
  s += entities;
  s += ", \"explorers\": [";
  s += explorers;
  s += "]}";
  return s;
}

/// One explorer as JSON: type, region, parameters (a JSON object or empty) and rules.
inline std::string explorer_text(std::string_view type, std::string_view region, std::string_view parameters,
                                 const std::vector<std::string>& rules) {
  std::string s = "{\"type\": \"";
  s += type;
  s += "\", \"region\": \"";
  s += region;
  s += "\"";
  if (!parameters.empty()) {
    s += ", \"parameters\": ";
    s += parameters;
  }
  s += ", \"rules\": [";
  for (std::size_t i = 0; i < rules.size(); ++i) {
    s += i == 0 ? "\"" : ", \"";
    s += rules[i];
    s += "\"";
  }
  s += "]}";
  return s;
}

/// The map as rows of characters: entity i is glyphs[i], unknown is '?'.
inline std::vector<std::string> rows(const tile_map& map, std::string_view glyphs = "#.~o%") {
  std::vector<std::string> out;
  for (int y = 0; y < map.height(); ++y) {
    std::string row;
    for (int x = 0; x < map.width(); ++x) {
      const entity_id e = map.at({x, y});
      row += e < 0 ? '?' : glyphs[static_cast<std::size_t>(e)];
    }
    out.push_back(row);
  }
  return out;
}

/// How many tiles hold `e`.
inline int count(const tile_map& map, entity_id e) {
  int n = 0;
  for (entity_id t : map.tiles()) {
    n += t == e ? 1 : 0;
  }
  return n;
}

/// The number of 4-connected areas of tiles holding `e`.
inline int areas(const tile_map& map, entity_id e) {
  std::vector<int> seen(map.tiles().size(), 0);
  int found = 0;
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const auto start = static_cast<std::size_t>(y * map.width() + x);
      if (seen[start] != 0 || map.at({x, y}) != e) {
        continue;
      }
      ++found;
      std::vector<point> stack{{x, y}};
      seen[start] = 1;
      while (!stack.empty()) {
        const point p = stack.back();
        stack.pop_back();
        for (const point d : {point{1, 0}, point{-1, 0}, point{0, 1}, point{0, -1}}) {
          const point q{p.x + d.x, p.y + d.y};
          if (!map.inside(q) || map.at(q) != e) {
            continue;
          }
          const auto i = static_cast<std::size_t>(q.y * map.width() + q.x);
          if (seen[i] == 0) {
            seen[i] = 1;
            stack.push_back(q);
          }
        }
      }
    }
  }
  return found;
}

/// The script_error a text is refused with (fails the test when it loads).
inline script_error refusal(std::string_view text, std::string_view file = "test.json") {
  try {
    (void)load_script(text, file);
  } catch (const script_error& e) {
    return e;
  }
  ADD_FAILURE() << "loaded: " << text;
  return script_error(std::string(file), "?", "loaded");
}

}  // namespace dw::mapgen::testing
