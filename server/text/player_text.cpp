#include "server/text/player_text.hpp"

#include "server/text/utf8_scan.hpp"

namespace dw::text {

std::string player_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  int marks = 0;  // combining marks kept on the current letter
  while (pos < text.size()) {
    const utf8_step step = utf8_at(text, pos);
    if (step.valid) {
      const char32_t c = step.code_point;
      if (c == '\t') {
        out += ' ';
        marks = 0;
      } else if (is_control(c) || is_invisible_format(c)) {
        // dropped; the letter before keeps its count of marks
      } else if (is_combining_mark(c)) {
        if (++marks <= max_marks_per_letter) {
          out.append(text.substr(pos, step.length));
        }
      } else {
        out.append(text.substr(pos, step.length));
        marks = 0;
      }
    }
    pos += step.length;
  }
  return out;
}

}  // namespace dw::text
