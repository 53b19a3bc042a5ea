#pragma once

#include <cstdint>

#include "seed/mix64.hpp"

// The generator every random choice of a map reads. Our own, not a std:: distribution: the same script
// and seed must give the same map with any standard library, on any machine.
namespace dw::mapgen {

/// splitmix64 with unbiased bounded draws and 53-bit unit doubles.
class rng {
 public:
  constexpr explicit rng(std::uint64_t seed) noexcept : state_(seed) {}

  /// The next 64 random bits.
  constexpr std::uint64_t next() noexcept {
    state_ += seed::golden_gamma;
    return seed::mix64(state_);
  }

  /// Uniform integer in [0, n); n must be > 0. Rejects the short top slice, so no modulo bias.
  constexpr std::uint64_t below(std::uint64_t n) noexcept {
    if ((n & (n - 1)) == 0) {
      // A power of two (1 included, as in a rule's single-entity choice): nothing to reject, and the
      // remainder is a mask. The same value as below, without two 64-bit divisions.
      return next() & (n - 1);
    }
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
      const std::uint64_t x = next();
      if (x >= threshold) {
        return x % n;
      }
    }
  }

  /// Uniform integer in [lo, hi] (inclusive); lo <= hi.
  constexpr int between(int lo, int hi) noexcept {
    return lo + static_cast<int>(below(static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) - lo) + 1));
  }

  /// Uniform double in [0, 1) from the top 53 bits (exact, the same everywhere).
  constexpr double unit() noexcept { return static_cast<double>(next() >> 11U) * 0x1.0p-53; }

  /// True with probability p.
  constexpr bool chance(double p) noexcept { return unit() < p; }

  /// A child seed, for a part that must not shift when another part draws more or fewer values.
  constexpr std::uint64_t fork() noexcept { return next() ^ 0xA5A5'5A5A'C3C3'3C3CULL; }

 private:
  std::uint64_t state_;
};

}  // namespace dw::mapgen
