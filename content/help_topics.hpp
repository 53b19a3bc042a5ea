#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace dw::content {

/// help.toml [[topics]]: one help topic, shown by `help <name>` beside the commands' own help.
struct help_topic {
  std::string name;                   ///< the word that finds it: 1..24 of a-z and 0-9
  std::string title;                  ///< one line, shown in the list and above the text
  std::vector<std::string> keywords;  ///< other words that find it (same shape as the name)
  std::string text;                   ///< laid out (help_text_layout), ending with a new line

  bool operator==(const help_topic&) const = default;
};

/// help.toml: the topics in the order the file gives them (the order `help` lists them in).
struct help_topics {
  std::vector<help_topic> topics;

  /// The topic whose name or one of whose keywords is `word` (ASCII case ignored), or nullptr.
  const help_topic* find(std::string_view word) const;

  bool operator==(const help_topics&) const = default;
};

/// Most bytes a topic's text may hold once laid out.
inline constexpr std::size_t max_help_text_bytes = 16 * 1024;

/// Lays out a topic's text as written in help.toml: lines are joined into paragraphs (the server wraps
/// them to each reader's window); a blank line ends a paragraph and shows as one blank line; a line that
/// starts with "- " starts a new line (a list item, joined with the lines after it, indented or not); any
/// other line that starts with a space is kept exactly as written (a table, a drawing). Trailing blanks
/// go; the result ends with a new line (empty for a text with no words). Pure.
std::string help_text_layout(std::string_view written);

}  // namespace dw::content
