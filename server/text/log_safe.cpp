#include "server/text/log_safe.hpp"

#include "server/text/utf8_scan.hpp"

namespace dw::text {
namespace {

constexpr char hex[] = "0123456789ABCDEF";

void escape_byte(unsigned char b, std::string& out) {
  switch (b) {
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    case 0x1B:
      out += "\\e";
      return;
    default:
      out += "\\x";
      out += hex[b >> 4];
      out += hex[b & 0xF];
  }
}

void escape_code_point(char32_t c, std::string& out) {
  out += "\\u{";
  bool started = false;
  for (int shift = 20; shift >= 0; shift -= 4) {
    const auto digit = static_cast<unsigned>((c >> shift) & 0xF);
    if (digit != 0 || started || shift == 0) {
      out += hex[digit];
      started = true;
    }
  }
  out += '}';
}

}  // namespace

std::string log_safe(std::string_view text) {
  std::string out;
  const std::size_t limit = text.size() < log_safe_max_bytes ? text.size() : log_safe_max_bytes;
  out.reserve(limit + 8);
  std::size_t pos = 0;
  while (pos < limit) {
    const utf8_step step = utf8_at(text, pos);
    if (!step.valid) {
      escape_byte(static_cast<unsigned char>(text[pos]), out);
    } else if (step.code_point == '\\') {
      out += "\\\\";
    } else if (step.code_point < 0x80 && is_control(step.code_point)) {
      escape_byte(static_cast<unsigned char>(step.code_point), out);
    } else if (is_control(step.code_point) || is_invisible_format(step.code_point)) {
      escape_code_point(step.code_point, out);
    } else {
      out.append(text.substr(pos, step.length));
    }
    pos += step.length;
  }
  if (pos < text.size()) {
    out += "...(+" + std::to_string(text.size() - pos) + " bytes)";
  }
  return out;
}

}  // namespace dw::text
