#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// A small strict JSON reader for generator scripts. The pure modules may not use Boost.JSON, and a
// script is an operator's file: it must be refused with a line and column, never crash the game.
// RFC 8259 only: no comments, no trailing commas, no NaN, no duplicate keys; a leading UTF-8 byte
// order mark is skipped. Every value remembers its line, column and parent, so a loader can name the
// JSON path of a bad value ("explorers[2].parameters.repeats") long after parsing.
namespace dw::mapgen::json {

/// Nesting deeper than this (arrays and objects) is refused.
inline constexpr int max_depth = 64;
/// A text longer than this (bytes) is refused.
inline constexpr std::size_t max_size = 1024 * 1024;

/// Invalid JSON: `line` and `column` (1-based, column in characters) of the problem.
struct parse_error : std::runtime_error {
  parse_error(int at_line, int at_column, const std::string& message)
      : std::runtime_error(message), line(at_line), column(at_column) {}
  int line;
  int column;
};

enum class kind : std::uint8_t { null, boolean, number, string, array, object };

/// The name of a kind ("a string", "an object", ...), for messages.
std::string_view describe(kind k) noexcept;

class document;

/// One value of a parsed document. Lives as long as its document.
class value {
 public:
  [[nodiscard]] json::kind kind() const noexcept { return kind_; }
  [[nodiscard]] bool is(json::kind k) const noexcept { return kind_ == k; }
  /// A string's decoded text, or a number exactly as written ("0.50", "-3e2"); empty otherwise.
  [[nodiscard]] const std::string& text() const noexcept { return text_; }
  /// A number's value (finite), or 0.
  [[nodiscard]] double number() const noexcept { return number_; }
  /// A boolean's value.
  [[nodiscard]] bool boolean() const noexcept { return boolean_; }
  /// An array's items, or an object's member values in the order written; empty otherwise.
  [[nodiscard]] std::size_t size() const noexcept { return children_.size(); }
  [[nodiscard]] const value& operator[](std::size_t i) const noexcept;
  /// A member's key (this value is the member's value); empty for array items and the root.
  [[nodiscard]] const std::string& key() const noexcept { return key_; }
  /// The member called `key` of an object, or nullptr.
  [[nodiscard]] const value* find(std::string_view key) const noexcept;
  /// Where the value starts in the text (1-based).
  [[nodiscard]] int line() const noexcept { return line_; }
  [[nodiscard]] int column() const noexcept { return column_; }
  /// The JSON path from the root: "" for the root, "explorers[2].parameters.repeats" below it.
  [[nodiscard]] std::string path() const;

 private:
  friend class document;
  friend class parser;

  const document* doc_ = nullptr;
  std::uint32_t parent_ = 0;  // == own index for the root
  std::uint32_t index_in_parent_ = 0;
  json::kind kind_ = json::kind::null;
  bool boolean_ = false;
  double number_ = 0;
  int line_ = 1;
  int column_ = 1;
  std::string key_;
  std::string text_;
  std::vector<std::uint32_t> children_;
};

/// A parsed text. Move-only: values point back at it.
class document {
 public:
  document(const document&) = delete;
  document& operator=(const document&) = delete;
  document(document&& other) noexcept;
  document& operator=(document&& other) noexcept;
  ~document() = default;

  /// The top-level value.
  [[nodiscard]] const value& root() const noexcept { return nodes_.front(); }

 private:
  friend class value;
  friend class parser;
  friend document parse(std::string_view text);
  document() = default;
  void adopt() noexcept;  // points every value at this document (after construction or a move)

  std::vector<value> nodes_;
};

/// Parses `text` (at most max_size bytes, nesting at most max_depth); throws parse_error.
document parse(std::string_view text);

}  // namespace dw::mapgen::json
