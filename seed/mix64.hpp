#pragma once

#include <cstdint>

// The one 64-bit mixer behind every seed the game derives (dungeon branches and rooms, content tapes,
// scrolls). It lives on its own so that dungeon/ and content/, which do not know each other, share it.
namespace dw::seed {

/// The golden-ratio increment of splitmix64 (2^64 / phi, odd). Callers that want splitmix64's first draw
/// from a state, rather than the bare finaliser, add it to the input themselves.
inline constexpr std::uint64_t golden_gamma = 0x9E3779B97F4A7C15ULL;

/// The splitmix64 finaliser (its output step): bijective, and every input bit reaches every output bit.
/// mix64(0) is 0; add `golden_gamma` first where that matters.
constexpr std::uint64_t mix64(std::uint64_t z) noexcept {
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}

}  // namespace dw::seed
