#pragma once

#include <cstdint>

#include "dungeon/coord.hpp"
#include "dungeon/direction.hpp"
#include "seed/mix64.hpp"

// Our own generator and bounded draw: std::uniform_int_distribution differs between standard libraries,
// and the dungeon must regenerate identically from its seed anywhere.
namespace dw::dungeon {

/// Seed of a branch from the world seed, its start exit and its number among that exit's branches: "East
/// branch 1" is the same dungeon whatever other branches were opened before it.
constexpr std::uint64_t branch_seed(std::uint64_t world_seed, direction dir, std::uint32_t number) noexcept {
  const std::uint64_t world = seed::mix64(world_seed + seed::golden_gamma);
  const std::uint64_t which = (static_cast<std::uint64_t>(index_of(dir) + 1) << 32) | number;
  const std::uint64_t branch = seed::mix64((which ^ 0x6469726563740000ULL) + seed::golden_gamma);
  return seed::mix64((world ^ branch) + seed::golden_gamma);
}

/// The seed branches were given before per-direction seeds, from the global sequence number. New branches no
/// longer use it; it stays pinned (tests/seed) because rows saved with such seeds still hold them.
constexpr std::uint64_t branch_seed(std::uint64_t world_seed, std::uint64_t sequence) noexcept {
  // Each input takes splitmix64's first draw from it (increment, then finaliser), as do their mix.
  const std::uint64_t world = seed::mix64(world_seed + seed::golden_gamma);
  const std::uint64_t branch = seed::mix64((sequence ^ 0x6272616E63680000ULL) + seed::golden_gamma);
  return seed::mix64((world ^ branch) + seed::golden_gamma);
}

/// Seed of the spawn decision for the room at c of a branch: no hidden generator state survives between rooms.
constexpr std::uint64_t room_seed(std::uint64_t branch_seed_value, coord c) noexcept {
  const std::uint64_t position = seed::mix64(pack(c) + seed::golden_gamma);
  return seed::mix64((branch_seed_value ^ position) + seed::golden_gamma);
}

/// Seed of the interior of the room at c (its tile map, name and description): only this seed is stored.
constexpr std::uint64_t interior_seed(std::uint64_t branch_seed_value, coord c) noexcept {
  return seed::mix64(room_seed(branch_seed_value, c) ^ 0x696E746572696F72ULL);
}

/// The splitmix64 generator: tiny state, passes BigCrush, ideal for a handful of draws per seed.
class splitmix64 {
 public:
  constexpr explicit splitmix64(std::uint64_t seed) noexcept : state_(seed) {}

  /// The next 64 random bits.
  constexpr std::uint64_t next() noexcept {
    state_ += seed::golden_gamma;
    return seed::mix64(state_);
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
