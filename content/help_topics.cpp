#include "content/help_topics.hpp"

#include <algorithm>

namespace dw::content {
namespace {

bool same_word(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
           return lower(x) == lower(y);
         });
}

std::string_view trim_end(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace

const help_topic* help_topics::find(std::string_view word) const {
  for (const help_topic& t : topics) {
    if (same_word(t.name, word) ||
        std::any_of(t.keywords.begin(), t.keywords.end(), [word](const std::string& k) { return same_word(k, word); })) {
      return &t;
    }
  }
  return nullptr;
}

std::string help_text_layout(std::string_view written) {
  std::string out;
  bool in_paragraph = false;  // the last line out is a paragraph that the next line may join
  bool in_item = false;       // ... and it is a list item, which indented lines continue too
  bool blank_owed = false;    // a blank line came after some text: shown before the next text
  while (!written.empty()) {
    const std::size_t nl = written.find('\n');
    const std::string_view line = trim_end(written.substr(0, nl));
    written = nl == std::string_view::npos ? std::string_view{} : written.substr(nl + 1);
    if (line.find_first_not_of(' ') == std::string_view::npos) {
      blank_owed = !out.empty();  // (blank lines before any text, or several in a row, show as at most one)
      in_paragraph = in_item = false;
      continue;
    }
    const bool item = line.starts_with("- ");
    const bool verbatim = line.front() == ' ' && !in_item;
    if (in_paragraph && !verbatim && !item) {
      out.back() = ' ';  // the paragraph's new line becomes a space
      out += line.substr(line.find_first_not_of(' '));
      out += '\n';
      continue;
    }
    if (blank_owed) {
      out += '\n';
      blank_owed = false;
    }
    out += line;
    out += '\n';
    in_paragraph = !verbatim;
    in_item = item;
  }
  return out;
}

}  // namespace dw::content
