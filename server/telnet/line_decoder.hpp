#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/telnet/events.hpp"
#include "server/telnet/utf8_decoder.hpp"

namespace dw::telnet {

/// Turns the data bytes of a telnet stream (commands already removed) into lines: every line end
/// (CR LF, CR NUL, LF, CR) ends one line, BS/DEL erase a character, control bytes and terminal
/// escape sequences are dropped, and the result is always valid UTF-8 of at most max_line_bytes.
/// State carries across feed() calls, so a CR LF or a character split between reads is whole.
class line_decoder {
 public:
  explicit line_decoder(std::size_t max_line_bytes);

  /// Feeds data bytes; appends line_event / line_too_long_event for every line that ends.
  void feed(std::string_view data, std::vector<event>& events);
  /// Erases the last whole character of the current line (BS, DEL, IAC EC).
  void erase_character();
  /// Erases the whole current line (IAC EL).
  void erase_line();
  /// Bytes of memory the decoder holds for the current line.
  std::size_t capacity() const { return line_.capacity(); }

 private:
  enum class escape : std::uint8_t { none, esc, csi, ss3 };

  void process(std::uint8_t byte, std::vector<event>& events);
  void process_ascii(std::uint8_t byte, std::vector<event>& events);
  void process_utf8(std::uint8_t byte);
  /// True when `byte` belongs to the escape sequence in progress (and so is dropped).
  bool consume_escape(std::uint8_t byte);
  void append(std::string_view bytes);
  void end_line(std::vector<event>& events);

  std::size_t max_line_bytes_;
  std::string line_;
  utf8_decoder utf8_;
  escape escape_ = escape::none;
  std::uint8_t escape_length_ = 0;
  bool after_cr_ = false;    ///< swallow the LF or NUL that completes a CR, even in the next feed
  bool discarding_ = false;  ///< the current line passed the limit: drop it through its line end
  std::size_t discarded_bytes_ = 0;
};

}  // namespace dw::telnet
