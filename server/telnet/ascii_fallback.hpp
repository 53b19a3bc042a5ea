#pragma once

#include <string>
#include <string_view>

namespace dw::telnet {

/// Appends `text` (UTF-8) with every non-ASCII character replaced by an ASCII stand-in, for clients that
/// cannot show UTF-8 (see codec::encode_text_for_client for who they are): dashes and minus become "-",
/// curly quotes straight ones, "…" "...", box drawing "+", "-" or "|", arrows "<-" "->" "^" "v",
/// Latin-1 letters their base letter ("é" -> "e"), a no-break space a space, and anything else "?"
/// (one "?" per character; a malformed sequence is one "?" per byte). ASCII passes unchanged.
void append_ascii_fallback(std::string_view text, std::string& out);

}  // namespace dw::telnet
