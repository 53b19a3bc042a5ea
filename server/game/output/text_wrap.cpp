#include "server/game/output/text_wrap.hpp"

#include "server/game/output/style.hpp"

namespace dw::game {

std::size_t text_columns(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == static_cast<unsigned char>(style_begin)) {
      ++i;  // and the style's name byte
    } else if (c == static_cast<unsigned char>(style_end)) {
      // no width
    } else if (c == 0x1BU) {
      // ESC [ parameters... final byte (0x40..0x7E): a colour or other control sequence, no width
      if (i + 1 < s.size() && s[i + 1] == '[') {
        i += 2;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) < 0x40U || static_cast<unsigned char>(s[i]) > 0x7EU)) {
          ++i;
        }
      }
    } else if ((c & 0xC0U) != 0x80U) {
      ++n;  // count lead bytes only: one column per code point
    }
  }
  return n;
}

namespace {

void wrap_line(std::string_view line, std::size_t width, std::string& out) {
  // (a line no longer in bytes than the width fits without counting: a column takes at least a byte)
  if (line.empty() || line.front() == ' ' || line.size() <= width || text_columns(line) <= width) {
    out.append(line);
    return;
  }
  // A list item ("- ...") goes on indented under its first word, so the dash stands out.
  const bool item = line.starts_with("- ");
  std::size_t col = 0;
  bool first = true;
  while (!line.empty()) {
    const std::size_t space = line.find(' ');
    std::string_view word = line.substr(0, space);
    line = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
    if (word.empty()) {
      continue;
    }
    const std::size_t w = text_columns(word);
    if (!first && col + 1 + w > width) {
      out.push_back('\n');
      col = 0;
      first = true;
      if (item) {
        out.append("  ");
        col = 2;
      }
    }
    if (!first) {
      out.push_back(' ');
      ++col;
    }
    out.append(word);
    col += w;
    first = false;
  }
}

}  // namespace

void wrap_text(std::string_view text, std::size_t width, std::string& out) {
  if (width == 0) {
    out.append(text);  // the client breaks lines itself
    return;
  }
  if (width < 20) {
    width = 20;  // a silly NAWS value must not shred the text
  }
  // One column short of the window: terminals without delayed wrap would add a blank line otherwise.
  --width;
  while (true) {
    const std::size_t nl = text.find('\n');
    wrap_line(text.substr(0, nl), width, out);
    if (nl == std::string_view::npos) {
      return;
    }
    out.push_back('\n');
    text.remove_prefix(nl + 1);
  }
}

}  // namespace dw::game
