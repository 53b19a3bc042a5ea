#include "mapgen/step.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace dw::mapgen {
namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) {
    return {};
  }
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

bool parse_int(std::string_view text, int& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc{} && ptr == end && !text.empty();
}

}  // namespace

const std::string* param_reader::find(std::string_view key) const {
  for (const auto& [name, value] : params_) {
    if (name == key) {
      return &value;
    }
  }
  return nullptr;
}

int param_reader::integer(std::string_view key, int fallback, int lo, int hi) const {
  const std::string* raw = find(key);
  if (raw == nullptr) {
    return fallback;
  }
  int value = 0;
  if (!parse_int(trimmed(*raw), value) || value < lo || value > hi) {
    throw param_error(std::string(key), "must be a whole number from " + std::to_string(lo) + " to " +
                                            std::to_string(hi) + ", not \"" + *raw + "\"");
  }
  return value;
}

double param_reader::real(std::string_view key, double fallback, double lo, double hi) const {
  const std::string* raw = find(key);
  if (raw == nullptr) {
    return fallback;
  }
  const std::string text = trimmed(*raw);
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || !std::isfinite(value) || value < lo || value > hi) {
    auto number = [](double v) {
      std::string s = std::to_string(v);
      s.erase(s.find_last_not_of('0') + 1);
      if (!s.empty() && s.back() == '.') {
        s.pop_back();
      }
      return s;
    };
    throw param_error(std::string(key),
                      "must be a number from " + number(lo) + " to " + number(hi) + ", not \"" + *raw + "\"");
  }
  return value;
}

entity_id param_reader::entity(std::string_view key, std::string_view fallback) const {
  const std::string* raw = find(key);
  const std::string name = raw == nullptr ? std::string(fallback) : trimmed(*raw);
  const auto it = std::find(entities_.begin(), entities_.end(), name);
  if (it == entities_.end()) {
    throw param_error(std::string(key), "\"" + name + "\" is not one of the script's entities");
  }
  return static_cast<entity_id>(it - entities_.begin());
}

std::pair<int, int> param_reader::size(std::string_view key, std::pair<int, int> fallback, int lo, int hi) const {
  const std::string* raw = find(key);
  if (raw == nullptr) {
    return fallback;
  }
  const std::string text = trimmed(*raw);
  const auto x = text.find('x');
  int w = 0;
  int h = 0;
  if (x == std::string::npos || !parse_int(std::string_view(text).substr(0, x), w) ||
      !parse_int(std::string_view(text).substr(x + 1), h) || w < lo || w > hi || h < lo || h > hi) {
    throw param_error(std::string(key), "must be a size WxH with each side from " + std::to_string(lo) + " to " +
                                            std::to_string(hi) + ", not \"" + *raw + "\"");
  }
  return {w, h};
}

void param_reader::only(std::initializer_list<std::string_view> known) const {
  for (const auto& [name, value] : params_) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string list;
      for (std::string_view k : known) {
        list += list.empty() ? "" : ", ";
        list += k;
      }
      throw param_error(name, "is not a parameter of this step (it takes " + (list.empty() ? std::string("none") : list) + ")");
    }
  }
}

}  // namespace dw::mapgen
