#include "server/game/places/crowd_text.hpp"

namespace dw::game {

std::string count_text(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  out.reserve(digits.size() + digits.size() / 3);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) {
      out += ',';
    }
    out += digits[i];
  }
  return out;
}

std::string others_text(std::size_t n) { return count_text(n) + (n == 1 ? " other" : " others"); }

std::string name_list(std::span<const std::string> names, std::size_t more, bool and_before_last) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) {
      const bool last = i + 1 == names.size() && more == 0;
      out += last && and_before_last ? " and " : ", ";
    }
    out += names[i];
  }
  if (more > 0) {
    out += names.empty() ? "" : " and ";
    out += others_text(more);
  }
  return out;
}

}  // namespace dw::game
