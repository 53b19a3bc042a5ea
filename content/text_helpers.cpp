#include "content/text_helpers.hpp"

#include <array>
#include <cmath>
#include <utility>

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

std::string share_words(double share) {
  if (!(share > 0)) {
    return "none";
  }
  if (share >= 1) {
    return "all";
  }
  if (share < 0.05) {
    return "hardly any";
  }
  if (share >= 0.95) {
    return "nearly all";
  }
  static constexpr std::array<std::pair<double, std::string_view>, 11> fractions = {{
      {0.1, "a tenth"},
      {0.2, "a fifth"},
      {0.25, "a quarter"},
      {1.0 / 3.0, "a third"},
      {0.4, "two fifths"},
      {0.5, "half"},
      {0.6, "three fifths"},
      {2.0 / 3.0, "two thirds"},
      {0.75, "three quarters"},
      {0.8, "four fifths"},
      {0.9, "nine tenths"},
  }};
  const auto* nearest = &fractions.front();
  for (const auto& f : fractions) {
    if (std::abs(f.first - share) < std::abs(nearest->first - share)) {
      nearest = &f;
    }
  }
  return std::string(nearest->second);
}

}  // namespace dw::content
