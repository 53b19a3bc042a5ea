#include "server/telnet/utf8_decoder.hpp"

namespace dw::telnet {

namespace {

/// Sequence length announced by a lead byte, or 0 when the byte cannot start a character
/// (continuation bytes, the overlong leads C0/C1, and F5..FF which would pass U+10FFFF).
std::uint8_t sequence_length(std::uint8_t lead) {
  if (lead < 0x80) {
    return 1;
  }
  if (lead >= 0xC2 && lead <= 0xDF) {
    return 2;
  }
  if (lead >= 0xE0 && lead <= 0xEF) {
    return 3;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    return 4;
  }
  return 0;
}

/// The second byte's narrower range rules out overlongs (E0, F0), surrogates (ED) and
/// code points past U+10FFFF (F4); later bytes only need to be continuations.
bool second_byte_fits(std::uint8_t lead, std::uint8_t byte) {
  switch (lead) {
    case 0xE0:
      return byte >= 0xA0 && byte <= 0xBF;
    case 0xED:
      return byte >= 0x80 && byte <= 0x9F;
    case 0xF0:
      return byte >= 0x90 && byte <= 0xBF;
    case 0xF4:
      return byte >= 0x80 && byte <= 0x8F;
    default:
      return byte >= 0x80 && byte <= 0xBF;
  }
}

}  // namespace

utf8_step utf8_decoder::push(std::uint8_t byte) {
  if (!mid_sequence()) {
    const std::uint8_t expected = sequence_length(byte);
    if (expected == 0) {
      reset();
      return utf8_step::invalid;
    }
    bytes_[0] = static_cast<char>(byte);
    length_ = 1;
    expected_ = expected;
    return expected == 1 ? utf8_step::done : utf8_step::pending;
  }
  const auto lead = static_cast<std::uint8_t>(bytes_[0]);
  const bool fits = length_ == 1 ? second_byte_fits(lead, byte) : (byte >= 0x80 && byte <= 0xBF);
  if (!fits) {
    reset();
    return utf8_step::invalid_retry;
  }
  bytes_[length_++] = static_cast<char>(byte);
  return length_ == expected_ ? utf8_step::done : utf8_step::pending;
}

char32_t utf8_decoder::code_point() const {
  const auto lead = static_cast<std::uint8_t>(bytes_[0]);
  char32_t value = 0;
  switch (length_) {
    case 1:
      return lead;
    case 2:
      value = lead & 0x1Fu;
      break;
    case 3:
      value = lead & 0x0Fu;
      break;
    default:
      value = lead & 0x07u;
      break;
  }
  for (std::uint8_t i = 1; i < length_; ++i) {
    value = (value << 6) | (static_cast<std::uint8_t>(bytes_[i]) & 0x3Fu);
  }
  return value;
}

void append_sanitised_utf8(std::string_view bytes, std::string& out) {
  out.reserve(out.size() + bytes.size());
  utf8_decoder decoder;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto byte = static_cast<std::uint8_t>(bytes[i]);
    switch (decoder.push(byte)) {
      case utf8_step::pending:
        break;
      case utf8_step::done:
        out.append(decoder.sequence());
        break;
      case utf8_step::invalid:
        out.append(replacement_character);
        break;
      case utf8_step::invalid_retry:
        out.append(replacement_character);
        --i;  // the byte may start the next character
        break;
    }
  }
  if (decoder.mid_sequence()) {
    out.append(replacement_character);
  }
}

bool is_valid_utf8(std::string_view bytes) {
  utf8_decoder decoder;
  for (const char c : bytes) {
    const utf8_step step = decoder.push(static_cast<std::uint8_t>(c));
    if (step == utf8_step::invalid || step == utf8_step::invalid_retry) {
      return false;
    }
  }
  return !decoder.mid_sequence();
}

}  // namespace dw::telnet
