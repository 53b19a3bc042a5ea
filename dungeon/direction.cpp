#include "dungeon/direction.hpp"

namespace dw::dungeon {
namespace {

constexpr char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equals_ignoring_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != b[i]) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<direction> parse_direction(std::string_view text) noexcept {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  for (direction d : all_directions) {
    const std::string_view full = name(d);
    if (equals_ignoring_case(text, full) || equals_ignoring_case(text, full.substr(0, 1))) {
      return d;
    }
  }
  return std::nullopt;
}

}  // namespace dw::dungeon
