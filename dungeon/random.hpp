#pragma once

#include <cstdint>

#include "dungeon/coord.hpp"

// Our own generator and bounded draw: std::uniform_int_distribution differs between standard libraries,
// and the dungeon must regenerate identically from its seed anywhere.
namespace dw::dungeon {

/// The splitmix64 finaliser: a strong 64-bit mixer (bijective, good avalanche).
constexpr std::uint64_t mix64(std::uint64_t z) noexcept {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// Seed of a branch from the world seed and the branch's global sequence number.
constexpr std::uint64_t branch_seed(std::uint64_t world_seed, std::uint64_t sequence) noexcept {
  return mix64(mix64(world_seed) ^ mix64(sequence ^ 0x6272616E63680000ULL));
}

/// Seed of the spawn decision for the room at c of a branch: no hidden generator state survives between rooms.
constexpr std::uint64_t room_seed(std::uint64_t branch_seed_value, coord c) noexcept {
  return mix64(branch_seed_value ^ mix64(pack(c)));
}

/// The splitmix64 generator: tiny state, passes BigCrush, ideal for a handful of draws per seed.
class splitmix64 {
 public:
  constexpr explicit splitmix64(std::uint64_t seed) noexcept : state_(seed) {}

  /// The next 64 random bits.
  constexpr std::uint64_t next() noexcept {
    state_ += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

/// Uniform integer in [0, n) without modulo bias (rejects the short top slice); n must be > 0.
constexpr std::uint64_t bounded(splitmix64& rng, std::uint64_t n) noexcept {
  // 2^64 mod n: values below it would make the low residues more likely.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t x = rng.next();
    if (x >= threshold) {
      return x % n;
    }
  }
}

}  // namespace dw::dungeon
