#include "server/game/roster/names.hpp"

#include <array>

namespace dw::game {
namespace {

constexpr std::array<std::string_view, 28> reserved{
    "admin", "administrator", "all",    "anyone",  "builder", "connect", "create", "deepwell", "everyone", "god",
    "guest", "help",          "here",   "look",    "me",      "new",     "nobody", "none",     "player",   "quit",
    "root",  "self",          "server", "someone", "sysop",   "system",  "wizard", "who"};

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

bool is_name_shaped(std::string_view text) {
  if (text.size() < min_name_length || text.size() > max_name_length) {
    return false;
  }
  for (char c : text) {
    if (!is_ascii_letter(c)) {
      return false;
    }
  }
  return true;
}

std::string lower_name(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

std::string canonical_name(std::string_view name) {
  std::string out = lower_name(name);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') {
    out[0] = static_cast<char>(out[0] - 'a' + 'A');
  }
  return out;
}

std::optional<std::string> check_name(std::string_view name) {
  if (name.size() < min_name_length || name.size() > max_name_length) {
    return "A name has 3 to 20 letters.";
  }
  if (!is_name_shaped(name)) {
    return "A name has only letters (A to Z), no spaces, digits or punctuation.";
  }
  const std::string lower = lower_name(name);
  for (std::string_view word : reserved) {
    if (lower == word) {
      return '\'' + std::string(name) + "' is reserved; choose another name.";
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_password(std::string_view password) {
  if (password.size() < 8) {
    return "A password has at least 8 characters.";
  }
  if (password.size() > 256) {
    return "A password has at most 256 characters.";
  }
  return std::nullopt;
}

}  // namespace dw::game
