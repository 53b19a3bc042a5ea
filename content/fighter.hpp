#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dw::content {

/// A character taking part in a fight, as the server describes it for one round.
struct fighter {
  std::uint64_t id = 0;
  int hp = 0;  ///< at 0 the fighter is out (the server moves them to the surface)
  int max_hp = 0;
  std::optional<std::string> weapon_key;  ///< bare hands when empty
  std::optional<std::string> armour_key;  ///< no reduction when empty

  bool operator==(const fighter&) const = default;
};

}  // namespace dw::content
