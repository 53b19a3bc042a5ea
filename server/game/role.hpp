#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace dw::game {

/// An account's powers, in order of power (player < builder < admin); the store keeps these values.
enum class role : std::uint8_t { player = 0, builder = 1, admin = 2 };

/// "player", "builder" or "admin".
inline std::string_view role_name(role r) {
  switch (r) {
    case role::player:
      return "player";
    case role::builder:
      return "builder";
    case role::admin:
      return "admin";
  }
  return "player";
}

/// The role named `name` (exact lower-case names as produced by role_name), or nullopt.
inline std::optional<role> parse_role(std::string_view name) {
  if (name == "player") {
    return role::player;
  }
  if (name == "builder") {
    return role::builder;
  }
  if (name == "admin") {
    return role::admin;
  }
  return std::nullopt;
}

}  // namespace dw::game
