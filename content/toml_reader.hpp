#pragma once

// Internal to content/: reading TOML fields so that every problem becomes a content_error naming the
// file, the key and the line. Only the loader's .cpp files include this header (and toml++).

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <vector>

#include "content/content_error.hpp"
#include "content/content_loader.hpp"

namespace dw::content {

/// Where the loader reads the table files: the folder `dir`, or, when `texts` is set, that text held in
/// memory (then `dir` only labels errors). `texts` is not owned and outlives the load.
struct table_source {
  std::filesystem::path dir;
  const table_texts* texts = nullptr;
};

/// The text of the file `name` (a path under the folder, "interiors/caves.json"), or nullopt when it is
/// missing or unreadable.
std::optional<std::string> read_source(const table_source& source, std::string_view name);

/// Thrown inside the loader only; load_content catches it and returns the error as a value.
struct content_load_failure {
  content_error error;
};

/// Field access for one TOML file; every failure throws content_load_failure.
class toml_reader {
 public:
  static constexpr std::int64_t unbounded = std::numeric_limits<int>::max();

  /// `source.dir / name` is the file; its label in errors is that path as written ("content/monsters.toml").
  toml_reader(const table_source& source, std::string_view name);

  /// The file's label as it appears in errors.
  const std::string& file() const noexcept { return file_; }

  /// Parses the whole file; a missing file or a syntax error fails with its line.
  toml::table parse() const;

  /// Fails at `key` with `reason`, taking the line from `near` when given.
  [[noreturn]] void fail(std::string key, std::string reason, const toml::node* near) const;

  /// Fails at `key` with `reason` at a line recorded earlier (0 = unknown).
  [[noreturn]] void fail_at_line(std::string key, std::string reason, std::uint32_t line) const;

  /// The line a node starts on (0 for nullptr).
  static std::uint32_t line_of(const toml::node* node);

  /// Fails on any key of `t` not in `allowed` (catches typos such as "dammage").
  void allow_only(const toml::table& t, std::string_view path, std::initializer_list<std::string_view> allowed) const;

  /// A sub-table [key] of `parent`.
  const toml::table& table(const toml::table& parent, std::string_view path, std::string_view key) const;

  /// A non-empty array of tables [[key]] at the top level of `root`.
  const toml::array& rows(const toml::table& root, std::string_view key) const;

  /// Row `index` of `rows` (known to be a table: rows() checked).
  static const toml::table& row(const toml::array& rows, std::size_t index);

  /// Element `index` of the array at `key` in `t` (for error lines), or nullptr.
  static const toml::node* element(const toml::table& t, std::string_view key, std::size_t index);

  /// "monsters[2]".
  static std::string row_path(std::string_view key, std::size_t index);

  /// A string; empty only when allowed.
  std::string text(const toml::table& t, std::string_view path, std::string_view key, bool may_be_empty = false) const;

  /// An identifier: 1..24 characters of a-z, 0-9 and '_' (it travels in persisted fight states).
  std::string identifier(const toml::table& t, std::string_view path, std::string_view key) const;

  /// An integer within [min, max] ("must be > 0" when min is 1 and it is lower).
  std::int64_t integer(const toml::table& t, std::string_view path, std::string_view key, std::int64_t min,
                       std::int64_t max = unbounded) const;

  /// A finite number (integer or float) that is > min (or >= min when `inclusive`) and <= max.
  double number(const toml::table& t, std::string_view path, std::string_view key, double min, bool inclusive,
                double max = 1e9) const;

  /// true or false.
  bool flag(const toml::table& t, std::string_view path, std::string_view key) const;

  /// A list of strings, none empty; the list may be empty only when allowed; a missing key is an
  /// empty list only when `optional`.
  std::vector<std::string> texts(const toml::table& t, std::string_view path, std::string_view key,
                                 bool may_be_empty_list, bool optional = false) const;

 private:
  const toml::node& require(const toml::table& t, std::string_view path, std::string_view key) const;
  static std::string join(std::string_view path, std::string_view key);

  std::filesystem::path path_;
  std::string file_;
  std::string name_;
  const table_texts* texts_;
};

}  // namespace dw::content
