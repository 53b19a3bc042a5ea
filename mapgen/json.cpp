#include "mapgen/json.hpp"

#include <charconv>
#include <cmath>
#include <set>
#include <utility>

namespace dw::mapgen::json {

// Recursive descent over the bytes, counting lines and columns as it goes. Nesting is bounded by
// max_depth, so the recursion is too.
class parser {
 public:
  explicit parser(std::string_view text) : text_(text) {}

  document run() {
    document doc;
    nodes_ = &doc.nodes_;
    if (text_.size() > max_size) {
      fail("the script is larger than " + std::to_string(max_size) + " bytes");
    }
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") {
      pos_ = 3;
    }
    skip_blanks();
    if (pos_ >= text_.size()) {
      fail("the script is empty");
    }
    parse_value(0, 0, 0, {});
    skip_blanks();
    if (pos_ < text_.size()) {
      fail("unexpected " + shown() + " after the end of the script");
    }
    doc.adopt();
    return doc;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw parse_error(line_, column_, message); }
  [[noreturn]] void fail_at(int line, int column, const std::string& message) const {
    throw parse_error(line, column, message);
  }

  // The character at pos_ for a message: 'x', "end of text", or a byte in hex.
  std::string shown() const {
    if (pos_ >= text_.size()) {
      return "end of text";
    }
    const auto c = static_cast<unsigned char>(text_[pos_]);
    if (c >= 0x20 && c < 0x7F) {
      return std::string("'") + static_cast<char>(c) + "'";
    }
    static constexpr char hex[] = "0123456789ABCDEF";
    return std::string("byte 0x") + hex[c >> 4U] + hex[c & 15U];
  }

  void advance() {
    const auto c = static_cast<unsigned char>(text_[pos_]);
    ++pos_;
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((c & 0xC0U) != 0x80U) {  // UTF-8 continuation bytes do not start a character
      ++column_;
    }
  }

  void skip_blanks() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      advance();
    }
  }

  bool at(char c) const { return pos_ < text_.size() && text_[pos_] == c; }

  void expect(char c, const char* what) {
    if (!at(c)) {
      fail(std::string("expected ") + what + ", found " + shown());
    }
    advance();
  }

  std::uint32_t add_node(std::uint32_t parent, std::uint32_t index, std::string key) {
    const auto id = static_cast<std::uint32_t>(nodes_->size());
    value& v = nodes_->emplace_back();
    v.parent_ = nodes_->size() == 1 ? id : parent;
    v.index_in_parent_ = index;
    v.line_ = line_;
    v.column_ = column_;
    v.key_ = std::move(key);
    return id;
  }

  void parse_value(int depth, std::uint32_t parent, std::uint32_t index, std::string key) {
    const std::uint32_t id = add_node(parent, index, std::move(key));
    if (pos_ >= text_.size()) {
      fail("expected a value, found end of text");
    }
    const char c = text_[pos_];
    if (c == '{' || c == '[') {
      if (depth >= max_depth) {
        fail("nesting deeper than " + std::to_string(max_depth) + " levels");
      }
      if (c == '{') {
        parse_object(depth + 1, id);
      } else {
        parse_array(depth + 1, id);
      }
    } else if (c == '"') {
      (*nodes_)[id].kind_ = kind::string;
      std::string s = parse_string();
      (*nodes_)[id].text_ = std::move(s);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      parse_number(id);
    } else if (literal("true")) {
      (*nodes_)[id].kind_ = kind::boolean;
      (*nodes_)[id].boolean_ = true;
    } else if (literal("false")) {
      (*nodes_)[id].kind_ = kind::boolean;
    } else if (literal("null")) {
      (*nodes_)[id].kind_ = kind::null;
    } else {
      fail("expected a value, found " + shown());
    }
  }

  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) {
      return false;
    }
    for (std::size_t i = 0; i < word.size(); ++i) {
      advance();
    }
    return true;
  }

  void parse_object(int depth, std::uint32_t id) {
    (*nodes_)[id].kind_ = kind::object;
    advance();  // '{'
    skip_blanks();
    if (at('}')) {
      advance();
      return;
    }
    std::set<std::string> keys;  // a set, not a scan of the siblings: an object may have many keys
    for (std::uint32_t i = 0;; ++i) {
      skip_blanks();
      if (!at('"')) {
        fail("expected a key in double quotes, found " + shown());
      }
      const int key_line = line_;
      const int key_column = column_;
      std::string key = parse_string();
      if (!keys.insert(key).second) {
        fail_at(key_line, key_column, "duplicate key \"" + key + "\"");
      }
      skip_blanks();
      expect(':', "':' after the key");
      skip_blanks();
      const auto child = static_cast<std::uint32_t>(nodes_->size());
      (*nodes_)[id].children_.push_back(child);
      parse_value(depth, id, i, std::move(key));
      skip_blanks();
      if (at(',')) {
        advance();
        skip_blanks();
        if (at('}')) {
          fail("trailing comma before '}'");
        }
        continue;
      }
      expect('}', "',' or '}'");
      return;
    }
  }

  void parse_array(int depth, std::uint32_t id) {
    (*nodes_)[id].kind_ = kind::array;
    advance();  // '['
    skip_blanks();
    if (at(']')) {
      advance();
      return;
    }
    for (std::uint32_t i = 0;; ++i) {
      skip_blanks();
      const auto child = static_cast<std::uint32_t>(nodes_->size());
      (*nodes_)[id].children_.push_back(child);
      parse_value(depth, id, i, {});
      skip_blanks();
      if (at(',')) {
        advance();
        skip_blanks();
        if (at(']')) {
          fail("trailing comma before ']'");
        }
        continue;
      }
      expect(']', "',' or ']'");
      return;
    }
  }

  static int hex_digit(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }

  // Four hex digits after "\u".
  std::uint32_t parse_hex4() {
    std::uint32_t code = 0;
    for (int i = 0; i < 4; ++i) {
      const int d = pos_ < text_.size() ? hex_digit(text_[pos_]) : -1;
      if (d < 0) {
        fail("expected four hex digits after \\u, found " + shown());
      }
      code = code * 16 + static_cast<std::uint32_t>(d);
      advance();
    }
    return code;
  }

  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6U));
      out += static_cast<char>(0x80 | (cp & 0x3FU));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12U));
      out += static_cast<char>(0x80 | ((cp >> 6U) & 0x3FU));
      out += static_cast<char>(0x80 | (cp & 0x3FU));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18U));
      out += static_cast<char>(0x80 | ((cp >> 12U) & 0x3FU));
      out += static_cast<char>(0x80 | ((cp >> 6U) & 0x3FU));
      out += static_cast<char>(0x80 | (cp & 0x3FU));
    }
  }

  // The length of the valid UTF-8 character at pos_ (shortest form, no surrogates), or 0.
  std::size_t utf8_length() const {
    const auto b0 = static_cast<unsigned char>(text_[pos_]);
    std::size_t length = 0;
    std::uint32_t cp = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      length = 2;
      cp = b0 & 0x1FU;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      length = 3;
      cp = b0 & 0x0FU;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      length = 4;
      cp = b0 & 0x07U;
    } else {
      return 0;
    }
    if (pos_ + length > text_.size()) {
      return 0;
    }
    for (std::size_t k = 1; k < length; ++k) {
      const auto b = static_cast<unsigned char>(text_[pos_ + k]);
      if ((b & 0xC0U) != 0x80U) {
        return 0;
      }
      cp = (cp << 6U) | (b & 0x3FU);
    }
    const bool overlong = (length == 3 && cp < 0x800) || (length == 4 && cp < 0x10000);
    if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return 0;
    }
    return length;
  }

  std::string parse_string() {
    advance();  // '"'
    std::string out;
    for (;;) {
      if (pos_ >= text_.size()) {
        fail("unterminated string");
      }
      const auto c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        advance();
        return out;
      }
      if (c < 0x20) {
        fail("control character " + shown() + " in a string (write it as an escape)");
      }
      if (c == '\\') {
        parse_escape(out);
        continue;
      }
      if (c < 0x80) {
        out += static_cast<char>(c);
        advance();
        continue;
      }
      const std::size_t length = utf8_length();
      if (length == 0) {
        fail("invalid UTF-8 (" + shown() + ") in a string");
      }
      for (std::size_t k = 0; k < length; ++k) {
        out += text_[pos_];
        advance();
      }
    }
  }

  void parse_escape(std::string& out) {
    const int line = line_;
    const int column = column_;
    advance();  // '\'
    if (pos_ >= text_.size()) {
      fail("unterminated string");
    }
    const char e = text_[pos_];
    switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        advance();
        std::uint32_t cp = parse_hex4();
        if (cp >= 0xDC00 && cp <= 0xDFFF) {
          fail_at(line, column, "a lone low surrogate in \\u escape");
        }
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          if (!(at('\\') && pos_ + 1 < text_.size() && text_[pos_ + 1] == 'u')) {
            fail_at(line, column, "a high surrogate \\u escape must be followed by a low one");
          }
          advance();
          advance();
          const std::uint32_t low = parse_hex4();
          if (low < 0xDC00 || low > 0xDFFF) {
            fail_at(line, column, "a high surrogate \\u escape must be followed by a low one");
          }
          cp = 0x10000 + ((cp - 0xD800) << 10U) + (low - 0xDC00);
        }
        append_utf8(out, cp);
        return;
      }
      default:
        fail("unknown escape \\" + std::string(1, e) + " in a string");
    }
    advance();
  }

  void parse_number(std::uint32_t id) {
    const std::size_t start = pos_;
    const int start_line = line_;
    const int start_column = column_;
    auto digits = [&] {
      std::size_t n = 0;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
        advance();
        ++n;
      }
      return n;
    };
    if (at('-')) {
      advance();
    }
    if (at('0')) {
      advance();
      if (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
        fail("a number may not start with 0 (leading zeros are not JSON)");
      }
    } else if (digits() == 0) {
      fail("expected a digit, found " + shown());
    }
    if (at('.')) {
      advance();
      if (digits() == 0) {
        fail("expected a digit after '.', found " + shown());
      }
    }
    if (at('e') || at('E')) {
      advance();
      if (at('+') || at('-')) {
        advance();
      }
      if (digits() == 0) {
        fail("expected a digit in the exponent, found " + shown());
      }
    }
    const std::string_view lexeme = text_.substr(start, pos_ - start);
    double number = 0;
    const auto [ptr, ec] = std::from_chars(lexeme.data(), lexeme.data() + lexeme.size(), number);
    // Too large or too small for a double (from_chars reports both the same way): refused, no script needs it.
    if (ec != std::errc{} || ptr != lexeme.data() + lexeme.size() || !std::isfinite(number)) {
      fail_at(start_line, start_column, "number " + std::string(lexeme.substr(0, 40)) + " is out of range");
    }
    value& v = (*nodes_)[id];
    v.kind_ = kind::number;
    v.number_ = number;
    v.text_ = std::string(lexeme);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
  std::vector<value>* nodes_ = nullptr;
};

document parse(std::string_view text) { return parser(text).run(); }

}  // namespace dw::mapgen::json
