#include "server/game/commands/command_parser.hpp"

namespace dw::game {
parsed_command parse_command(std::string_view line) {
  line = trim(line);
  if (line.empty()) {
    return {};
  }
  // MUSH/MUD shortcuts: the punctuation is the verb and needs no space after it.
  if (line.front() == '\'' || line.front() == '"') {
    return {"say", trim(line.substr(1))};
  }
  if (line.front() == ':') {
    return {"emote", trim(line.substr(1))};
  }
  const std::size_t space = line.find_first_of(" \t");
  if (space == std::string_view::npos) {
    return {line, {}};
  }
  return {line.substr(0, space), trim(line.substr(space + 1))};
}

}  // namespace dw::game
