#include "server/game/commands/naming.hpp"

#include <charconv>

#include "server/game/commands/command_parser.hpp"

namespace dw::game {
namespace {

bool is_separator(char c) { return c == ' ' || c == '\t' || c == ',' || c == '-' || c == '\''; }

/// The next word of `text` from `pos` (skipping separators), advancing `pos`; empty at the end.
std::string_view next_word(std::string_view text, std::size_t& pos) {
  while (pos < text.size() && is_separator(text[pos])) {
    ++pos;
  }
  const std::size_t start = pos;
  while (pos < text.size() && !is_separator(text[pos])) {
    ++pos;
  }
  return text.substr(start, pos - start);
}

}  // namespace

std::optional<object_query> parse_object_query(std::string_view text) {
  text = trim(text);
  if (text.empty()) {
    return std::nullopt;
  }
  object_query q;
  const std::size_t dot = text.find('.');
  std::string_view head = dot == std::string_view::npos ? text : text.substr(0, dot);
  if (iequals(head, "all")) {
    q.all = true;
    q.words = dot == std::string_view::npos ? std::string_view() : trim(text.substr(dot + 1));
    return q;
  }
  if (dot != std::string_view::npos && !head.empty()) {
    std::size_t n = 0;
    const char* end = head.data() + head.size();
    if (std::from_chars(head.data(), end, n).ptr == end) {
      if (n == 0) {
        return std::nullopt;
      }
      q.nth = n;
      q.words = trim(text.substr(dot + 1));
      return q.words.empty() ? std::nullopt : std::optional<object_query>(q);
    }
  }
  q.words = text;
  return q;
}

bool name_matches(std::string_view name, std::string_view words) {
  std::size_t name_pos = 0;
  std::size_t word_pos = 0;
  for (std::string_view want = next_word(words, word_pos); !want.empty(); want = next_word(words, word_pos)) {
    bool found = false;
    for (std::string_view have = next_word(name, name_pos); !have.empty(); have = next_word(name, name_pos)) {
      if (istarts_with(have, want)) {
        found = true;
        break;
      }
    }
    if (!found) {
      return false;
    }
  }
  return true;
}

}  // namespace dw::game
