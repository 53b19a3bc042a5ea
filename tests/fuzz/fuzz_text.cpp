// libFuzzer target for server/text: log_safe (client text in a log line) and player_text (what one
// player shows another). Input: any bytes a client could get into a line, a name or a GMCP field.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "server/text/log_safe.hpp"
#include "server/text/player_text.hpp"
#include "server/text/utf8_scan.hpp"

namespace {

using dw::fuzz::decode_utf8;
using dw::fuzz::is_bidi_or_zero_width;
using dw::fuzz::is_control;

void append_utf8(char32_t c, std::string& out) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

/// Undoes log_safe's escapes (\\ \n \r \t \e \xNN \u{X..}); nullopt when a backslash starts anything
/// else, which would mean a client could write something that reads like an escape.
std::optional<std::string> unescape(std::string_view s) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] != '\\') {
      out += s[i++];
      continue;
    }
    if (i + 1 >= s.size()) {
      return std::nullopt;
    }
    const char kind = s[i + 1];
    i += 2;
    switch (kind) {
      case '\\':
        out += '\\';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'e':
        out += '\x1B';
        break;
      case 'x': {
        if (i + 2 > s.size() || hex_digit(s[i]) < 0 || hex_digit(s[i + 1]) < 0) {
          return std::nullopt;
        }
        out += static_cast<char>(hex_digit(s[i]) * 16 + hex_digit(s[i + 1]));
        i += 2;
        break;
      }
      case 'u': {
        if (i >= s.size() || s[i] != '{') {
          return std::nullopt;
        }
        ++i;
        char32_t c = 0;
        std::size_t digits = 0;
        while (i < s.size() && s[i] != '}') {
          const int d = hex_digit(s[i]);
          if (d < 0 || ++digits > 6) {
            return std::nullopt;
          }
          c = c * 16 + static_cast<char32_t>(d);
          ++i;
        }
        if (i >= s.size() || digits == 0 || c > 0x10FFFF) {
          return std::nullopt;
        }
        ++i;
        append_utf8(c, out);
        break;
      }
      default:
        return std::nullopt;
    }
  }
  return out;
}

void check_log_safe(std::string_view input) {
  const std::string out = dw::text::log_safe(input);
  // Nothing in a log line may move the cursor, recolour the terminal, reorder or hide text.
  const auto code_points = decode_utf8(out);
  FUZZ_CHECK(code_points.has_value());
  for (const char32_t c : *code_points) {
    FUZZ_CHECK(!is_control(c) && !is_bidi_or_zero_width(c));
  }
  // Bounded: at most 4 output bytes per input byte ("\xNN"), plus the "...(+N bytes)" note.
  FUZZ_CHECK(out.size() <= 4 * (dw::text::log_safe_max_bytes + 3) + 32);

  // Whole characters are kept while they start within the limit (invalid bytes count one each).
  std::size_t consumed = 0;
  while (consumed < input.size() && consumed < dw::text::log_safe_max_bytes) {
    consumed += std::max<std::size_t>(1, dw::fuzz::utf8_char_at(input, consumed).length);
  }
  std::string_view kept = out;
  if (consumed < input.size()) {
    const std::string note = "...(+" + std::to_string(input.size() - consumed) + " bytes)";
    FUZZ_CHECK(kept.size() >= note.size() && kept.substr(kept.size() - note.size()) == note);
    kept.remove_suffix(note.size());
  }
  // Escapes cannot be forged: the kept part reads back as exactly what was sent.
  const auto read_back = unescape(kept);
  FUZZ_CHECK(read_back.has_value());
  FUZZ_CHECK(*read_back == input.substr(0, consumed));
}

void check_player_text(std::string_view input) {
  const std::string out = dw::text::player_text(input);
  const auto code_points = decode_utf8(out);
  FUZZ_CHECK(code_points.has_value());
  for (const char32_t c : *code_points) {
    FUZZ_CHECK(!is_control(c) && !is_bidi_or_zero_width(c));
  }
  FUZZ_CHECK(out.size() <= input.size());
  FUZZ_CHECK(dw::text::player_text(out) == out);
  // Clean text is shown as typed.
  // "Clean" is what the server keeps: no controls or tabs, none of the invisible formatting characters
  // (the table in utf8_scan.cpp, wider than the bidi and zero-width set checked above) and no letter
  // carrying more than max_marks_per_letter combining marks.
  if (const auto in = decode_utf8(input)) {
    bool clean = true;
    int marks = 0;
    for (const char32_t c : *in) {
      clean = clean && !is_control(c) && !is_bidi_or_zero_width(c) && !dw::text::is_invisible_format(c);
      marks = dw::text::is_combining_mark(c) ? marks + 1 : 0;
      clean = clean && marks <= dw::text::max_marks_per_letter;
    }
    if (clean) {
      FUZZ_CHECK(out == input);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = dw::fuzz::as_text(data, size);
  check_log_safe(input);
  check_player_text(input);
  return 0;
}
