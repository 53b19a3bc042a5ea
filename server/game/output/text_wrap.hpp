#pragma once

#include <string>
#include <string_view>

namespace dw::game {

/// Word-wraps UTF-8 text to fit a window `width` columns wide (lines of at most width - 1 code points,
/// so terminals without delayed wrap add no blank line), keeping existing line breaks
/// and leaving lines that start with a space (tables, maps) untouched; a line that starts with "- " (a list
/// item) goes on indented by two. Style markup and ANSI escape
/// sequences take no columns. Appends to `out`. A `width` of 0 wraps nothing (the client breaks lines itself).
/// Pure.
void wrap_text(std::string_view text, std::size_t width, std::string& out);

/// Columns `s` takes on screen: one per code point, none for style markup or ANSI escape sequences. Pure.
std::size_t text_columns(std::string_view s);

}  // namespace dw::game
