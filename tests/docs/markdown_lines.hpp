#pragma once
// What both documentation checks need to read Markdown: its lines, and whether a line is inside a fenced
// code block. Header-only and pure.

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace dw::docs {

/// The lines of a text, without their '\n' (or "\r\n").
inline std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::string current;
  for (char c : text) {
    if (c == '\n') {
      if (!current.empty() && current.back() == '\r') current.pop_back();
      lines.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) lines.push_back(current);
  return lines;
}

/// Fed the lines in order: a fence opens with three or more backticks or tildes (indented at most three
/// spaces) and closes with a line of the same character at least as long.
struct fence_tracker {
  char fence_char = 0;
  std::size_t fence_len = 0;

  /// True when `line` is inside a fenced block or is one of its fences.
  bool in_code(const std::string& line) {
    std::size_t indent = 0;
    while (indent < line.size() && indent < 4 && line[indent] == ' ') ++indent;
    std::size_t run = 0;
    if (indent < 4 && indent < line.size() && (line[indent] == '`' || line[indent] == '~')) {
      const char c = line[indent];
      while (indent + run < line.size() && line[indent + run] == c) ++run;
      if (run >= 3) {
        if (fence_char == 0) {
          fence_char = c;
          fence_len = run;
          return true;
        }
        if (c == fence_char && run >= fence_len && line.find_first_not_of(" \t", indent + run) == std::string::npos) {
          fence_char = 0;
          return true;
        }
      }
    }
    return fence_char != 0;
  }
};

/// A Markdown file's whole text.
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace dw::docs
