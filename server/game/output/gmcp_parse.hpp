#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dw::game {

/// What a client's GMCP messages carry, read without trusting them. Pure (Boost.JSON only).

/// Most modules one connection may list in Core.Supports; longer names are cut to this many bytes.
inline constexpr std::size_t max_gmcp_supports = 64;
inline constexpr std::size_t max_gmcp_field_bytes = 64;

struct gmcp_hello {
  std::string client;   ///< at most max_gmcp_field_bytes
  std::string version;  ///< at most max_gmcp_field_bytes
};

/// Reads `Core.Hello {"client": ..., "version": ...}`; nullopt when the JSON does not parse. Missing or
/// non-string fields are empty.
std::optional<gmcp_hello> parse_core_hello(std::string_view json);

/// Applies Core.Supports.Set (replace), .Add or .Remove (`["Room 1", "Char 1"]`) to `supports`, which
/// holds module names without versions and never grows past max_gmcp_supports. False when the JSON does
/// not parse (nothing changes); entries that are not strings are skipped.
bool apply_gmcp_supports(std::vector<std::string>& supports, std::string_view package, std::string_view json);

/// True for the three Core.Supports packages (case-insensitive).
bool is_gmcp_supports_package(std::string_view package);

/// Whether a message of `package` ("Char.Items.Add") may be sent to a client whose Core.Supports list is
/// `supports`: Core.* always; otherwise when a listed module is the package itself or one of its
/// ancestors ("Char" enables Char.Vitals and Char.Items.List, "Char.Items" only Char.Items.*).
/// Case-insensitive, as GMCP names are.
bool gmcp_enabled(const std::vector<std::string>& supports, std::string_view package);

}  // namespace dw::game
