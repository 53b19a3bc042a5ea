#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

// Which known words a mistyped word is near ("lok" -> "look"). Pure.
namespace dw::text {

/// Edits that turn `a` into `b`: a letter put in, taken out or changed, or two neighbours swapped, each
/// counting one ("hlep" is one from "help"). ASCII case is ignored. Words longer than 64 bytes are
/// `max(a.size(), b.size())` from anything, so a long line costs no table.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidates nearest to `word` (in the order given, each once), when near enough to be a slip of
/// the fingers: at most one edit for words of up to five letters, two up to nine, three beyond. At most
/// `limit` of them; none when `word` is empty or when the nearest is too far.
std::vector<std::string> nearest_words(std::string_view word, const std::vector<std::string>& candidates,
                                       std::size_t limit = 3);

}  // namespace dw::text
