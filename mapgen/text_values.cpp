#include "mapgen/text_values.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace dw::mapgen::detail {

namespace {

// All of `text` as one whole number, nothing before or after.
bool whole_of(std::string_view text, int& out) noexcept {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return !text.empty() && ec == std::errc{} && ptr == end;
}

}  // namespace

std::string_view trim(std::string_view text) noexcept {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

std::string quote(std::string_view text) {
  constexpr std::size_t longest = 60;  // a message quotes a part, not a whole hostile line
  std::string out = "\"";
  for (char c : text.substr(0, longest)) {
    out += (static_cast<unsigned char>(c) < 0x20) ? '?' : c;
  }
  if (text.size() > longest) {
    out += "...";
  }
  return out + "\"";
}

bool valid_name(std::string_view name) noexcept {
  auto start = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  auto rest = [&](char c) { return start(c) || (c >= '0' && c <= '9') || c == '-'; };
  return !name.empty() && name.size() <= 64 && start(name.front()) && std::all_of(name.begin(), name.end(), rest);
}

std::optional<int> read_whole(std::string_view text) noexcept {
  int value = 0;
  if (!whole_of(trim(text), value)) {
    return std::nullopt;
  }
  return value;
}

std::optional<double> read_real(std::string_view text) noexcept {
  const std::string_view t = trim(text);
  double value = 0;
  const char* end = t.data() + t.size();
  const auto [ptr, ec] = std::from_chars(t.data(), end, value);
  if (t.empty() || ec != std::errc{} || ptr != end || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::pair<int, int>> read_size(std::string_view text) noexcept {
  const std::string_view t = trim(text);
  const std::size_t x = t.find('x');
  int w = 0;
  int h = 0;
  if (x == std::string_view::npos || !whole_of(t.substr(0, x), w) || !whole_of(t.substr(x + 1), h)) {
    return std::nullopt;
  }
  return std::pair{w, h};
}

std::string shown(double value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return ec == std::errc{} ? std::string(buffer, end) : std::string("?");
}

std::string joined(std::span<const std::string_view> words) {
  std::string list;
  for (std::string_view word : words) {
    list += list.empty() ? "" : ", ";
    list += word;
  }
  return list;
}

}  // namespace dw::mapgen::detail
