#pragma once

#include <cstdint>

namespace dw::content {

/// The top 53 bits of `bits` as a double in [0,1). Exact on every IEEE platform, unlike std distributions.
constexpr double unit_interval(std::uint64_t bits) noexcept {
  return static_cast<double>(bits >> 11U) * 0x1.0p-53;
}

}  // namespace dw::content
