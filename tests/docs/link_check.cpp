#include "link_check.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "tests/docs/markdown_lines.hpp"

namespace dw::docs {
namespace fs = std::filesystem;

namespace {

// Removes code spans (`...`, ``...``) so that brackets inside them are not read as links.
std::string without_code_spans(const std::string& line) {
  std::string out;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] != '`') {
      out += line[i++];
      continue;
    }
    std::size_t run = 0;
    while (i + run < line.size() && line[i + run] == '`') ++run;
    const std::string ticks(run, '`');
    const auto close = line.find(ticks, i + run);
    if (close == std::string::npos) {  // an unmatched run is literal text
      out += ticks;
      i += run;
      continue;
    }
    out += ' ';
    i = close + run;
  }
  return out;
}

// Decodes one UTF-8 code point at `i` (advancing it); a malformed byte reads as itself.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const std::size_t extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
  if (extra == 0 || i + extra >= s.size()) {
    ++i;
    return b;
  }
  char32_t cp = extra == 1 ? (b & 0x1F) : extra == 2 ? (b & 0x0F) : (b & 0x07);
  for (std::size_t k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += extra + 1;
  return cp;
}

// Non-ASCII punctuation and symbols GitHub drops from anchors (dashes, quotes, ellipsis, arrows,
// box drawing, emoji, ...). Letters and digits of any script are kept.
bool dropped_non_ascii(char32_t cp) {
  return (cp >= 0xA1 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x206F) ||
         (cp >= 0x20A0 && cp <= 0x20CF) || (cp >= 0x2100 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F) ||
         (cp >= 0xFE30 && cp <= 0xFE4F) || cp >= 0x1F000;
}

bool is_heading_rule(const std::string& line, char c) {
  const auto first = line.find_first_not_of(' ');
  if (first == std::string::npos || first > 3 || line[first] != c) return false;
  const auto last = line.find_last_not_of(" \t");
  return line.find_first_not_of(c, first) > last;
}

std::string percent_decoded(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

std::string problem::text() const { return file + ":" + std::to_string(line) + ": " + message; }

std::string slug(std::string_view heading) {
  // What GitHub slugs is the rendered text: a link shows its text, an image its alt text.
  static const std::regex link_re(R"re(!?\[([^\]]*)\]\([^)]*\))re");
  const std::string text = std::regex_replace(std::string(heading), link_re, "$1");
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      if (std::isalnum(c) || c == '-' || c == '_') {
        out += static_cast<char>(std::tolower(c));
      } else if (c == ' ') {
        out += '-';
      }
      continue;
    }
    const std::size_t start = i;
    const char32_t cp = next_code_point(text, i);
    if (!dropped_non_ascii(cp)) out.append(text.substr(start, i - start));
  }
  return out;
}

std::vector<std::string> anchors(std::string_view markdown) {
  static const std::regex atx_re(R"re(^ {0,3}#{1,6}(?:[ \t]+(.*?))?[ \t]*$)re");
  static const std::regex closing_re(R"re([ \t]+#+$)re");
  static const std::regex html_anchor_re(R"re(<a\s[^>]*(?:id|name)\s*=\s*"([^"]+)")re");
  std::vector<std::string> out;
  std::map<std::string, int> seen;
  auto add = [&](const std::string& base) {
    const int n = seen[base]++;
    out.push_back(n == 0 ? base : base + "-" + std::to_string(n));
  };
  fence_tracker fences;
  const auto lines = split_lines(markdown);
  std::string previous;  // the last plain text line, for setext headings
  for (const auto& line : lines) {
    if (fences.in_code(line)) {
      previous.clear();
      continue;
    }
    for (std::sregex_iterator it(line.begin(), line.end(), html_anchor_re), end; it != end; ++it) {
      out.push_back((*it)[1].str());
    }
    std::smatch m;
    if (std::regex_match(line, m, atx_re)) {
      add(slug(std::regex_replace(m[1].str(), closing_re, "")));
      previous.clear();
      continue;
    }
    if (!previous.empty() && (is_heading_rule(line, '=') || is_heading_rule(line, '-'))) {
      add(slug(previous.substr(previous.find_first_not_of(' '))));
      previous.clear();
      continue;
    }
    const bool blank = line.find_first_not_of(" \t") == std::string::npos;
    const bool paragraph = !blank && line.find_first_of("|") == std::string::npos &&
                           line.find_first_not_of(' ') < 4 && line[line.find_first_not_of(' ')] != '-';
    previous = paragraph ? line : std::string();
  }
  return out;
}

std::vector<link> links(std::string_view markdown) {
  // [text](target "title"), ![alt](<target>); the text may hold one level of brackets.
  static const std::regex inline_re(R"re(\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\))re");
  static const std::regex reference_re(R"re(^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+))re");
  std::vector<link> out;
  fence_tracker fences;
  const auto lines = split_lines(markdown);
  for (std::size_t n = 0; n < lines.size(); ++n) {
    if (fences.in_code(lines[n])) continue;
    const std::string line = without_code_spans(lines[n]);
    auto add = [&](std::string target) {
      if (target.size() >= 2 && target.front() == '<' && target.back() == '>') target = target.substr(1, target.size() - 2);
      out.push_back({target, static_cast<int>(n + 1)});
    };
    std::smatch m;
    if (std::regex_search(line, m, reference_re)) add(m[1].str());
    for (std::sregex_iterator it(line.begin(), line.end(), inline_re), end; it != end; ++it) add((*it)[1].str());
  }
  return out;
}

std::vector<std::string> markdown_files(const fs::path& root) {
  std::vector<std::string> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    const auto name = it->path().filename().string();
    if (it->is_directory()) {
      if (name.starts_with('.') || name == "node_modules" || fs::exists(it->path() / "CMakeCache.txt")) {
        it.disable_recursion_pending();
      }
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".md") {
      out.push_back(fs::relative(it->path(), root).generic_string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<problem> check(const fs::path& root, const std::vector<std::string>& files) {
  static const std::regex scheme_re(R"re(^[A-Za-z][A-Za-z0-9+.-]*:)re");
  const fs::path base = fs::weakly_canonical(root);
  std::map<fs::path, std::vector<std::string>> anchor_cache;
  auto anchors_of = [&](const fs::path& file) -> const std::vector<std::string>& {
    auto found = anchor_cache.find(file);
    if (found == anchor_cache.end()) found = anchor_cache.emplace(file, anchors(read_file(file))).first;
    return found->second;
  };
  std::vector<problem> out;
  for (const auto& name : files) {
    const fs::path file = base / name;
    for (const auto& l : links(read_file(file))) {
      if (l.target.starts_with("//") || std::regex_search(l.target, scheme_re)) continue;  // not relative
      const auto hash = l.target.find('#');
      const std::string path_part = percent_decoded(l.target.substr(0, hash));
      const std::string anchor = hash == std::string::npos ? "" : percent_decoded(l.target.substr(hash + 1));
      const auto where = [&](std::string message) { out.push_back({name, l.line, l.target + ": " + message}); };
      if (path_part.starts_with('/')) {
        where("a link from the root of the site; write it relative to " + name);
        continue;
      }
      const fs::path target = path_part.empty() ? file : fs::weakly_canonical(file.parent_path() / path_part);
      const auto inside = fs::relative(target, base).generic_string();
      if (inside.starts_with("..")) {
        where("points outside the repository");
        continue;
      }
      if (!fs::exists(target)) {
        where("no such file or folder " + inside);
        continue;
      }
      if (hash == std::string::npos) continue;
      if (fs::is_directory(target) || target.extension() != ".md") {
        where("an anchor into " + inside + ", which is not a Markdown file");
        continue;
      }
      const auto& offered = anchors_of(target);
      if (std::find(offered.begin(), offered.end(), anchor) == offered.end()) {
        where("no heading with the anchor '" + anchor + "' in " + inside);
      }
    }
  }
  return out;
}

}  // namespace dw::docs
