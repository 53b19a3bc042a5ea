#include "content/behaviour.hpp"

#include <bit>

namespace dw::content {

namespace {

constexpr std::array<std::string_view, behaviour_count> keys{"armoured", "pack",     "regenerates", "wards",
                                                             "venomous", "cowardly", "ambusher",    "frenzied"};

}  // namespace

std::string_view behaviour_key(behaviour b) noexcept { return keys[static_cast<std::size_t>(b)]; }

std::optional<behaviour> behaviour_from_key(std::string_view key) noexcept {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] == key) {
      return static_cast<behaviour>(i);
    }
  }
  return std::nullopt;
}

std::size_t behaviour_set::size() const noexcept { return static_cast<std::size_t>(std::popcount(bits)); }

std::string behaviour_set::text() const {
  std::string out;
  for (std::size_t i = 0; i < behaviour_count; ++i) {
    if (has(static_cast<behaviour>(i))) {
      if (!out.empty()) {
        out += ',';
      }
      out += keys[i];
    }
  }
  return out.empty() ? std::string("-") : out;
}

std::optional<behaviour_set> behaviour_set::parse(std::string_view text) {
  behaviour_set out;
  if (text == "-") {
    return out;
  }
  int last = -1;
  while (true) {
    const auto comma = text.find(',');
    const auto b = behaviour_from_key(text.substr(0, comma));
    // In behaviour order and each once, as text() writes them: anything else did not come from encode.
    if (!b || static_cast<int>(*b) <= last) {
      return std::nullopt;
    }
    last = static_cast<int>(*b);
    out.add(*b);
    if (comma == std::string_view::npos) {
      return out;
    }
    text = text.substr(comma + 1);
  }
}

}  // namespace dw::content
