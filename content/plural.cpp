#include "content/plural.hpp"

namespace dw::content {
namespace {

std::string_view without_article(std::string_view phrase) {
  for (std::string_view article : {"a ", "an ", "the ", "A ", "An ", "The "}) {
    if (phrase.starts_with(article)) {
      return phrase.substr(article.size());
    }
  }
  return phrase;
}

bool is_vowel(char c) { return std::string_view("aeiou").find(c) != std::string_view::npos; }

std::string plural_word(std::string_view w) {
  std::string out(w);
  if (w.ends_with("fe")) {
    out.resize(out.size() - 2);
    return out + "ves";  // knife, knives
  }
  if (w.ends_with("s") || w.ends_with("x") || w.ends_with("z") || w.ends_with("ch") || w.ends_with("sh")) {
    return out + "es";  // harness, harnesses
  }
  if (w.size() >= 2 && w.back() == 'y' && !is_vowel(w[w.size() - 2])) {
    out.pop_back();
    return out + "ies";
  }
  return out + "s";
}

}  // namespace

std::string plural_of(std::string_view noun_phrase) {
  const std::string_view phrase = without_article(noun_phrase);
  // The head noun: before " of " ("coat of scale mail"), else the last word.
  const std::size_t of = phrase.find(" of ");
  const std::string_view head_part = of == std::string_view::npos ? phrase : phrase.substr(0, of);
  const std::size_t space = head_part.rfind(' ');
  const std::size_t head_start = space == std::string_view::npos ? 0 : space + 1;
  return std::string(phrase.substr(0, head_start)) + plural_word(head_part.substr(head_start)) +
         std::string(phrase.substr(head_part.size()));
}

std::string counted(int n, std::string_view noun_phrase) {
  return n == 1 ? std::string(noun_phrase) : std::to_string(n) + " " + plural_of(noun_phrase);
}

}  // namespace dw::content
