#pragma once

// Shared by the fuzz targets: a check that names the broken invariant, and a UTF-8 decoder and
// character classes written independently of server/text and server/telnet, so that a bug there
// cannot also hide itself from the oracle.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <vector>

/// Aborts with the failed condition and its place on stderr; libFuzzer then saves the input as a crash file.
#define FUZZ_CHECK(condition)                                                                   \
  do {                                                                                          \
    if (!(condition)) {                                                                         \
      std::fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                             \
    }                                                                                           \
  } while (false)

namespace dw::fuzz {

/// The input as text.
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// One character of strict UTF-8 (RFC 3629: shortest form only, no surrogates, nothing past U+10FFFF).
struct utf8_char {
  char32_t code_point = 0;
  std::size_t length = 0;  ///< 0 when the bytes at the position are not a valid character
};

/// The character starting at `pos` (< bytes.size()).
inline utf8_char utf8_char_at(std::string_view bytes, std::size_t pos) {
  const auto b0 = static_cast<std::uint8_t>(bytes[pos]);
  std::size_t length = 0;
  char32_t c = 0;
  if (b0 < 0x80) {
    return {b0, 1};
  }
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
    c = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    c = b0 & 0x0Fu;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    c = b0 & 0x07u;
  } else {
    return {};
  }
  if (pos + length > bytes.size()) {
    return {};
  }
  for (std::size_t k = 1; k < length; ++k) {
    const auto b = static_cast<std::uint8_t>(bytes[pos + k]);
    if ((b & 0xC0u) != 0x80u) {
      return {};
    }
    c = (c << 6) | (b & 0x3Fu);
  }
  const bool overlong = (length == 3 && c < 0x800) || (length == 4 && c < 0x10000);
  if (overlong || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
    return {};
  }
  return {c, length};
}

/// `bytes` decoded to code points; nullopt when it is not valid UTF-8.
inline std::optional<std::vector<char32_t>> decode_utf8(std::string_view bytes) {
  std::vector<char32_t> out;
  for (std::size_t pos = 0; pos < bytes.size();) {
    const utf8_char c = utf8_char_at(bytes, pos);
    if (c.length == 0) {
      return std::nullopt;
    }
    out.push_back(c.code_point);
    pos += c.length;
  }
  return out;
}

inline bool is_valid_utf8(std::string_view bytes) { return decode_utf8(bytes).has_value(); }

/// C0 controls, DEL and C1 controls.
inline bool is_control(char32_t c) { return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F); }

/// Code points that reorder or hide the text around them: bidi marks, embeddings, overrides and
/// isolates, zero-width characters and joiners, invisible operators, the BOM.
inline bool is_bidi_or_zero_width(char32_t c) {
  return c == 0x061C || c == 0x180E || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF;
}

/// Printable ASCII, 0x20..0x7E.
inline bool is_printable_ascii(char c) { return c >= 0x20 && c < 0x7F; }

}  // namespace dw::fuzz
