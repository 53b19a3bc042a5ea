#pragma once

#include <cstdint>
#include <string>

namespace dw::content {

/// Why a content directory failed to load: the file, the key inside it ("monsters[2].damage"),
/// the line when known (1-based; 0 = unknown) and the reason.
struct content_error {
  std::string file;
  std::string key;
  std::string reason;
  std::uint32_t line = 0;

  /// "content/monsters.toml:14: monsters[2].damage: must be > 0" (line and key only when known).
  std::string to_string() const;

  bool operator==(const content_error&) const = default;
};

}  // namespace dw::content
