#pragma once

// Small helpers shared by the administrators' command files (internal to server/game).
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/game/commands/command_parser.hpp"

namespace dw::game::admin_support {

inline std::optional<std::int64_t> parse_int(std::string_view text) {
  std::int64_t n = 0;
  const auto* end = text.data() + text.size();
  if (text.empty() || std::from_chars(text.data(), end, n).ptr != end) {
    return std::nullopt;
  }
  return n;
}

/// Splits "word rest of line" at the first blank, both trimmed. Unlike a typed line, a leading ' " or : is
/// part of the word and no say or emote shortcut: an IPv6 address starts with "::".
inline std::pair<std::string_view, std::string_view> first_word(std::string_view s) {
  s = trim(s);
  const std::size_t blank = s.find_first_of(" \t");
  if (blank == std::string_view::npos) {
    return {s, {}};
  }
  return {s.substr(0, blank), trim(s.substr(blank + 1))};
}

/// A number as a person writes it: "40", "1.25", "0.8" (at most two decimals, no trailing zeros).
inline std::string number_text(double value) {
  char text[64];
  const int n = std::snprintf(text, sizeof text, "%.2f", value);
  std::string out(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  if (out.find('.') != std::string::npos) {
    while (!out.empty() && out.back() == '0') {
      out.pop_back();
    }
    if (!out.empty() && out.back() == '.') {
      out.pop_back();
    }
  }
  return out;
}

}  // namespace dw::game::admin_support
