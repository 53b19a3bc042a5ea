#pragma once

#include <string>
#include <string_view>

#include "server/text/ascii.hpp"

namespace dw::game {

/// A line split into its command word and the rest. Pure.
struct parsed_command {
  std::string_view verb;  ///< first word, or the expansion of a one-character shortcut
  std::string_view args;  ///< the rest, without leading/trailing blanks
};

/// Splits a line. `'hello` is `say hello`, `:waves` is `emote waves`; blanks are trimmed.
parsed_command parse_command(std::string_view line);

using text::iequals;
using text::istarts_with;
using text::lower_copy;
using text::trim;

}  // namespace dw::game
