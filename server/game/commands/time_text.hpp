#pragma once

// Times as players read them, shared by the command sets (chat history, score, the board, who).
#include <cstdint>
#include <ctime>
#include <string>

namespace dw::game {

/// `unix_seconds` written by strftime's `format` ("%Y-%m-%d", "%H:%M"), in UTC or, with `local`, in the
/// server's own time zone.
inline std::string time_text(std::int64_t unix_seconds, const char* format, bool local = false) {
  const auto t = static_cast<std::time_t>(unix_seconds);
  std::tm parts{};
  if (local) {
    localtime_r(&t, &parts);
  } else {
    gmtime_r(&t, &parts);
  }
  char text[32];
  const std::size_t n = std::strftime(text, sizeof text, format, &parts);
  return std::string(text, n);
}

}  // namespace dw::game
