#include "tests/docs/code_paths.hpp"

#include <fstream>
#include <sstream>

#include "tests/docs/markdown_lines.hpp"

namespace dw::docs {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> segments_of(const std::string& path) {
  std::vector<std::string> out;
  std::string current;
  for (char c : path) {
    if (c == '/') {
      if (!current.empty()) out.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) out.push_back(current);
  return out;
}

// `*` matches any run of characters (no '/', since a segment has none).
bool wildcard_match(std::string_view pattern, std::string_view name) {
  std::size_t p = 0;
  std::size_t n = 0;
  std::size_t star = std::string_view::npos;
  std::size_t resume = 0;
  while (n < name.size()) {
    if (p < pattern.size() && pattern[p] != '*' && pattern[p] == name[n]) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool matches(const fs::path& dir, const std::vector<std::string>& segments, std::size_t i) {
  if (i == segments.size()) return true;
  const std::string& seg = segments[i];
  if (seg.find('*') == std::string::npos) {
    const fs::path next = dir / seg;
    return fs::exists(next) && (i + 1 == segments.size() || fs::is_directory(next)) && matches(next, segments, i + 1);
  }
  if (!fs::is_directory(dir)) return false;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (wildcard_match(seg, entry.path().filename().string()) && matches(entry.path(), segments, i + 1)) return true;
  }
  return false;
}

bool path_chars_only(std::string_view s) {
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '.' || c == '-' || c == '/' || c == '*';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

std::vector<code_span> code_spans(std::string_view markdown) {
  std::vector<code_span> out;
  fence_tracker fences;
  const auto lines = split_lines(markdown);
  for (std::size_t n = 0; n < lines.size(); ++n) {
    if (fences.in_code(lines[n])) continue;
    const std::string& line = lines[n];
    std::size_t i = 0;
    while (i < line.size()) {
      if (line[i] != '`') {
        ++i;
        continue;
      }
      std::size_t run = 0;
      while (i + run < line.size() && line[i + run] == '`') ++run;
      const auto close = line.find(std::string(run, '`'), i + run);
      if (close == std::string::npos) {  // an unmatched run is literal text
        i += run;
        continue;
      }
      std::string text = line.substr(i + run, close - i - run);
      const auto first = text.find_first_not_of(' ');
      const auto last = text.find_last_not_of(' ');
      text = first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
      out.push_back({text, static_cast<int>(n + 1)});
      i = close + run;
    }
  }
  return out;
}

std::string path_in_span(const std::string& span) {
  std::string text = span;
  if (const auto colon = text.rfind(':'); colon != std::string::npos && colon + 1 < text.size() &&
                                          text.find_first_not_of("0123456789", colon + 1) == std::string::npos) {
    text.resize(colon);  // server/app/server.cpp:120
  }
  while (text.starts_with("./")) text.erase(0, 2);
  if (text.empty() || text.find('/') == std::string::npos || text.starts_with('/') || !path_chars_only(text)) {
    return {};
  }
  const auto segments = segments_of(text);
  if (segments.empty()) return {};
  for (const auto& seg : segments) {
    if (seg == "." || seg == "..") return {};
  }
  const std::string& first = segments.front();
  // (build trees and data/, the running server's folder, are made at run time and ignored by git: whether
  // they exist depends on the checkout, not on the docs)
  if (first == "build" || first.starts_with("build-") || first == "data" || first.find('*') != std::string::npos) {
    return {};
  }
  return text;
}

bool path_exists(const fs::path& root, const std::string& path) {
  auto segments = segments_of(path);
  if (matches(root, segments, 0)) return true;
  // A last segment without an extension may name files by their stem: server/app/backup_runner.
  if (!segments.empty() && segments.back().find('.') == std::string::npos) {
    segments.back() += ".*";
    return matches(root, segments, 0);
  }
  return false;
}

std::vector<problem> check_code_paths(const fs::path& root, const std::vector<std::string>& files) {
  std::vector<problem> out;
  for (const auto& name : files) {
    const std::string folder = fs::path(name).parent_path().generic_string();
    for (const auto& span : code_spans(read_file(root / name))) {
      const std::string path = path_in_span(span.text);
      if (path.empty()) continue;
      const std::string first = segments_of(path).front();
      const bool from_root = fs::is_directory(root / first);
      const bool from_folder = !folder.empty() && fs::is_directory(root / folder / first);
      if (!from_root && !from_folder) continue;  // not a path of this repository (on/off, Char.Items/List)
      if ((from_root && path_exists(root, path)) || (from_folder && path_exists(root, folder + "/" + path))) continue;
      out.push_back(
          {name, span.line, "`" + span.text + "`: no such file or folder " + (from_root ? path : folder + "/" + path)});
    }
  }
  return out;
}

}  // namespace dw::docs
