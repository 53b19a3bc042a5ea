#pragma once

#include <cstdint>

namespace dw::content {

/// A strong 64-bit finaliser (the splitmix64 output step): every input bit reaches every output bit.
constexpr std::uint64_t mix64(std::uint64_t z) noexcept {
  z ^= z >> 30U;
  z *= 0xbf58476d1ce4e5b9ULL;
  z ^= z >> 27U;
  z *= 0x94d049bb133111ebULL;
  z ^= z >> 31U;
  return z;
}

/// The top 53 bits of `bits` as a double in [0,1). Exact on every IEEE platform, unlike std distributions.
constexpr double unit_interval(std::uint64_t bits) noexcept {
  return static_cast<double>(bits >> 11U) * 0x1.0p-53;
}

}  // namespace dw::content
