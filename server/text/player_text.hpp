#pragma once

#include <string>
#include <string_view>

namespace dw::text {

/// Combining marks kept on one letter: enough for any script's accents and signs, too few to draw over
/// the lines around it.
inline constexpr int max_marks_per_letter = 3;

/// What one player may show another: `text` without bidi controls, zero-width, invisible and other
/// formatting characters (utf8_scan.hpp's is_invisible_format), control characters (C0, DEL, C1) or bytes
/// that are not valid UTF-8, and with at most max_marks_per_letter combining marks on each letter. Tabs
/// become spaces. Everything visible is kept as typed. Pure.
std::string player_text(std::string_view text);

}  // namespace dw::text
