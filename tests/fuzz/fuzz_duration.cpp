// libFuzzer target for the durations an administrator types (@ban ... 30m, @shutdown): parse_duration
// in server/game/administration/duration.cpp. Input: the word as typed. The result is compared with the documented
// rule written out again here in the plainest way, so a wrong answer fails, not only a crash.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "fuzz_support.hpp"
#include "server/game/administration/duration.hpp"

namespace {

using dw::game::max_duration_seconds;

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_word(std::string_view text, std::string_view word) {
  if (text.size() != word.size()) {
    return false;
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (ascii_lower(text[i]) != word[i]) {
      return false;
    }
  }
  return true;
}

/// The rule in duration.hpp: "none"/"forever"/"perm"/"permanent" is 0; otherwise one or more decimal
/// digits (a positive number) and one unit s, m, h, d or w, at most max_duration_seconds in all.
/// nullopt for anything else.
std::optional<std::int64_t> reference(std::string_view text) {
  for (std::string_view word : {"none", "forever", "perm", "permanent"}) {
    if (same_word(text, word)) {
      return 0;
    }
  }
  if (text.size() < 2) {
    return std::nullopt;
  }
  std::int64_t per_unit = 0;
  switch (ascii_lower(text.back())) {
    case 's':
      per_unit = 1;
      break;
    case 'm':
      per_unit = 60;
      break;
    case 'h':
      per_unit = 3600;
      break;
    case 'd':
      per_unit = 86400;
      break;
    case 'w':
      per_unit = 7 * 86400;
      break;
    default:
      return std::nullopt;
  }
  // Counted in seconds and stopped as soon as it is too long, so nothing here can overflow.
  std::int64_t seconds = 0;
  bool too_long = false;
  for (const char c : text.substr(0, text.size() - 1)) {
    if (c < '0' || c > '9') {
      return std::nullopt;
    }
    if (!too_long) {
      seconds = seconds * 10 + (c - '0') * per_unit;
      too_long = seconds > max_duration_seconds;
    }
  }
  if (too_long || seconds == 0) {
    return std::nullopt;
  }
  return seconds;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = dw::fuzz::as_text(data, size);
  const auto parsed = dw::game::parse_duration(text);
  const std::optional<std::int64_t> expected = reference(text);
  if (const auto* seconds = std::get_if<std::int64_t>(&parsed)) {
    FUZZ_CHECK(*seconds >= 0 && *seconds <= max_duration_seconds);
    FUZZ_CHECK(expected.has_value() && *expected == *seconds);
    // A real span starts with a digit, so @ban can tell it from the first word of a reason.
    FUZZ_CHECK(*seconds == 0 || dw::game::looks_like_duration(text));
  } else {
    const auto& error = std::get<dw::game::duration_error>(parsed);
    FUZZ_CHECK(!expected.has_value());
    FUZZ_CHECK(!error.why.empty());
    // The reason quotes at most 40 bytes of what was typed.
    FUZZ_CHECK(error.why.size() <= 40 + 100);
  }
  return 0;
}
