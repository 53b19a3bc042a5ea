#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dw::game {

/// Character names and passwords: the rules, checked before anything else looks at the text. Pure.

/// Longest and shortest names.
inline constexpr std::size_t min_name_length = 3;
inline constexpr std::size_t max_name_length = 20;

/// True when `text` has the shape of a name: 3-20 ASCII letters. Anything else can never be an
/// account, so it is refused before it is transformed, stored or logged.
bool is_name_shaped(std::string_view text);
/// Why a name cannot be used for a new character, or nullopt when it can: the shape, and not a
/// reserved word.
std::optional<std::string> check_name(std::string_view name);
/// "aNN" -> "Ann". Only ASCII letters change case; every other byte is left alone (so a string that
/// is not name-shaped can never turn into a control character).
std::string canonical_name(std::string_view name);
/// ASCII lower-case copy (the case-insensitive key of a name).
std::string lower_name(std::string_view name);
/// Why a password cannot be used, or nullopt.
std::optional<std::string> check_password(std::string_view password);

}  // namespace dw::game
