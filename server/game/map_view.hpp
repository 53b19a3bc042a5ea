#pragma once

#include <cstdint>
#include <string>

namespace dw::game {

class world;
struct character;

/// Draws the explored rooms of `ch`'s branch around it, fitted to a window of `width` x `height`
/// characters, with a legend. Each room is a three-character cell; the characters between cells show
/// the exits.
std::string render_map(world& w, const character& ch, std::uint16_t width, std::uint16_t height);
/// The whole branch (every stored room), for administrators; capped at 60 x 40 rooms.
std::string render_branch_map(world& w, std::uint64_t branch_id);

}  // namespace dw::game
