#pragma once

#include <string>
#include <string_view>

namespace dw::text {

/// What one player may show another: `text` without bidi controls, zero-width and other invisible
/// formatting characters, control characters (C0, DEL, C1) or bytes that are not valid UTF-8. Tabs
/// become spaces. Everything visible is kept as typed. Pure.
std::string player_text(std::string_view text);

}  // namespace dw::text
