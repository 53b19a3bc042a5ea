#include "server/telnet/json_envelope.hpp"

#include <cstdint>

namespace dw::telnet {
namespace {

constexpr int max_depth = 32;

/// A strict reader of one JSON text, just enough for envelopes: strings are decoded, any other value
/// is skipped (and its text kept when asked).
class json_reader {
 public:
  explicit json_reader(std::string_view text) : text_(text) {}

  bool at_end() {
    skip_space();
    return at_ == text_.size();
  }
  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  bool peek(char c) {
    skip_space();
    return at_ < text_.size() && text_[at_] == c;
  }
  /// A string, decoded to UTF-8.
  bool string(std::string& out) {
    if (!take('"')) {
      return false;
    }
    while (at_ < text_.size()) {
      const char c = text_[at_++];
      if (c == '"') {
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) {
        return false;
      }
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (at_ >= text_.size()) {
        return false;
      }
      const char e = text_[at_++];
      switch (e) {
        case '"': case '\\': case '/': out.push_back(e); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) {
            return false;
          }
          if (cp >= 0xD800 && cp <= 0xDBFF) {  // a surrogate pair makes one code point
            std::uint32_t low = 0;
            if (!(take_raw('\\') && take_raw('u') && hex4(low)) || low < 0xDC00 || low > 0xDFFF) {
              return false;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return false;
          }
          append_utf8(cp, out);
          break;
        }
        default:
          return false;
      }
    }
    return false;
  }
  /// Any value; its text (without surrounding space) in `raw`.
  bool value(std::string_view& raw, int depth = 0) {
    skip_space();
    const std::size_t from = at_;
    if (!skip_value(depth)) {
      return false;
    }
    raw = text_.substr(from, at_ - from);
    return true;
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }
  bool take_raw(char c) {
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  bool hex4(std::uint32_t& out) {
    if (text_.size() - at_ < 4) {
      return false;
    }
    for (int i = 0; i < 4; ++i) {
      const char h = text_[at_++];
      out <<= 4;
      if (h >= '0' && h <= '9') {
        out |= static_cast<std::uint32_t>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        out |= static_cast<std::uint32_t>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        out |= static_cast<std::uint32_t>(h - 'A' + 10);
      } else {
        return false;
      }
    }
    return true;
  }
  static void append_utf8(std::uint32_t cp, std::string& out) {
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }
  bool literal(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) {
      return false;
    }
    at_ += word.size();
    return true;
  }
  bool number() {
    const std::size_t from = at_;
    take_raw('-');
    while (at_ < text_.size() && ((text_[at_] >= '0' && text_[at_] <= '9') || text_[at_] == '.' || text_[at_] == 'e' ||
                                  text_[at_] == 'E' || text_[at_] == '+' || text_[at_] == '-')) {
      ++at_;
    }
    return at_ > from && text_[at_ - 1] >= '0' && text_[at_ - 1] <= '9';
  }
  bool skip_value(int depth) {
    if (depth > max_depth) {
      return false;
    }
    skip_space();
    if (at_ >= text_.size()) {
      return false;
    }
    std::string ignored;
    switch (text_[at_]) {
      case '"':
        return string(ignored);
      case '{':
        ++at_;
        if (take('}')) {
          return true;
        }
        do {
          ignored.clear();
          if (!string(ignored) || !take(':') || !skip_value(depth + 1)) {
            return false;
          }
        } while (take(','));
        return take('}');
      case '[':
        ++at_;
        if (take(']')) {
          return true;
        }
        do {
          if (!skip_value(depth + 1)) {
            return false;
          }
        } while (take(','));
        return take(']');
      case 't':
        return literal("true");
      case 'f':
        return literal("false");
      case 'n':
        return literal("null");
      default:
        return number();
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

void append_json_string(std::string_view text, std::string& out) {
  static constexpr char hex[] = "0123456789abcdef";
  out.push_back('"');
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 0x20 || u == 0x7f) {
          out += "\\u00";
          out.push_back(hex[u >> 4]);
          out.push_back(hex[u & 0xf]);
        } else {
          out.push_back(c);
        }
    }
  }
  out.push_back('"');
}

std::string encode_envelope(std::string_view proto, std::string_view id, std::string_view data) {
  std::string out = "{\"proto\":";
  append_json_string(proto, out);
  if (!id.empty()) {
    out += ",\"id\":";
    append_json_string(id, out);
  }
  out += ",\"data\":";
  append_json_string(data, out);
  out.push_back('}');
  return out;
}

std::optional<json_envelope> decode_envelope(std::string_view text) {
  json_reader in(text);
  json_envelope e;
  bool has_proto = false;
  if (!in.take('{')) {
    return std::nullopt;
  }
  if (!in.take('}')) {
    do {
      std::string key;
      if (!in.string(key) || !in.take(':')) {
        return std::nullopt;
      }
      if (key == "proto" || key == "id") {
        std::string& into = key == "proto" ? e.proto : e.id;
        into.clear();
        if (!in.string(into)) {
          return std::nullopt;
        }
        has_proto = has_proto || key == "proto";
      } else if (key == "data" && in.peek('"')) {
        e.data.clear();
        if (!in.string(e.data)) {
          return std::nullopt;
        }
      } else {
        std::string_view raw;
        if (!in.value(raw, 1)) {
          return std::nullopt;
        }
        if (key == "data") {
          e.data = std::string(raw);
        }
      }
    } while (in.take(','));
    if (!in.take('}')) {
      return std::nullopt;
    }
  }
  if (!in.at_end() || !has_proto) {
    return std::nullopt;
  }
  return e;
}

}  // namespace dw::telnet
