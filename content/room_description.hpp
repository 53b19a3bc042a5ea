#pragma once

#include <cstdint>
#include <string>

#include "content/content_tables.hpp"

namespace dw::content {

/// How a room looks.
struct room_description {
  std::string name;         ///< "Water-logged passage"
  std::string description;  ///< one of the band's variants

  bool operator==(const room_description&) const = default;
};

/// The rooms.toml band `depth` lies in (the last band goes on for ever); nullptr only when there are no
/// bands. Its name is the room's title and what GMCP calls the room's environment.
const room_band* band_at(const content_tables& tables, int depth);

/// The room at `depth` (its rooms.toml band; the last band, the darkness, goes on for ever), with the
/// variant chosen by `variant_seed` (the server passes e.g. the room's tape seed).
room_description describe_room(const content_tables& tables, int depth, std::uint64_t variant_seed);

}  // namespace dw::content
