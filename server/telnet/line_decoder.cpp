#include "server/telnet/line_decoder.hpp"

#include "server/telnet/bounded_append.hpp"

namespace dw::telnet {

namespace {

constexpr std::uint8_t backspace = 8;
constexpr std::uint8_t tab = 9;
constexpr std::uint8_t line_feed = 10;
constexpr std::uint8_t carriage_return = 13;
constexpr std::uint8_t escape_byte = 27;
constexpr std::uint8_t delete_byte = 127;
/// Longer CSI sequences are not keys; giving up keeps a stray ESC from eating a whole line.
constexpr std::uint8_t max_csi_length = 32;

bool printable_ascii(std::uint8_t byte) { return byte >= 0x20 && byte < 0x7F; }

bool continuation_byte(char c) { return (static_cast<std::uint8_t>(c) & 0xC0u) == 0x80u; }

}  // namespace

line_decoder::line_decoder(std::size_t max_line_bytes) : max_line_bytes_(max_line_bytes) {}

void line_decoder::feed(std::string_view data, std::vector<event>& events) {
  std::size_t i = 0;
  while (i < data.size()) {
    const bool plain_state = !after_cr_ && escape_ == escape::none && !utf8_.mid_sequence();
    if (plain_state && printable_ascii(static_cast<std::uint8_t>(data[i]))) {
      // Fast path: a run of printable ASCII is appended at once.
      std::size_t end = i + 1;
      while (end < data.size() && printable_ascii(static_cast<std::uint8_t>(data[end]))) {
        ++end;
      }
      append(data.substr(i, end - i));
      i = end;
      continue;
    }
    process(static_cast<std::uint8_t>(data[i]), events);
    ++i;
  }
}

void line_decoder::process(std::uint8_t byte, std::vector<event>& events) {
  if (after_cr_) {
    after_cr_ = false;
    if (byte == line_feed || byte == 0) {
      return;
    }
  }
  if (escape_ != escape::none && consume_escape(byte)) {
    return;
  }
  if (byte >= 0x80) {
    process_utf8(byte);
    return;
  }
  if (utf8_.mid_sequence()) {
    // An ASCII byte cannot continue a character: the partial one is broken.
    utf8_.reset();
    append(replacement_character);
  }
  process_ascii(byte, events);
}

void line_decoder::process_ascii(std::uint8_t byte, std::vector<event>& events) {
  switch (byte) {
    case carriage_return:
      after_cr_ = true;
      end_line(events);
      return;
    case line_feed:
      end_line(events);
      return;
    case backspace:
    case delete_byte:
      erase_character();
      return;
    case tab:
      append(" ");
      return;
    case escape_byte:
      escape_ = escape::esc;
      escape_length_ = 0;
      return;
    default:
      break;
  }
  if (byte < 0x20) {
    return;  // other C0 controls would reach other players' terminals
  }
  const char c = static_cast<char>(byte);
  append(std::string_view(&c, 1));
}

void line_decoder::process_utf8(std::uint8_t byte) {
  for (;;) {
    switch (utf8_.push(byte)) {
      case utf8_step::pending:
        return;
      case utf8_step::done:
        if (utf8_.code_point() >= 0x80 && utf8_.code_point() <= 0x9F) {
          return;  // C1 controls are dropped like C0 ones
        }
        append(utf8_.sequence());
        return;
      case utf8_step::invalid:
        append(replacement_character);
        return;
      case utf8_step::invalid_retry:
        append(replacement_character);
        break;  // the byte may start a new character: push it again
    }
  }
}

bool line_decoder::consume_escape(std::uint8_t byte) {
  switch (escape_) {
    case escape::none:
      return false;
    case escape::esc:
      if (byte == '[') {
        escape_ = escape::csi;
        return true;
      }
      if (byte == 'O') {
        escape_ = escape::ss3;  // application-mode cursor keys: ESC O A
        return true;
      }
      escape_ = escape::none;
      return printable_ascii(byte);  // ESC + key (Alt chords); a line end or text is not swallowed
    case escape::csi:
      if (byte >= 0x40 && byte <= 0x7E) {
        escape_ = escape::none;
        return true;
      }
      if (byte >= 0x20 && byte <= 0x3F) {
        if (++escape_length_ > max_csi_length) {
          escape_ = escape::none;
        }
        return true;
      }
      escape_ = escape::none;
      return false;
    case escape::ss3:
      escape_ = escape::none;
      return printable_ascii(byte);
  }
  return false;
}

void line_decoder::append(std::string_view bytes) {
  if (discarding_) {
    discarded_bytes_ += bytes.size();
    return;
  }
  const std::size_t needed = line_.size() + bytes.size();
  if (needed > max_line_bytes_) {
    discarding_ = true;
    discarded_bytes_ = needed;
    line_.clear();
    return;
  }
  bounded_append(line_, bytes, max_line_bytes_);
}

void line_decoder::erase_character() {
  if (discarding_) {
    return;
  }
  if (utf8_.mid_sequence()) {
    utf8_.reset();  // the unfinished character is the last one
    return;
  }
  while (!line_.empty() && continuation_byte(line_.back())) {
    line_.pop_back();
  }
  if (!line_.empty()) {
    line_.pop_back();
  }
}

void line_decoder::erase_line() {
  utf8_.reset();
  escape_ = escape::none;
  line_.clear();
}

void line_decoder::end_line(std::vector<event>& events) {
  escape_ = escape::none;
  if (discarding_) {
    events.emplace_back(line_too_long_event{discarded_bytes_});
    discarding_ = false;
    discarded_bytes_ = 0;
    return;
  }
  // A copy keeps line_'s capacity for the next line; short lines fit the small-string buffer.
  events.emplace_back(line_event{line_});
  line_.clear();
}

}  // namespace dw::telnet
