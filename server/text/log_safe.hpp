#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace dw::text {

/// Longest piece of client text a log line carries; the rest is counted, not copied.
inline constexpr std::size_t log_safe_max_bytes = 200;

/// `text` as it may appear in a log line: printable UTF-8 is kept; a control character (C0, DEL, C1),
/// an invisible formatting character (bidi controls, zero-width) or a byte that is not valid UTF-8 is
/// written as an escape (\n, \r, \t, \e, \\, \xNN, \u{XXXX}); a backslash is doubled so escapes cannot
/// be forged either. Text past log_safe_max_bytes is cut and "...(+N bytes)" says how much. Pure.
std::string log_safe(std::string_view text);

}  // namespace dw::text

namespace dw {
using text::log_safe;
}
