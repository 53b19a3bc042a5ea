// Do branches run dry? Each branch is grown by random moves: every step walks a uniformly chosen unexplored
// exit of the branch (any room's, as a party that wanders back to an open way would), until the branch has no
// unexplored exit left or holds `cap` rooms. Reported per budget: how many ran dry and after how many rooms,
// how many reached depth 42 (and after how many rooms), and how many exits spawns opened elsewhere to keep a
// branch from running dry, per 1,000 rooms.
// Output: the table goes to stdout (it is the result). A branch the walker found dry while the model still counts
// an unexplored exit (or the other way round) is an error: it is named on stderr, and run_dry_branches reports
// it so that bench_dungeon exits non-zero, since the table's "ran dry" column would then be wrong.
#include "bench/dungeon/dry_branches.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <cstdio>
#include <set>
#include <utility>
#include <vector>

#include "dungeon/dungeon.hpp"
#include "dungeon/random.hpp"

namespace dw::bench {
namespace {

using dw::dungeon::all_directions;
using dw::dungeon::bounded;
using dw::dungeon::branch_id;
using dw::dungeon::coord;
using dw::dungeon::direction;
using dw::dungeon::enter_result;
using dw::dungeon::exit_state;
using dw::dungeon::move_result;
using dw::dungeon::room;
using dw::dungeon::splitmix64;
using model = dw::dungeon::dungeon;

struct branch_run {
  int rooms = 0;
  bool dry = false;
  int rooms_to_depth_42 = 0;  ///< 0: never reached
  int opened = 0;             ///< exits spawns opened elsewhere to keep the branch from running dry
  bool disagreed = false;     ///< the walker's "dry" and the model's unexplored count disagree
};

/// The branch's unexplored exits, found from the rooms each change set names (so exits a spawn opened anywhere
/// in the branch are seen too); entries that stopped being unexplored are dropped when drawn.
class frontier {
 public:
  void add_room(const room& r) {
    for (direction d : all_directions) {
      if (r.exit(d) == exit_state::unexplored && known_.insert({dw::dungeon::pack(r.pos), d}).second) {
        open_.push_back({r.pos, d});
      }
    }
  }
  /// Removes and returns a random entry that is still unexplored; nullopt when none is left.
  std::optional<std::pair<coord, direction>> draw(const model& d, branch_id b, splitmix64& rng) {
    while (!open_.empty()) {
      const std::size_t i = bounded(rng, open_.size());
      const std::pair<coord, direction> out = open_[i];
      open_[i] = open_.back();
      open_.pop_back();
      known_.erase({dw::dungeon::pack(out.first), out.second});
      const std::optional<room> r = d.resident_room_at(b, out.first);
      if (r && r->exit(out.second) == exit_state::unexplored) {
        return out;
      }
    }
    return std::nullopt;
  }
  /// True while some entry is still unexplored; draws nothing.
  bool any_left(const model& d, branch_id b) const {
    return std::any_of(open_.begin(), open_.end(), [&](const std::pair<coord, direction>& x) {
      const std::optional<room> r = d.resident_room_at(b, x.first);
      return r && r->exit(x.second) == exit_state::unexplored;
    });
  }

 private:
  std::vector<std::pair<coord, direction>> open_;
  std::set<std::pair<std::uint64_t, direction>> known_;
};

branch_run grow(model& d, direction dir, std::int64_t now, int cap, splitmix64& rng) {
  const auto clear = [](const room&) { return true; };
  branch_run run;
  const enter_result e = d.enter_from_start(dir, now, clear);
  frontier open;
  open.add_room(e.first_room);
  run.rooms = 1;
  while (run.rooms < cap) {
    const std::optional<std::pair<coord, direction>> x = open.draw(d, e.branch, rng);
    if (!x) {
      run.dry = true;
      break;
    }
    const move_result m = d.move(e.branch, x->first, x->second, false, clear);
    if (!m.spawned) {
      continue;
    }
    ++run.rooms;
    run.opened += m.changes.opened ? 1 : 0;
    for (const room& r : m.changes.rooms) {
      open.add_room(r);
    }
    if (run.rooms_to_depth_42 == 0 && dw::dungeon::depth_of(m.destination.pos) >= 42) {
      run.rooms_to_depth_42 = run.rooms;
    }
  }
  // (a branch whose last spawn before the cap left it dry is dry too)
  run.dry = run.dry || !open.any_left(d, e.branch);
  const std::uint32_t unexplored = d.branch(e.branch)->unexplored;
  if (run.dry != (unexplored == 0)) {
    run.disagreed = true;
    std::fprintf(stderr, "error: branch %llu: the walker %s, but the model counts %u unexplored exits\n",
                 static_cast<unsigned long long>(e.branch), run.dry ? "found it dry" : "still has a way on",
                 unexplored);
  }
  return run;
}

double mean(const std::vector<int>& v) {
  double sum = 0;
  for (int x : v) {
    sum += x;
  }
  return v.empty() ? 0.0 : sum / static_cast<double>(v.size());
}

int median(std::vector<int> v) {
  if (v.empty()) {
    return 0;
  }
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int run_dry_branches(const dry_options& o, dungeon::dungeon_settings base) {
  int disagreements = 0;
  std::printf("%d branches per budget, random moves, at most %d rooms each, world seed %llu, %s\n", o.branches,
              o.cap, static_cast<unsigned long long>(base.world_seed),
              base.branches_can_finish ? "branches_can_finish = true" : "branches kept from running dry");
  std::printf("%-7s %9s %14s %14s %13s %17s %13s %9s\n", "budget", "ran dry", "mean rooms", "median rooms",
              "reached d42", "mean rooms to d42", "opened/1000", "seconds");
  for (const std::uint32_t budget : {1U, 2U, 4U}) {
    base.max_unexplored_exits = budget;
    model d(base, nullptr);
    splitmix64 rng{o.walk_seed};
    std::vector<int> dry_rooms;
    std::vector<int> to_42;
    long rooms = 0;
    long opened = 0;
    std::int64_t now = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < o.branches; ++i) {
      now += base.branch_join_seconds + 1;  // past the window: every branch is a new one
      const branch_run run = grow(d, all_directions[static_cast<std::size_t>(i % 4)], now, o.cap, rng);
      rooms += run.rooms;
      opened += run.opened;
      disagreements += run.disagreed ? 1 : 0;
      if (run.dry) {
        dry_rooms.push_back(run.rooms);
      }
      if (run.rooms_to_depth_42 > 0) {
        to_42.push_back(run.rooms_to_depth_42);
      }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-7u %4zu/%-4d %14.1f %14d %8.1f %% %17.1f %13.1f %9.2f\n", budget, dry_rooms.size(), o.branches,
                mean(dry_rooms), median(dry_rooms), 100.0 * static_cast<double>(to_42.size()) / o.branches,
                mean(to_42), 1000.0 * static_cast<double>(opened) / static_cast<double>(rooms), seconds);
  }
  return disagreements;
}

}  // namespace dw::bench
