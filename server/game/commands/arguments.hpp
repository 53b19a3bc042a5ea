#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/commands/naming.hpp"

namespace dw::game {

/// A command's arguments as its parser read them. Which fields are filled depends on the parser.
struct command_args {
  std::string_view raw;                 ///< everything after the command word, trimmed
  std::vector<std::string_view> words;  ///< `raw` split at blanks (words, object)
  std::optional<object_query> object;   ///< the thing named (object)
  std::string text;                     ///< what a person says to others, filtered (speech)
};

/// Parsers: the first step of every command, before it acts. Each returns a message for the person
/// when the arguments do not fit (and the command then does nothing), or nullopt. Pure.
namespace arguments {
using parser = std::function<std::optional<std::string>(std::string_view raw, command_args& out)>;

/// Anything, or nothing.
std::optional<std::string> raw(std::string_view raw, command_args& out);
/// Words separated by blanks, perhaps none.
std::optional<std::string> words(std::string_view raw, command_args& out);
/// Something must follow; `usage` otherwise.
parser required(std::string usage);
/// A thing named as players name things ("sword", "2.tube", "all.scroll"); `missing` when nothing is named.
parser object(std::string missing);
/// Text for other players, with invisible and direction-changing characters removed; `missing` when
/// nothing is left.
parser speech(std::string missing);
/// A name, then text for that person filtered as `speech` does: the name is `words[0]`, the text `text`.
/// `usage` when there is no name or no text left.
parser addressed_speech(std::string usage);
}  // namespace arguments

}  // namespace dw::game
