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

/// Characters that change how the text around them is shown, hide it or pad it without being seen
/// themselves: bidi embeddings, overrides, isolates and marks, zero-width spaces and joiners, line and
/// paragraph separators, invisible operators, the byte-order mark, soft hyphens, Hangul fillers, the
/// blank braille pattern, variation selectors, interlinear annotation, tag characters and other format
/// controls.
bool is_invisible_format(char32_t c);

/// Combining marks (the accents and signs drawn over, under or through the character before them), in
/// the blocks where they are used.
bool is_combining_mark(char32_t c);

/// C0 controls, DEL and C1 controls.
bool is_control(char32_t c);

}  // namespace dw::text
