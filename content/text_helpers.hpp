#pragma once

// Small English helpers shared by the describers.

#include <string>
#include <string_view>

namespace dw::content {

/// "an ornate tube", "a plain tube": the article chosen by the first letter.
std::string with_article(std::string_view noun_phrase);

/// The phrase with its first letter upper-case.
std::string capitalise(std::string_view phrase);

/// "three" for 3 up to twelve, digits beyond.
std::string count_word(int n);

/// A share (0..1) as words, the nearest of the fractions people say: "a third", "half", "three quarters";
/// "hardly any" and "nearly all" near the ends, "none" and "all" at them. Never a percentage.
std::string share_words(double share);

}  // namespace dw::content
