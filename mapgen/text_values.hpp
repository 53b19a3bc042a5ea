#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

// Small pieces of script text read one way everywhere: the script loader (script_reader.cpp), the rule
// parser and the named steps' parameters (param_reader.cpp) all trim, read numbers and sizes, and quote
// text in messages with these. Internal to mapgen.
namespace dw::mapgen::detail {

/// `text` without blanks (spaces, tabs) at either end.
std::string_view trim(std::string_view text) noexcept;

/// `text` in double quotes for a message, cut if long, control characters shown as '?'.
std::string quote(std::string_view text);

/// True for names a script may give an entity or a neighbourhood: at most 64 characters, a letter or
/// '_', then letters, digits, '_' or '-'.
bool valid_name(std::string_view name) noexcept;

/// The whole number that `text` holds (blanks at the ends allowed), or std::nullopt.
std::optional<int> read_whole(std::string_view text) noexcept;

/// The finite number that `text` holds (blanks at the ends allowed), or std::nullopt.
std::optional<double> read_real(std::string_view text) noexcept;

/// The size "WxH" that `text` holds (blanks at the ends allowed), or std::nullopt.
std::optional<std::pair<int, int>> read_size(std::string_view text) noexcept;

/// A number as messages print it: "0.5", not "0.500000".
std::string shown(double value);

/// `words` separated by ", " (a list of accepted keys for a message).
std::string joined(std::span<const std::string_view> words);

}  // namespace dw::mapgen::detail
