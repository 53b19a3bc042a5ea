#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dungeon/dungeon.hpp"
#include "tests/dungeon/memory_store.hpp"

namespace dw::dungeon::testing {

/// Checks every rule of the dungeon over all stored rooms and the model's resident rooms.
/// Returns one line per violation; empty means all invariants hold.
std::vector<std::string> check_invariants(const dungeon& d, const memory_store& store);

/// Checks only branch b (cheaper inside a walk that touched one branch).
std::vector<std::string> check_branch(const dungeon& d, const memory_store& store, branch_id b);

}  // namespace dw::dungeon::testing
