#include "bench/load/script.hpp"

#include <fstream>
#include <stdexcept>

namespace dw::load {

namespace {
bool starts_with_word(const std::string& line, const std::string& word, std::string& rest) {
  if (line == word) {
    rest.clear();
    return true;
  }
  if (line.rfind(word + " ", 0) == 0) {
    rest = line.substr(word.size() + 1);
    return true;
  }
  return false;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
}
}  // namespace

script read_script(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) {
    throw std::runtime_error("cannot read script " + file.string());
  }
  script s;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') {
      continue;
    }
    line.erase(0, first);
    std::string rest;
    if (starts_with_word(line, "expect", rest)) {
      if (rest.empty()) {
        throw std::runtime_error(file.string() + ":" + std::to_string(number) + ": expect needs a text");
      }
      s.steps.push_back({script_step::kind::expect, rest});
    } else if (starts_with_word(line, "send", rest)) {
      s.steps.push_back({script_step::kind::send, rest});
    } else if (starts_with_word(line, "marker", rest)) {
      s.steps.push_back({script_step::kind::marker, rest});
    } else if (starts_with_word(line, "on", rest)) {
      const std::size_t arrow = rest.find(" => ");
      if (arrow == std::string::npos || arrow == 0) {
        throw std::runtime_error(file.string() + ":" + std::to_string(number) + ": write on <text> => <line>");
      }
      s.rules.push_back({rest.substr(0, arrow), rest.substr(arrow + 4)});
    } else {
      throw std::runtime_error(file.string() + ":" + std::to_string(number) +
                               ": a line is expect, send, on or marker, not: " + line);
    }
  }
  if (s.steps.empty() || s.steps.back().what != script_step::kind::marker) {
    throw std::runtime_error(file.string() + ": the last step must be a marker");
  }
  return s;
}

std::string fill(std::string text, const std::string& name, const std::string& password, int n,
                 const std::string& login) {
  replace_all(text, "{name}", name);
  replace_all(text, "{password}", password);
  replace_all(text, "{n}", std::to_string(n));
  replace_all(text, "{login}", login);
  return text;
}

std::string client_name(const std::string& prefix, int n, int clients) {
  int width = 3;
  for (long long room = 26 * 26 * 26; room < clients; room *= 26) {
    ++width;
  }
  std::string letters(static_cast<std::size_t>(width), 'a');
  for (int i = width - 1; i >= 0 && n > 0; --i) {
    letters[static_cast<std::size_t>(i)] = static_cast<char>('a' + n % 26);
    n /= 26;
  }
  return prefix + letters;
}

}  // namespace dw::load
