#include "tests/dungeon/random_walk.hpp"

#include <array>

#include "dungeon/dungeon.hpp"
#include "dungeon/random.hpp"
#include "tests/dungeon/invariants.hpp"
#include "tests/dungeon/memory_store.hpp"

namespace dw::dungeon::testing {
namespace {

struct position {
  bool at_start = true;
  branch_id branch = 0;
  coord pos{};
};

void note(walk_outcome& out, int at, const std::vector<std::string>& found) {
  for (const std::string& v : found) {
    if (out.violations.size() < 10) {
      out.violations.push_back("step " + std::to_string(at) + ": " + v);
    }
  }
}

}  // namespace

walk_outcome random_walk(const walk_options& options) {
  walk_outcome out;
  memory_store store;
  dungeon d({options.world_seed, options.budget, 300, 600}, &store);
  splitmix64 rng{options.walk_seed};
  auto decide = [&rng](const room&) { return bounded(rng, 8) != 0; };
  std::int64_t now = 1'000'000;
  position me;

  for (int i = 0; i < options.steps; ++i) {
    if (i == options.evict_at) {
      out.loads_before_evict = store.loads();
      for (const branch_info& b : d.branches()) {
        d.evict(b.id);
      }
    }
    now += static_cast<std::int64_t>(bounded(rng, 20));
    for (branch_id b : d.collect_collapsible(now)) {
      d.collapse(b);
      store.remove_branch(b);
      ++out.collapsed;
    }

    branch_id touched = 0;
    if (me.at_start) {
      const direction dir = all_directions[bounded(rng, 4)];
      const enter_result r = d.enter_from_start(dir, now, decide);
      store.apply(r.changes);
      store.apply(d.enter_branch(r.branch));
      out.branches_created += r.new_branch ? 1 : 0;
      out.spawned += r.new_branch ? 1 : 0;
      if (r.first_room.pos != first_room_pos(dir)) {
        note(out, i, {"entered a branch somewhere else than its first room"});
      }
      me = position{false, r.branch, r.first_room.pos};
      touched = r.branch;
    } else {
      const std::optional<room> here = d.room_at(me.branch, me.pos);
      if (!here) {
        note(out, i, {"the walker's room vanished"});
        break;
      }
      std::array<direction, 4> exits{};
      std::array<direction, 4> unexplored{};
      std::size_t n_exits = 0;
      std::size_t n_unexplored = 0;
      for (direction dir : all_directions) {
        if (here->exit(dir) != exit_state::none) {
          exits[n_exits++] = dir;
        }
        if (here->exit(dir) == exit_state::unexplored) {
          unexplored[n_unexplored++] = dir;
        }
      }
      // Prefer unexplored exits so walks keep growing the branch, but wander back too.
      const direction dir = (n_unexplored > 0 && bounded(rng, 10) < 6) ? unexplored[bounded(rng, n_unexplored)]
                                                                        : exits[bounded(rng, n_exits)];
      if (bounded(rng, 25) == 0) {
        const move_result fight = d.move(me.branch, me.pos, dir, true, decide);
        if (fight.status != move_status::blocked_in_combat || !fight.changes.empty()) {
          note(out, i, {"an exit was usable in combat"});
        }
      }
      const move_result r = d.move(me.branch, me.pos, dir, false, decide);
      store.apply(r.changes);
      touched = me.branch;
      switch (r.status) {
        case move_status::moved:
          if (r.destination.pos != *step(me.pos, dir)) {
            note(out, i, {"moved to a room that is not adjacent"});
          }
          me.pos = r.destination.pos;
          out.spawned += r.spawned ? 1 : 0;
          break;
        case move_status::to_start:
          store.apply(d.leave_branch(me.branch, now));
          ++out.returns;
          me = position{};
          break;
        case move_status::blocked_not_clear:
          if (here->clear || here->exit(dir) != exit_state::unexplored) {
            note(out, i, {"blocked although clear or explored"});
          }
          store.apply(d.set_clear(me.branch, me.pos, true));
          ++out.blocked;
          break;
        default:
          note(out, i, {"unexpected move status"});
          break;
      }
    }
    if (options.check_every_step) {
      note(out, i, check_branch(d, store, touched));
    }
  }
  note(out, options.steps, check_invariants(d, store));
  if (options.evict_at < 0) {
    out.loads_before_evict = store.loads();
  }
  out.stored = store.snapshot();
  for (const auto& [key, r] : out.stored) {
    for (exit_state e : r.exits) {
      out.one_way_exits += e == exit_state::one_way ? 1 : 0;
    }
  }
  return out;
}

}  // namespace dw::dungeon::testing
