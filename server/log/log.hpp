#pragma once
// The server's log calls, without spdlog's headers. spdlog's own calls format inside templates that every
// file calling them compiles again at -O2: about three seconds of compile for the first call in a file, in
// each of the forty-five files that logged (BENCHMARKS.md, "Logging without spdlog in every file"). A call here
// checks its format string at compile time as spdlog's does, formats through fmt's compiled vformat, and
// hands the text to spdlog in log.cpp, the one file that includes it. Messages below the logger's level
// are not formatted.
//
//   log::warn("connection {}: line of {} bytes cut", id, n);
#include <fmt/core.h>

#include <string_view>

namespace dw::log {

enum class level { trace, debug, info, warn, error, critical };

/// Whether a message at `l` would be written now (the default logger's level).
bool enabled(level l);

/// Writes `message` at `l` as it stands (no formatting).
void write(level l, std::string_view message);

/// Sets the default logger's level by its name in the configuration (`log.level`: trace, debug, info, warn,
/// error, critical or off).
void set_level(std::string_view name);

/// Formats and writes a message at `l`, if it would be written.
template <typename... Args>
void at(level l, fmt::format_string<Args...> format, Args&&... args) {
  if (enabled(l)) {
    write(l, fmt::vformat(format, fmt::make_format_args(args...)));
  }
}

template <typename... Args>
void trace(fmt::format_string<Args...> format, Args&&... args) {
  at(level::trace, format, static_cast<Args&&>(args)...);
}
template <typename... Args>
void debug(fmt::format_string<Args...> format, Args&&... args) {
  at(level::debug, format, static_cast<Args&&>(args)...);
}
template <typename... Args>
void info(fmt::format_string<Args...> format, Args&&... args) {
  at(level::info, format, static_cast<Args&&>(args)...);
}
template <typename... Args>
void warn(fmt::format_string<Args...> format, Args&&... args) {
  at(level::warn, format, static_cast<Args&&>(args)...);
}
template <typename... Args>
void error(fmt::format_string<Args...> format, Args&&... args) {
  at(level::error, format, static_cast<Args&&>(args)...);
}
template <typename... Args>
void critical(fmt::format_string<Args...> format, Args&&... args) {
  at(level::critical, format, static_cast<Args&&>(args)...);
}

}  // namespace dw::log
