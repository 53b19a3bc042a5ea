#pragma once

// Walking a branch as an explorer does: what a room's text says of its exits and its place, and the
// way back along a step just taken.
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace dw::bench {

/// The well's four passages, each into a branch of its own (its first room lies that way).
inline constexpr std::array<std::string_view, 4> start_exits{"north", "east", "south", "west"};

/// The way back along a step taken `dir` ("south" for "north"); throws for anything but the four
/// directions of a branch's grid. A step walked is two-way, so this always leads back.
std::string back_of(std::string_view dir);

/// The first exit of the room's "Exits: north (unexplored), west (to the well)." line that leads
/// somewhere not discovered yet: a step there makes a room.
std::optional<std::string> first_unexplored(const std::string& room);

/// "<branch>, <x>,<y>" of a branch room's header line "<name>  [<branch>, <x>,<y>, depth <d>]" (as an
/// administrator sees it), or nothing: a room of the dungeon, named once in the whole world.
std::optional<std::string> place_of(const std::string& room);

}  // namespace dw::bench
