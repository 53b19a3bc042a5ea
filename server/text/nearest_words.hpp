#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

// Which known words a mistyped word is near ("lok" -> "look"): the dispatcher's "Did you mean 'look'?" for an
// unknown command and help's for a word that finds no command or topic. Pure.
namespace dw::text {

/// Edits that turn `a` into `b`: a letter put in, taken out or changed, or two neighbours swapped, each
/// counting one ("hlep" is one from "help"). ASCII case is ignored. Words longer than 64 bytes are
/// `max(a.size(), b.size())` from anything, so a long line costs no table.
std::size_t edit_distance(std::string_view a, std::string_view b);

/// A word a mistyped one may be near (`word`: a name, an alias, a keyword), and what to offer when it is
/// (`shown`: the command or topic it names).
struct spelling {
  std::string_view word;
  std::string_view shown;
};

/// What the candidates nearest to `word` show (in the order given, each once), when near enough to be a slip
/// of the fingers: one edit in a word of up to three letters, two up to seven, three beyond, and never as many
/// edits as the longer word has letters. At most `limit` of them; none when `word` is empty or too long to be
/// any word of the game, or when the nearest is too far.
std::vector<std::string> nearest_words(std::string_view word, const std::vector<spelling>& candidates,
                                       std::size_t limit = 3);

/// The same, each candidate offered as itself.
std::vector<std::string> nearest_words(std::string_view word, const std::vector<std::string>& candidates,
                                       std::size_t limit = 3);

}  // namespace dw::text
