#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dw::telnet {

/// The envelope of json.mudstandards.org: {"proto": "...", "id": "...", "data": "..."}. `data` is a
/// string in the standard; a client may also send a JSON object or array there (mudstandards issue 6),
/// which is kept as its JSON text.
struct json_envelope {
  std::string proto;
  std::string id;
  std::string data;
  bool operator==(const json_envelope&) const = default;
};

/// `text` as a JSON string, quotes included (control characters escaped; `text` must be UTF-8).
void append_json_string(std::string_view text, std::string& out);
/// The envelope as one JSON object.
std::string encode_envelope(std::string_view proto, std::string_view id, std::string_view data);
/// Reads an envelope: a JSON object whose "proto", "id" and "data" members are read and any other member
/// is skipped. Nothing for text that is not one whole JSON object, nests deeper than 32, or has no "proto".
std::optional<json_envelope> decode_envelope(std::string_view text);

}  // namespace dw::telnet
