#include "server/game/commands/arguments.hpp"

#include "server/text/ascii.hpp"
#include "server/text/player_text.hpp"

namespace dw::game::arguments {

std::optional<std::string> raw(std::string_view raw, command_args& out) {
  out.raw = text::trim(raw);
  return std::nullopt;
}

std::optional<std::string> words(std::string_view raw, command_args& out) {
  out.raw = text::trim(raw);
  std::string_view rest = out.raw;
  while (!rest.empty()) {
    const std::size_t end = rest.find_first_of(" \t");
    out.words.push_back(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : text::trim(rest.substr(end));
  }
  return std::nullopt;
}

parser required(std::string usage) {
  return [usage = std::move(usage)](std::string_view raw, command_args& out) -> std::optional<std::string> {
    words(raw, out);
    if (out.raw.empty()) {
      return usage;
    }
    return std::nullopt;
  };
}

parser object(std::string missing) {
  return [missing = std::move(missing)](std::string_view raw, command_args& out) -> std::optional<std::string> {
    words(raw, out);
    if (out.raw.empty()) {
      return missing;
    }
    out.object = parse_object_query(out.raw);
    return std::nullopt;
  };
}

parser speech(std::string missing) {
  return [missing = std::move(missing)](std::string_view raw, command_args& out) -> std::optional<std::string> {
    out.raw = text::trim(raw);
    out.text = text::player_text(out.raw);
    if (out.text.empty()) {
      return missing;
    }
    return std::nullopt;
  };
}

parser addressed_speech(std::string usage) {
  return [usage = std::move(usage)](std::string_view raw, command_args& out) -> std::optional<std::string> {
    out.raw = text::trim(raw);
    const std::size_t end = out.raw.find_first_of(" \t");
    if (out.raw.empty() || end == std::string_view::npos) {
      return usage;
    }
    out.words.push_back(out.raw.substr(0, end));
    out.text = text::player_text(text::trim(out.raw.substr(end)));
    if (out.text.empty()) {
      return usage;
    }
    return std::nullopt;
  };
}

}  // namespace dw::game::arguments
