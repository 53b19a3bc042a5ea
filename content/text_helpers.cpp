#include "content/text_helpers.hpp"

#include <array>

namespace dw::content {

std::string with_article(std::string_view noun_phrase) {
  const bool vowel = !noun_phrase.empty() && std::string_view("aeiouAEIOU").find(noun_phrase.front()) != std::string_view::npos;
  std::string out = vowel ? "an " : "a ";
  out += noun_phrase;
  return out;
}

std::string capitalise(std::string_view phrase) {
  std::string out(phrase);
  if (!out.empty() && out.front() >= 'a' && out.front() <= 'z') {
    out.front() = static_cast<char>(out.front() - 'a' + 'A');
  }
  return out;
}

std::string count_word(int n) {
  static constexpr std::array<std::string_view, 13> words = {"no",   "one", "two",   "three", "four",
                                                             "five", "six", "seven", "eight", "nine",
                                                             "ten",  "eleven", "twelve"};
  if (n >= 0 && n < static_cast<int>(words.size())) {
    return std::string(words[static_cast<std::size_t>(n)]);
  }
  return std::to_string(n);
}

}  // namespace dw::content
