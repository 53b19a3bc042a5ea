#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace dw::telnet {

/// Appends `bytes` to `buffer`, growing it geometrically but never to a capacity past `limit`
/// (the caller has checked that size + bytes fits). std::string::reserve on a non-empty string
/// may round up to twice the old capacity, which would overshoot the limit, so growth moves the
/// contents into a fresh string reserved to the exact target.
inline void bounded_append(std::string& buffer, std::string_view bytes, std::size_t limit) {
  const std::size_t needed = buffer.size() + bytes.size();
  if (needed > buffer.capacity()) {
    const std::size_t target = std::min(limit, std::max({needed, buffer.capacity() * 2, std::size_t{64}}));
    std::string grown;
    grown.reserve(target);
    grown.append(buffer);
    buffer.swap(grown);
  }
  buffer.append(bytes);
}

}  // namespace dw::telnet
