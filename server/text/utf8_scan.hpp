#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace dw::text {

/// One step of a lenient UTF-8 scan: the code point at `pos` and its length in bytes, or, for a byte
/// that does not start a valid (shortest-form, non-surrogate) sequence, `valid == false` and length 1.
struct utf8_step {
  char32_t code_point = 0;
  std::size_t length = 1;
  bool valid = false;
};

/// Decodes the sequence starting at `pos` (which must be < text.size()).
utf8_step utf8_at(std::string_view text, std::size_t pos);

/// Characters that change how the text around them is shown without being seen themselves: bidi
/// embeddings, overrides, isolates and marks, zero-width spaces and joiners, word joiner, invisible
/// operators, the byte-order mark, the Mongolian vowel separator.
bool is_invisible_format(char32_t c);

/// C0 controls, DEL and C1 controls.
bool is_control(char32_t c);

}  // namespace dw::text
