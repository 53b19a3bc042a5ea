#include "server/text/utf8_scan.hpp"

namespace dw::text {

utf8_step utf8_at(std::string_view text, std::size_t pos) {
  const auto b0 = static_cast<unsigned char>(text[pos]);
  if (b0 < 0x80) {
    return {b0, 1, true};
  }
  std::size_t len = 0;
  char32_t cp = 0;
  char32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2;
    cp = b0 & 0x1F;
    min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3;
    cp = b0 & 0x0F;
    min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4;
    cp = b0 & 0x07;
    min = 0x10000;
  } else {
    return {};
  }
  if (pos + len > text.size()) {
    return {};
  }
  for (std::size_t i = 1; i < len; ++i) {
    const auto b = static_cast<unsigned char>(text[pos + i]);
    if ((b & 0xC0) != 0x80) {
      return {};
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    return {};
  }
  return {cp, len, true};
}

bool is_invisible_format(char32_t c) {
  return c == 0x061C ||                  // Arabic letter mark
         c == 0x180E ||                  // Mongolian vowel separator
         (c >= 0x200B && c <= 0x200F) || // zero-width space, non-joiner, joiner; LRM, RLM
         (c >= 0x202A && c <= 0x202E) || // LRE, RLE, PDF, LRO, RLO
         (c >= 0x2060 && c <= 0x2064) || // word joiner, invisible operators
         (c >= 0x2066 && c <= 0x2069) || // LRI, RLI, FSI, PDI
         c == 0xFEFF;                    // zero-width no-break space (BOM)
}

bool is_control(char32_t c) { return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F); }

}  // namespace dw::text
