#pragma once

#include <cstdint>

#include "dungeon/dungeon_settings.hpp"

namespace dw::bench {

/// What `bench_dungeon dry` measures: many branches per budget, each grown by random moves until it has no
/// unexplored exit left ("dry") or reaches `cap` rooms.
struct dry_options {
  int branches = 300;  ///< per budget
  int cap = 2000;      ///< rooms after which a branch that is still open counts as never dry
  std::uint64_t walk_seed = 99;
};

/// Runs budgets 1, 2 and 4 with the given model settings (budget replaced) and prints one line per budget to
/// stdout. Returns how many branches the walker and the model disagreed about (each named on stderr); 0 when
/// the table can be trusted.
int run_dry_branches(const dry_options& o, dungeon::dungeon_settings base);

}  // namespace dw::bench
