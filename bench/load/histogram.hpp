#pragma once

// A log-linear latency histogram in the manner of HdrHistogram: fixed buckets, exact below 128 ns,
// then 64 buckets per power of two (at most 1.6 % wide), no allocation per sample.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace dw::load {

class histogram {
 public:
  static constexpr int linear = 128;  ///< values below this have a bucket each
  static constexpr int per_octave = 64;
  static constexpr int buckets = linear + 57 * per_octave;

  void record(std::uint64_t ns) {
    ++counts_[index(ns)];
    ++total_;
    max_ = std::max(max_, ns);
  }
  void merge(const histogram& other) {
    for (int i = 0; i < buckets; ++i) {
      counts_[i] += other.counts_[i];
    }
    total_ += other.total_;
    max_ = std::max(max_, other.max_);
  }
  std::uint64_t count() const { return total_; }
  std::uint64_t max() const { return max_; }
  /// The value at quantile q (0..1), as the middle of its bucket (the exact maximum for q = 1).
  std::uint64_t quantile(double q) const {
    if (total_ == 0) {
      return 0;
    }
    const auto rank = static_cast<std::uint64_t>(q * static_cast<double>(total_ - 1)) + 1;
    std::uint64_t seen = 0;
    for (int i = 0; i < buckets; ++i) {
      seen += counts_[i];
      if (seen >= rank) {
        return std::min(middle(i), max_);
      }
    }
    return max_;
  }

 private:
  static int index(std::uint64_t v) {
    if (v < linear) {
      return static_cast<int>(v);
    }
    const int msb = 63 - std::countl_zero(v);
    const int shift = msb - 6;  // the top 7 bits stay: 64..127
    const int idx = linear + (shift - 1) * per_octave + static_cast<int>((v >> shift) - per_octave);
    return std::min(idx, buckets - 1);
  }
  static std::uint64_t middle(int i) {
    if (i < linear) {
      return static_cast<std::uint64_t>(i);
    }
    const int shift = (i - linear) / per_octave + 1;
    const std::uint64_t mantissa = static_cast<std::uint64_t>((i - linear) % per_octave + per_octave);
    return (mantissa << shift) + ((std::uint64_t{1} << shift) >> 1);
  }

  std::array<std::uint64_t, buckets> counts_{};
  std::uint64_t total_ = 0;
  std::uint64_t max_ = 0;
};

}  // namespace dw::load
