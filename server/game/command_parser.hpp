#pragma once

#include <string>
#include <string_view>

namespace dw::game {

/// A line split into its command word and the rest. Pure.
struct parsed_command {
  std::string_view verb;  ///< first word, or the expansion of a one-character shortcut
  std::string_view args;  ///< the rest, without leading/trailing blanks
};

/// Splits a line. `'hello` is `say hello`, `:waves` is `emote waves`; blanks are trimmed.
parsed_command parse_command(std::string_view line);

/// Trims spaces and tabs from both ends.
std::string_view trim(std::string_view s);

/// ASCII case-insensitive equality and prefix test.
bool iequals(std::string_view a, std::string_view b);
bool istarts_with(std::string_view text, std::string_view prefix);
/// ASCII lower-case copy.
std::string lower_copy(std::string_view s);

}  // namespace dw::game
