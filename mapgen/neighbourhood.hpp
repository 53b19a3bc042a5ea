#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mapgen/tile_map.hpp"

// Marahel's neighbourhoods: a matrix written as rows separated by commas ("010,131,010"). 1 marks a
// cell the neighbourhood checks or writes, 2 the centre (not a cell), 3 a centre that is also a cell,
// 0 nothing. Offsets are relative to the centre, x to the right and y downwards.
namespace dw::mapgen::detail {

/// Text in a script that cannot be read; the loader adds the file and the JSON path.
struct text_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct predefined_neighbourhood {
  std::string_view name;
  std::string_view matrix;
};

/// The neighbourhoods every script has (a script may redefine them): self all plus left right up down
/// horz vert.
std::span<const predefined_neighbourhood> predefined_neighbourhoods() noexcept;

/// The offsets of a matrix's cells, row by row; throws text_error. Each side is at most `max_side`.
std::vector<point> parse_neighbourhood(std::string_view matrix, int max_side);

}  // namespace dw::mapgen::detail
