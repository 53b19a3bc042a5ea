#include "server/store/records.hpp"

namespace dw::store {

std::string_view to_string(role r) {
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

std::optional<role> parse_role(std::string_view name) {
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

}  // namespace dw::store
