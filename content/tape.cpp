#include "content/tape.hpp"

namespace dw::content {

std::uint64_t tape_seed(std::uint64_t world_seed, std::uint64_t branch_id, std::int64_t x, std::int64_t y) noexcept {
  // Each coordinate passes through the mixer in turn, with its own constant, so (x, y) and (y, x),
  // or branch 1 at x and branch x at 1, land on unrelated tapes.
  using seed::mix64;
  std::uint64_t h = mix64(world_seed ^ 0x6a09e667f3bcc908ULL);
  h = mix64(h ^ branch_id ^ 0xbb67ae8584caa73bULL);
  h = mix64(h ^ static_cast<std::uint64_t>(x) ^ 0x3c6ef372fe94f82bULL);
  h = mix64(h ^ static_cast<std::uint64_t>(y) ^ 0xa54ff53a5f1d36f1ULL);
  return h;
}

}  // namespace dw::content
