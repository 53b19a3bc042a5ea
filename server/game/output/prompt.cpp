#include "server/game/output/prompt.hpp"

// Checking and expanding the prompt formats players set (prompt.hpp).

namespace dw::game {

std::optional<std::string> check_prompt_format(std::string_view format) {
  if (format.empty()) {
    return "A prompt cannot be empty (type 'prompt default' for the usual one).";
  }
  if (format.size() > max_prompt_length) {
    return "That prompt is too long: at most " + std::to_string(max_prompt_length) + " characters.";
  }
  for (std::size_t i = 0; i < format.size(); ++i) {
    const auto c = static_cast<unsigned char>(format[i]);
    if (c < 0x20U || c == 0x7FU) {
      return std::string("A prompt cannot hold control characters.");
    }
    if (format[i] != '%') {
      continue;
    }
    if (i + 1 == format.size()) {
      return std::string("A prompt cannot end with a lone %; write %% for a percent sign.");
    }
    const char t = format[++i];
    if (std::string_view("hHdxlen%").find(t) == std::string_view::npos) {
      return std::string("%") + t +
             " is not a prompt token. Tokens: %h hp, %H max hp, %d depth, %x exits, %l level, %e experience, %n new "
             "line, %% a percent sign.";
    }
  }
  return std::nullopt;
}

void expand_prompt(std::string_view format, const character& ch, prompt_facts* facts, std::string& out) {
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out += format[i];
      continue;
    }
    switch (format[++i]) {
      case 'h':
        out += std::to_string(ch.hp);
        break;
      case 'H':
        out += std::to_string(ch.max_hp);
        break;
      case 'd':
        out += std::to_string(facts != nullptr ? facts->depth(ch) : 0);
        break;
      case 'x':
        if (facts != nullptr) {
          facts->exits(ch, out);
        }
        break;
      case 'l':
        out += std::to_string(facts != nullptr ? facts->level(ch) : 1);
        break;
      case 'e':
        out += std::to_string(facts != nullptr ? facts->experience(ch) : 0);
        break;
      case 'n':
        out += '\n';
        break;
      case '%':
        out += '%';
        break;
      default:
        out += '%';
        out += format[i];
        break;
    }
  }
}

}  // namespace dw::game
