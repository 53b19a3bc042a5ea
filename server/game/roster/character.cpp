#include "server/game/roster/character.hpp"

namespace dw::game {

std::string join_identified(const std::set<std::string>& kinds) {
  std::string out;
  for (const std::string& k : kinds) {
    if (!out.empty()) {
      out += ' ';
    }
    out += k;
  }
  return out;
}

std::set<std::string> split_identified(std::string_view text) {
  std::set<std::string> out;
  while (!text.empty()) {
    const auto space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    if (!word.empty()) {
      out.emplace(word);
    }
    text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  }
  return out;
}

}  // namespace dw::game
