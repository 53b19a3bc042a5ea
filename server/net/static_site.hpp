#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>

// The web client's files, read into memory once at start-up: a request never touches the file system,
// so no path a client sends can reach a file outside the folder. Plain standard C++.
namespace dw::net {

/// One file the web port serves.
struct site_file {
  std::string body;
  std::string content_type;  ///< e.g. "text/html; charset=utf-8"
  std::string etag;          ///< a quoted hash of the body, for If-None-Match
};

class static_site {
 public:
  /// Nothing to serve (the web port still answers /status.json and /ws).
  static_site() = default;
  /// Every regular file under `root` whose path has no part starting with '.', up to `max_total_bytes`
  /// in all. Throws std::runtime_error naming the folder or file that cannot be read, or the size.
  static static_site load(const std::filesystem::path& root, std::size_t max_total_bytes = 32U << 20);

  /// The file a request target names: "/" and folder paths ("/a/") mean their index.html; a query
  /// ("?...") or fragment is ignored. nullptr when there is none.
  const site_file* find(std::string_view target) const;
  std::size_t size() const { return files_.size(); }

 private:
  std::unordered_map<std::string, site_file> files_;  ///< "/index.html" -> the file
};

/// The Content-Type for a file name, by its extension ("application/octet-stream" when unknown).
std::string content_type_for(std::string_view file_name);

}  // namespace dw::net
