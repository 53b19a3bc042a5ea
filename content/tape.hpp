#pragma once

#include <cstdint>

#include "content/unit_interval.hpp"
#include "seed/mix64.hpp"

namespace dw::content {

/// A room's random tape: value n is computed from (seed, n) alone, so a fight's place on the tape is
/// just an integer the server persists, and reading value 1000 costs the same as reading value 0.
class tape {
 public:
  constexpr explicit tape(std::uint64_t seed) noexcept : seed_(seed) {}

  /// The seed this tape was made from.
  constexpr std::uint64_t seed() const noexcept { return seed_; }

  /// Raw 64 random bits at `index` (used where a seed, not a die roll, is wanted).
  constexpr std::uint64_t bits(std::uint64_t index) const noexcept {
    // The index is hashed on its own before meeting the seed, so neighbouring tapes (seed s and s+1)
    // are not shifted copies of each other, as they would be with a plain seed + index counter.
    return seed::mix64(seed_ ^ seed::mix64(index + seed::golden_gamma));
  }

  /// The die roll at `index`, in [0,1).
  constexpr double at(std::uint64_t index) const noexcept { return unit_interval(bits(index)); }

  constexpr bool operator==(const tape&) const noexcept = default;

 private:
  std::uint64_t seed_;
};

/// Reads a tape in order from a position; the position is what the server persists.
class tape_reader {
 public:
  constexpr explicit tape_reader(tape source, std::uint64_t position = 0) noexcept
      : tape_(source), position_(position) {}

  /// The next die roll in [0,1).
  constexpr double next() noexcept { return tape_.at(position_++); }

  /// The next raw 64 bits (a seed for something generated).
  constexpr std::uint64_t next_bits() noexcept { return tape_.bits(position_++); }

  /// How many values have been read from the start of the tape.
  constexpr std::uint64_t position() const noexcept { return position_; }

  /// The tape being read.
  constexpr const tape& source() const noexcept { return tape_; }

 private:
  tape tape_;
  std::uint64_t position_;
};

/// The seed of a room's tape, from the world seed, the branch and the room's grid position only.
std::uint64_t tape_seed(std::uint64_t world_seed, std::uint64_t branch_id, std::int64_t x, std::int64_t y) noexcept;

}  // namespace dw::content
