#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dw::telnet {

/// The UTF-8 encoding of U+FFFD, which stands in for every invalid byte sequence.
inline constexpr std::string_view replacement_character = "\xEF\xBF\xBD";

/// What one byte did to a utf8_decoder.
enum class utf8_step : std::uint8_t {
  pending,       ///< inside a sequence, more bytes needed
  done,          ///< a whole character is ready in sequence()
  invalid,       ///< the byte cannot start a character: emit U+FFFD
  invalid_retry  ///< the sequence so far is broken: emit U+FFFD, then push this byte again
};

/// Incremental UTF-8 validator (RFC 3629): rejects overlongs, surrogates and code points past
/// U+10FFFF, so that whatever it passes on is valid UTF-8. Holds at most one partial character.
class utf8_decoder {
 public:
  /// Feeds one byte.
  utf8_step push(std::uint8_t byte);
  /// The bytes of the character completed by the last push() that returned done.
  std::string_view sequence() const { return {bytes_, length_}; }
  /// The code point completed by the last push() that returned done.
  char32_t code_point() const;
  /// True while a character has started but is not complete.
  bool mid_sequence() const { return length_ < expected_; }
  /// Forgets any partial character.
  void reset() {
    length_ = 0;
    expected_ = 0;
  }

 private:
  char bytes_[4] = {};
  std::uint8_t length_ = 0;
  std::uint8_t expected_ = 0;
};

/// Appends `bytes` to `out` with every invalid sequence replaced by U+FFFD.
void append_sanitised_utf8(std::string_view bytes, std::string& out);
/// True when `bytes` is entirely valid UTF-8.
bool is_valid_utf8(std::string_view bytes);

}  // namespace dw::telnet
