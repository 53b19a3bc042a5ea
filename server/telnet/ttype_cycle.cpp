#include "server/telnet/ttype_cycle.hpp"

#include <algorithm>
#include <charconv>

namespace dw::telnet {

namespace {

constexpr std::uint32_t mtts_ansi = 1;
constexpr std::uint32_t mtts_utf8 = 4;
constexpr std::uint32_t mtts_256_colours = 8;
constexpr std::uint32_t mtts_screen_reader = 64;
constexpr std::uint32_t mtts_truecolour = 256;

char upper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }

/// Keeps printable ASCII only (the names reach logs and GMCP), upper-cased as MTTS asks, and cut.
std::string sanitise(std::string_view answer) {
  std::string name;
  name.reserve(std::min(answer.size(), ttype_cycle::max_name_bytes));
  for (const char c : answer) {
    if (name.size() == ttype_cycle::max_name_bytes) {
      break;
    }
    if (c >= 0x20 && c < 0x7F) {
      name.push_back(upper(c));
    }
  }
  return name;
}

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

/// Hints a client or terminal name gives about colours and encoding (names are upper-cased).
void apply_name_hints(std::string_view name, client_info& info) {
  if (contains(name, "TRUECOLOR")) {
    info.truecolour = true;
    info.xterm256 = true;
    info.ansi = true;
  }
  if (contains(name, "256COLOR")) {
    info.xterm256 = true;
    info.ansi = true;
  }
  if (contains(name, "ANSI") || contains(name, "XTERM")) {
    info.ansi = true;
  }
  if (contains(name, "UTF-8") || contains(name, "UTF8")) {
    info.utf8 = true;
  }
}

void apply_mtts(std::uint32_t bits, client_info& info) {
  info.mtts = bits;
  info.ansi = info.ansi || (bits & mtts_ansi) != 0;
  info.utf8 = info.utf8 || (bits & mtts_utf8) != 0;
  info.xterm256 = info.xterm256 || (bits & mtts_256_colours) != 0;
  info.screen_reader = info.screen_reader || (bits & mtts_screen_reader) != 0;
  info.truecolour = info.truecolour || (bits & mtts_truecolour) != 0;
}

}  // namespace

std::optional<std::uint32_t> parse_mtts(std::string_view answer) {
  constexpr std::string_view prefix = "MTTS ";
  if (answer.size() <= prefix.size()) {
    return std::nullopt;
  }
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (upper(answer[i]) != prefix[i]) {
      return std::nullopt;
    }
  }
  const std::string_view digits = answer.substr(prefix.size());
  std::uint32_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc{} || end != digits.data() + digits.size()) {
    return std::nullopt;
  }
  return value;
}

std::optional<ttype_cycle> ttype_cycle::restore(std::uint8_t answers, bool done, std::string last_answer) {
  const bool consistent = answers <= max_answers && (answers < max_answers || done) && (answers > 0 || !done) &&
                          last_answer.size() <= max_name_bytes && (answers > 0 || last_answer.empty());
  if (!consistent) {
    return std::nullopt;
  }
  ttype_cycle cycle;
  cycle.answers_ = answers;
  cycle.done_ = done;
  cycle.last_answer_ = std::move(last_answer);
  return cycle;
}

bool ttype_cycle::on_answer(std::string_view answer, client_info& info) {
  if (done_) {
    return false;
  }
  std::string name = sanitise(answer);
  const bool repeat = answers_ > 0 && name == last_answer_;
  ++answers_;
  if (repeat) {
    // A client that does not cycle repeats its one name: it is the terminal type too.
    if (answers_ == 2) {
      info.terminal_type = name;
    }
    done_ = true;
  } else if (const auto bits = parse_mtts(name); bits && answers_ > 1) {
    apply_mtts(*bits, info);
    done_ = true;
  } else {
    if (answers_ == 1) {
      info.client_name = name;
    } else {
      info.terminal_type = name;
    }
    apply_name_hints(name, info);
    done_ = answers_ >= max_answers;
  }
  last_answer_ = std::move(name);
  info.ttype_done = done_;
  return !done_;
}

}  // namespace dw::telnet
