#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "server/game/output/style.hpp"

namespace dw::game {

/// How much colour a client is shown: none, the 16 ANSI colours, the xterm 256, or 24-bit.
enum class colour_depth : std::uint8_t { none, ansi16, xterm256, truecolour };

struct rgb {
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;
  bool operator==(const rgb&) const = default;
};

/// One colour per style, in the order of `enum class style`.
using colour_theme = std::array<rgb, static_cast<std::size_t>(style::count_)>;

/// The escape that ends every coloured span (and so every coloured line).
inline constexpr std::string_view sgr_reset = "\x1b[0m";

/// The nearest xterm-256 colour (16..255: the 6x6x6 cube or the grey ramp) to `c`. Pure.
int nearest_xterm256(rgb c);
/// The nearest of the 16 ANSI colours (0..15, xterm's default palette) to `c`. Pure.
int nearest_ansi16(rgb c);

/// Appends the escape that starts colour `c` at `depth` (nothing at colour_depth::none). Pure.
void append_colour(std::string& out, colour_depth depth, rgb c);

/// Appends `text` with its style markup rendered: at colour_depth::none the markup is removed; otherwise
/// each styled span starts with its theme colour and ends with a reset, and a span that crosses a line
/// break is reset before the break and started again after it, so colour never bleeds into the next
/// line or the prompt. Pure.
void render_styles(std::string_view text, colour_depth depth, const colour_theme& theme, std::string& out);

}  // namespace dw::game
