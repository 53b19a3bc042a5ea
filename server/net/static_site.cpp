#include "server/net/static_site.hpp"

#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace dw::net {
namespace {

std::string etag_of(std::string_view body) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a, 64 bits: a change detector, not a secret
  for (const char c : body) {
    h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  }
  std::ostringstream out;
  out << '"' << std::hex << h << '-' << std::dec << body.size() << '"';
  return out.str();
}

bool hidden(const std::filesystem::path& relative) {
  for (const auto& part : relative) {
    const std::string s = part.string();
    if (!s.empty() && s.front() == '.') {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string content_type_for(std::string_view file_name) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 13> types{{
      {".html", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".woff2", "font/woff2"},
      {".webp", "image/webp"},
      {".map", "application/json"},
  }};
  for (const auto& [ext, type] : types) {
    if (file_name.size() > ext.size() && file_name.substr(file_name.size() - ext.size()) == ext) {
      return std::string(type);
    }
  }
  return "application/octet-stream";
}

static_site static_site::load(const std::filesystem::path& root, std::size_t max_total_bytes) {
  static_site site;
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) {
    throw std::runtime_error("the web client folder " + root.string() + " does not exist or is not a folder");
  }
  std::size_t total = 0;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    const std::filesystem::path relative = it->path().lexically_relative(root);
    if (hidden(relative)) {
      if (it->is_directory()) {
        it.disable_recursion_pending();
      }
      continue;
    }
    if (!it->is_regular_file()) {
      continue;
    }
    std::ifstream in(it->path(), std::ios::binary);
    std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      throw std::runtime_error("cannot read " + it->path().string());
    }
    total += body.size();
    if (total > max_total_bytes) {
      throw std::runtime_error("the web client folder " + root.string() + " holds more than " +
                               std::to_string(max_total_bytes) + " bytes");
    }
    site_file f;
    f.content_type = content_type_for(relative.filename().string());
    f.etag = etag_of(body);
    f.body = std::move(body);
    site.files_.emplace(std::string("/").append(relative.generic_string()), std::move(f));
  }
  if (ec) {
    throw std::runtime_error("cannot read the web client folder " + root.string() + ": " + ec.message());
  }
  return site;
}

const site_file* static_site::find(std::string_view target) const {
  target = target.substr(0, target.find_first_of("?#"));
  if (target.empty() || target.front() != '/') {
    return nullptr;
  }
  std::string key(target);
  if (key.back() == '/') {
    key += "index.html";
  }
  const auto found = files_.find(key);
  return found == files_.end() ? nullptr : &found->second;
}

}  // namespace dw::net
