#include "server/text/player_text.hpp"

#include "server/text/utf8_scan.hpp"

namespace dw::text {

std::string player_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    const utf8_step step = utf8_at(text, pos);
    if (step.valid) {
      if (step.code_point == '\t') {
        out += ' ';
      } else if (!is_control(step.code_point) && !is_invisible_format(step.code_point)) {
        out.append(text.substr(pos, step.length));
      }
    }
    pos += step.length;
  }
  return out;
}

}  // namespace dw::text
