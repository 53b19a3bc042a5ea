#include "tests/dungeon/grow.hpp"

#include <algorithm>
#include <utility>

#include "dungeon/random.hpp"

namespace dw::dungeon::testing {
namespace {

/// The change set's rooms without their room and branch ids, so two dungeons that allocated ids differently
/// compare equal.
std::vector<room> layout_of(const change_set& changes) {
  std::vector<room> out;
  for (room r : changes.rooms) {
    r.id = 0;
    r.branch = 0;
    out.push_back(r);
  }
  return out;
}

}  // namespace

growth grow_branch(dungeon& d, memory_store& store, direction dir, std::int64_t now, int target_rooms,
                   std::uint64_t walk_seed) {
  const auto clear = [](const room&) { return true; };
  growth g;
  const enter_result e = d.enter_from_start(dir, now, clear);
  store.apply(e.changes);
  g.branch = e.branch;
  g.rooms = 1;
  g.fewest_unexplored = d.branch(e.branch)->unexplored;
  g.layout.push_back(layout_of(e.changes));
  splitmix64 rng{walk_seed};
  while (g.rooms < target_rooms) {
    // Every unexplored exit of the branch, in a stable order (by position, then direction).
    std::vector<std::pair<coord, direction>> open;
    for (const room& r : store.rooms_of(e.branch)) {
      for (direction x : all_directions) {
        if (r.exit(x) == exit_state::unexplored) {
          open.emplace_back(r.pos, x);
        }
      }
    }
    if (open.empty()) {
      g.ran_dry = true;
      break;
    }
    const auto [from, way] = open[bounded(rng, open.size())];
    const move_result m = d.move(e.branch, from, way, false, clear);
    store.apply(m.changes);
    if (!m.spawned) {
      continue;
    }
    ++g.rooms;
    g.fewest_unexplored = std::min(g.fewest_unexplored, d.branch(e.branch)->unexplored);
    if (m.changes.opened) {
      g.opened.push_back(*m.changes.opened);
    }
    g.layout.push_back(layout_of(m.changes));
  }
  return g;
}

}  // namespace dw::dungeon::testing
