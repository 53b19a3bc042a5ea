#pragma once

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

}  // namespace dw::content::testing
