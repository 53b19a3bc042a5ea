#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dw::game {

/// What a piece of game text is, so each client can be shown it its own way: in the theme's colour, or
/// plainly. Colour never carries meaning alone: styled text says in words what it is as well.
enum class style : std::uint8_t {
  room_name,
  exit,             ///< an exit that leads somewhere known
  exit_unexplored,  ///< an exit nobody has walked yet
  monster,
  item,
  combat,       ///< a blow, a miss, a death
  channel,      ///< a line on a talk channel (chat, tell, shout)
  prompt,
  player,       ///< another person's name
  warning,      ///< refusals and dangers
  count_        ///< not a style: how many there are
};

/// Markup carried inside game text between the game and `output`: STYLE_BEGIN, one byte naming the style
/// ('a' + its number), the text, STYLE_END. Players can never type these bytes (the telnet line decoder
/// strips control characters), so what they say cannot forge a style. `output` renders the markup for
/// each client and it never reaches the wire.
inline constexpr char style_begin = '\x01';
inline constexpr char style_end = '\x02';

/// Appends `text` marked as `s` (styles do not nest: mark the pieces of a line one after another).
inline void append_styled(std::string& out, style s, std::string_view text) {
  out += style_begin;
  out += static_cast<char>('a' + static_cast<int>(s));
  out += text;
  out += style_end;
}

inline std::string styled(style s, std::string_view text) {
  std::string out;
  append_styled(out, s, text);
  return out;
}

/// Appends `text` to `out` with its style markup removed (how a client without colour sees it).
inline void strip_styles(std::string_view text, std::string& out) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == style_begin) {
      ++i;  // the style's name byte
    } else if (text[i] != style_end) {
      out += text[i];
    }
  }
}

}  // namespace dw::game
