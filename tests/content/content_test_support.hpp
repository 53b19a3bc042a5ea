#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "content/content_loader.hpp"

namespace dw::content::testing {

/// The real tables from content/; fails the calling test (via ADD_FAILURE) and returns empty tables
/// if they do not load.
content_tables real_tables();

/// A fresh directory holding a copy of the real content files, for tests that break one of them.
class content_copy {
 public:
  explicit content_copy(std::string_view test_name);
  ~content_copy();
  content_copy(const content_copy&) = delete;
  content_copy& operator=(const content_copy&) = delete;

  const std::filesystem::path& dir() const { return dir_; }
  /// A file of the copy as the loader names it in an error ("<dir>/monsters.toml").
  std::string label(std::string_view file) const;
  /// Replaces one file's text.
  void write(std::string_view file, std::string_view text) const;
  /// A file's current text.
  std::string read(std::string_view file) const;
  /// Replaces the first occurrence of `from` with `to` in a file; fails the test if absent.
  void replace(std::string_view file, std::string_view from, std::string_view to) const;
  /// Loads the copy and returns its error; fails the test when it loads.
  content_error load_error() const;

 private:
  std::filesystem::path dir_;
};

/// 1-based line of the first occurrence of `needle` in `text`; fails the test when it is absent.
std::uint32_t line_of(const std::string& text, std::string_view needle);

/// What the loader said of a copy of the content with one change.
struct refusal {
  content_error error;
  std::string file;  ///< the changed file as the loader names it (content_copy::label)
  std::string text;  ///< the changed file's text, for line_of
};

/// Copies the real content as `test_name`, replaces the first `from` in `file` with `to` and loads the
/// copy, which the loader must refuse naming `file` and `key`, for `reason` when one is given (checked
/// here, the test's name in the message); returns the refusal for the test's own further checks.
refusal refused(std::string_view test_name, std::string_view file, std::string_view from, std::string_view to,
                std::string_view key, std::string_view reason = {});

}  // namespace dw::content::testing
