#pragma once

#include <atomic>
#include <cstdint>

namespace dw::bench {

/// Counts kept by the preloaded check counter inside the server, read by the benchmark: the layout of
/// the file both map.
struct check_counts {
  std::atomic<std::uint64_t> verify_started;   ///< password checks begun
  std::atomic<std::uint64_t> verify_finished;  ///< password checks done
  std::atomic<std::uint64_t> hashes_finished;  ///< new password hashes made (accounts created)
};
static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "shared between processes");

}  // namespace dw::bench
