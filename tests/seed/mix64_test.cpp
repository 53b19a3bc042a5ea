// The one seed mixer: the splitmix64 finaliser, pinned.
#include <gtest/gtest.h>

#include <cstdint>

#include "seed/mix64.hpp"

namespace dw::seed {
namespace {

TEST(Mix64, IsTheSplitmix64Finaliser) {
  // Changing the mixer would silently change every generated world: these values must not move.
  EXPECT_EQ(mix64(0), 0U);
  EXPECT_EQ(mix64(1), 0x5692161d100b05e5ULL);
  EXPECT_EQ(mix64(0x0123456789ABCDEFULL), 0xb2c058e4ebb5112cULL);
}

TEST(Mix64, WithTheGoldenGammaAddedGivesSplitmix64sFirstDraw) {
  // The reference sequence of splitmix64 from state 0 starts with 0xE220A8397B1DCDAF.
  EXPECT_EQ(mix64(0 + golden_gamma), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(mix64(1 + golden_gamma), 0x910a2dec89025cc1ULL);
  EXPECT_EQ(mix64(0x0123456789ABCDEFULL + golden_gamma), 0x157a3807a48faa9dULL);
}

TEST(Mix64, IsAConstantExpression) {
  static_assert(mix64(golden_gamma) == 0xe220a8397b1dcdafULL);
  SUCCEED();
}

}  // namespace
}  // namespace dw::seed
