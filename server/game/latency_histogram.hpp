#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace dw::game {

/// How long something took, counted in fixed buckets, as a Prometheus histogram is read (the metrics at
/// /metrics): a count per bucket, their number and their sum. Plain integers, no lock: it belongs to the
/// one thread that records into it (the world thread for commands; the store's writer keeps its own under
/// the lock it already takes once per batch). Recording costs a short walk over the bounds, no allocation.
class latency_histogram {
 public:
  /// `upper_bounds`: increasing, in nanoseconds; a static table (it must outlive the histogram).
  explicit latency_histogram(std::span<const std::int64_t> upper_bounds)
      : bounds_(upper_bounds), counts_(upper_bounds.size() + 1, 0) {}

  void record(std::chrono::nanoseconds took) noexcept {
    const std::int64_t ns = took.count() < 0 ? 0 : took.count();
    std::size_t i = 0;
    while (i < bounds_.size() && ns > bounds_[i]) {
      ++i;
    }
    ++counts_[i];
    ++count_;
    sum_ns_ += static_cast<std::uint64_t>(ns);
  }

  /// The buckets' upper bounds in nanoseconds (the last bucket, above them all, has none).
  std::span<const std::int64_t> upper_bounds() const { return bounds_; }
  /// Observations in each bucket, not cumulative: one more entry than upper_bounds(), the last for those
  /// above every bound.
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  std::uint64_t count() const { return count_; }
  std::uint64_t sum_ns() const { return sum_ns_; }

 private:
  std::span<const std::int64_t> bounds_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t count_ = 0;
  std::uint64_t sum_ns_ = 0;
};

}  // namespace dw::game
