#include "mapgen/neighbourhood.hpp"

#include <array>

#include "mapgen/text_values.hpp"

namespace dw::mapgen::detail {

namespace {
constexpr std::array<predefined_neighbourhood, 9> predefined{{
    {"self", "000,030,000"},
    {"all", "111,131,111"},
    {"plus", "010,131,010"},
    {"left", "000,120,000"},
    {"right", "000,021,000"},
    {"up", "010,020,000"},
    {"down", "000,020,010"},
    {"horz", "000,121,000"},
    {"vert", "010,020,010"},
}};
}  // namespace

std::span<const predefined_neighbourhood> predefined_neighbourhoods() noexcept { return predefined; }

std::vector<point> parse_neighbourhood(std::string_view matrix, int max_side) {
  // Rows first, so that the centre is known before any offset is taken.
  std::vector<std::string_view> rows;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = matrix.find(',', start);
    const std::string_view row =
        trim(matrix.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (row.empty()) {
      throw text_error("a neighbourhood row is empty (rows are digits 0-3 separated by commas, e.g. \"010,131,010\")");
    }
    rows.push_back(row);
    if (static_cast<int>(rows.size()) > max_side) {
      throw text_error("a neighbourhood has more than " + std::to_string(max_side) + " rows");
    }
    if (comma == std::string_view::npos) {
      break;
    }
    start = comma + 1;
  }
  int centres = 0;
  point centre;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    if (static_cast<int>(rows[y].size()) > max_side) {
      throw text_error("a neighbourhood row is longer than " + std::to_string(max_side) + " cells");
    }
    for (std::size_t x = 0; x < rows[y].size(); ++x) {
      const char c = rows[y][x];
      if (c < '0' || c > '3') {
        throw text_error(std::string("'") + c + "' in a neighbourhood (cells are 0, 1, 2 or 3)");
      }
      if (c == '2' || c == '3') {
        ++centres;
        centre = {static_cast<int>(x), static_cast<int>(y)};
      }
    }
  }
  if (centres != 1) {
    throw text_error("a neighbourhood needs exactly one centre (2 or 3), this one has " + std::to_string(centres));
  }
  std::vector<point> offsets;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    for (std::size_t x = 0; x < rows[y].size(); ++x) {
      const char c = rows[y][x];
      if (c == '1' || c == '3') {
        offsets.push_back({static_cast<int>(x) - centre.x, static_cast<int>(y) - centre.y});
      }
    }
  }
  return offsets;
}

}  // namespace dw::mapgen::detail
