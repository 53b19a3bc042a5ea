#include "server/telnet/ascii_fallback.hpp"

#include <cstdint>

namespace dw::telnet {

namespace {

/// U+00C0..U+00FF as their base letters ('?' for the signs in that range: U+00D7 is 'x', U+00F7 '/').
constexpr std::string_view latin1_letters = "AAAAAAACEEEEIIIIDNOOOOOxOUUUUYPsaaaaaaaceeeeiiiidnooooo/ouuuuypy";

/// The stand-in for one code point above U+007F.
std::string_view stand_in(char32_t cp) {
  switch (cp) {
    case 0x00A0: return " ";    // no-break space
    case 0x00A9: return "(c)";
    case 0x00AB: return "<<";
    case 0x00BB: return ">>";
    case 0x00B7: return ".";    // middle dot
    case 0x00B0: return "o";    // degree
    case 0x00AD: return "-";    // soft hyphen
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2015: case 0x2212: return "-";
    case 0x2018: case 0x2019: case 0x201A: case 0x201B: case 0x2032: return "'";
    case 0x201C: case 0x201D: case 0x201E: case 0x201F: case 0x2033: return "\"";
    case 0x2026: return "...";
    case 0x2022: case 0x2023: case 0x25CF: return "*";  // bullets
    case 0x2039: return "<";
    case 0x203A: return ">";
    case 0x2190: return "<-";
    case 0x2192: return "->";
    case 0x2191: return "^";
    case 0x2193: return "v";
    case 0x2194: return "<->";
    case 0x00D7: return "x";
    case 0x2009: case 0x200A: case 0x2002: case 0x2003: case 0x202F: return " ";
    case 0x200B: case 0xFEFF: return "";  // zero-width space, byte-order mark
    default: break;
  }
  if (cp >= 0x00C0 && cp <= 0x00FF) {
    return latin1_letters.substr(cp - 0x00C0, 1);
  }
  if (cp >= 0x2500 && cp <= 0x257F) {
    // Box drawing: horizontal lines "-", vertical lines "|", everything that joins lines "+".
    switch (cp) {
      case 0x2500: case 0x2501: case 0x2504: case 0x2505: case 0x2508: case 0x2509: case 0x254C: case 0x254D:
      case 0x2550: case 0x2574: case 0x2576: case 0x2578: case 0x257A: case 0x257C: case 0x257E:
        return "-";
      case 0x2502: case 0x2503: case 0x2506: case 0x2507: case 0x250A: case 0x250B: case 0x254E: case 0x254F:
      case 0x2551: case 0x2575: case 0x2577: case 0x2579: case 0x257B: case 0x257D: case 0x257F:
        return "|";
      default:
        return "+";
    }
  }
  return "?";
}

}  // namespace

void append_ascii_fallback(std::string_view text, std::string& out) {
  out.reserve(out.size() + text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<std::uint8_t>(text[i]);
    if (lead < 0x80) {
      // Copy the whole ASCII run at once.
      std::size_t end = i + 1;
      while (end < text.size() && static_cast<std::uint8_t>(text[end]) < 0x80) {
        ++end;
      }
      out.append(text.substr(i, end - i));
      i = end;
      continue;
    }
    std::size_t length = 0;
    char32_t cp = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
      cp = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      cp = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      cp = lead & 0x07;
    }
    bool valid = length != 0 && i + length <= text.size();
    for (std::size_t k = 1; valid && k < length; ++k) {
      const auto next = static_cast<std::uint8_t>(text[i + k]);
      valid = (next & 0xC0) == 0x80;
      cp = (cp << 6) | (next & 0x3F);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are malformed too.
    valid = valid && !(length == 3 && cp < 0x800) && !(length == 4 && (cp < 0x10000 || cp > 0x10FFFF)) &&
            !(cp >= 0xD800 && cp <= 0xDFFF);
    if (!valid) {
      out.push_back('?');
      ++i;
      continue;
    }
    out.append(stand_in(cp));
    i += length;
  }
}

}  // namespace dw::telnet
