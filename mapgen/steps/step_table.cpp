#include <algorithm>
#include <array>

#include "mapgen/step.hpp"

namespace dw::mapgen {

// One row per named step; a new step is a new row (and its own file under steps/).
namespace {
constexpr std::array<step_kind, 0> kinds{};
}  // namespace

std::span<const step_kind> step_kinds() { return kinds; }

const step_kind* find_step(std::string_view name) {
  const auto it = std::find_if(kinds.begin(), kinds.end(), [&](const step_kind& k) { return k.name == name; });
  return it == kinds.end() ? nullptr : &*it;
}

}  // namespace dw::mapgen
