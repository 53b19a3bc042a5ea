#include "server/game/output/colour.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>

namespace dw::game {
namespace {

int distance(rgb a, int r, int g, int b) {
  const int dr = a.r - r;
  const int dg = a.g - g;
  const int db = a.b - b;
  return dr * dr + dg * dg + db * db;
}

constexpr std::array<int, 6> cube_levels{0, 95, 135, 175, 215, 255};

/// The index (0..5) of the cube level nearest to `v`.
int cube_index(int v) {
  int best = 0;
  for (int i = 1; i < 6; ++i) {
    const int d = v - cube_levels[static_cast<std::size_t>(i)];
    const int bd = v - cube_levels[static_cast<std::size_t>(best)];
    if (d * d < bd * bd) {
      best = i;
    }
  }
  return best;
}

/// xterm's default 16 colours.
constexpr std::array<rgb, 16> ansi_palette{{{0, 0, 0},
                                            {205, 0, 0},
                                            {0, 205, 0},
                                            {205, 205, 0},
                                            {0, 0, 238},
                                            {205, 0, 205},
                                            {0, 205, 205},
                                            {229, 229, 229},
                                            {127, 127, 127},
                                            {255, 0, 0},
                                            {0, 255, 0},
                                            {255, 255, 0},
                                            {92, 92, 255},
                                            {255, 0, 255},
                                            {0, 255, 255},
                                            {255, 255, 255}}};

}  // namespace

int nearest_xterm256(rgb c) {
  const int ri = cube_index(c.r);
  const int gi = cube_index(c.g);
  const int bi = cube_index(c.b);
  const int cube = 16 + 36 * ri + 6 * gi + bi;
  const int cube_distance = distance(c, cube_levels[static_cast<std::size_t>(ri)],
                                     cube_levels[static_cast<std::size_t>(gi)],
                                     cube_levels[static_cast<std::size_t>(bi)]);
  // The grey ramp 232..255 is 8, 18, ..., 238.
  const int mean = (c.r + c.g + c.b) / 3;
  int grey_step = mean < 8 ? 0 : (mean - 8 + 5) / 10;
  if (grey_step > 23) {
    grey_step = 23;
  }
  const int grey = 8 + 10 * grey_step;
  return distance(c, grey, grey, grey) < cube_distance ? 232 + grey_step : cube;
}

int nearest_ansi16(rgb c) {
  // A clearly coloured colour stays a colour: the four greys (black, white and their bright/dim pairs)
  // are only candidates for colours that are greyish themselves (plain distance would make a soft green
  // grey).
  const int hi = std::max({c.r, c.g, c.b});
  const int lo = std::min({c.r, c.g, c.b});
  const bool chromatic = hi - lo >= 64;
  int best = -1;
  int best_distance = 0;
  for (int i = 0; i < 16; ++i) {
    if (chromatic && (i == 0 || i == 7 || i == 8 || i == 15)) {
      continue;
    }
    const rgb& p = ansi_palette[static_cast<std::size_t>(i)];
    const int d = distance(c, p.r, p.g, p.b);
    if (best < 0 || d < best_distance) {
      best = i;
      best_distance = d;
    }
  }
  return best;
}

namespace {

void append_int(std::string& out, int n) {
  char digits[12];
  const auto end = std::to_chars(std::begin(digits), std::end(digits), n).ptr;
  out.append(digits, end);
}

/// Where the next byte of `text` at or after `from` is one of the markup bytes (or, when `lines`, a new
/// line), or text.size(). The text between is copied in one append instead of a byte at a time.
std::size_t next_special(std::string_view text, std::size_t from, bool lines) {
  while (from < text.size() && text[from] != style_begin && text[from] != style_end &&
         (!lines || text[from] != '\n')) {
    ++from;
  }
  return from;
}

}  // namespace

void append_colour(std::string& out, colour_depth depth, rgb c) {
  // (by hand, not snprintf: this runs at every coloured span of every message)
  switch (depth) {
    case colour_depth::none:
      return;
    case colour_depth::ansi16: {
      const int i = nearest_ansi16(c);
      out += "\x1b[";
      append_int(out, i < 8 ? 30 + i : 90 + (i - 8));
      break;
    }
    case colour_depth::xterm256:
      out += "\x1b[38;5;";
      append_int(out, nearest_xterm256(c));
      break;
    case colour_depth::truecolour:
      out += "\x1b[38;2;";
      append_int(out, c.r);
      out += ';';
      append_int(out, c.g);
      out += ';';
      append_int(out, c.b);
      break;
  }
  out += 'm';
}

void render_styles(std::string_view text, colour_depth depth, const colour_theme& theme, std::string& out) {
  if (depth == colour_depth::none) {
    // strip_styles, a run of plain text at a time
    for (std::size_t i = 0; i < text.size();) {
      const std::size_t j = next_special(text, i, false);
      out.append(text.substr(i, j - i));
      i = j + (j < text.size() && text[j] == style_begin ? 2 : 1);  // the style's name byte too
    }
    return;
  }
  const rgb* open = nullptr;  // the colour of the span being rendered
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t j = next_special(text, i, open != nullptr);
    out.append(text.substr(i, j - i));
    if (j == text.size()) {
      break;
    }
    const char c = text[j];
    i = j + 1;
    if (c == style_begin) {
      if (i >= text.size()) {
        break;
      }
      const int s = text[i++] - 'a';
      if (open != nullptr) {
        out += sgr_reset;  // styles do not nest: a new one ends the last
        open = nullptr;
      }
      if (s >= 0 && s < static_cast<int>(theme.size())) {
        open = &theme[static_cast<std::size_t>(s)];
        append_colour(out, depth, *open);
      }
    } else if (c == style_end) {
      if (open != nullptr) {
        out += sgr_reset;
        open = nullptr;
      }
    } else {  // a new line inside a span: reset before it, the colour again after it
      out += sgr_reset;
      out += '\n';
      append_colour(out, depth, *open);
    }
  }
  if (open != nullptr) {
    out += sgr_reset;  // an unclosed span never outlives its message
  }
}

}  // namespace dw::game
