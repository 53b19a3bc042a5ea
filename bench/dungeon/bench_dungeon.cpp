// Throughput and memory of the pure dungeon model.
//   bench_dungeon          10k / 100k / 1M rooms
//   bench_dungeon quick    10k / 100k only
//   bench_dungeon dry [branches [cap]] [finish]   do branches run dry? budgets 1, 2, 4 (dry_branches.cpp);
//                                                 `finish`: with dungeon.branches_can_finish
// Rooms/s: a walker keeps spawning by always taking a still-unexplored exit of the branch (a new branch when
// one runs dry), so the figure is the orchestrator's spawn rate, walker bookkeeping included. The "random"
// walker picks any open exit of the branch, the "newest" walker the newest one (depth-first exploration).
// Both follow only exits of rooms they spawned, so a branch ends for them after a few hundred rooms on average
// (when it runs dry under branches_can_finish, or when the model opens its next way in an older room), and the
// totals span many branches, as before branches were kept from running dry.
// Bytes/room: glibc's in-use heap (mallinfo2) after minus before, over the resident rooms, so the room tables'
// empty slots, the branch map and allocator overhead all count.
// Output: the result tables go to stdout. `dry` also names on stderr any branch the walker and the model disagree
// about, and then exits with status 1.
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "bench/dungeon/dry_branches.hpp"
#include "dungeon/dungeon.hpp"
#include "dungeon/random.hpp"
#include "dungeon/room_table.hpp"

namespace {

using namespace dw::dungeon;

std::size_t heap_in_use() {
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

struct figures {
  std::size_t rooms = 0;
  std::size_t branches = 0;
  std::size_t largest_branch = 0;
  double seconds = 0;
  double heap_bytes_per_room = 0;
  double table_bytes_per_room = 0;
  double walk_moves_per_second = 0;
};

struct open_exit {
  coord from;
  direction dir;
};

void push_unexplored(std::vector<open_exit>& frontier, const room& r) {
  for (direction d : all_directions) {
    if (r.exit(d) == exit_state::unexplored) {
      frontier.push_back({r.pos, d});
    }
  }
}

figures run(std::size_t target_rooms, std::uint32_t budget, bool depth_first) {
  figures f;
  const auto clear = [](const room&) { return true; };
  const std::size_t heap_before = heap_in_use();
  dungeon d({20261122, budget, 300, 3600}, nullptr);
  branch_id last_branch = 0;
  {
    splitmix64 rng{99};
    std::vector<open_exit> frontier;
    frontier.reserve(64);
    branch_id b = 0;
    std::int64_t now = 0;
    std::size_t spawned = 0;
    const auto start = std::chrono::steady_clock::now();
    while (spawned < target_rooms) {
      if (frontier.empty()) {
        if (b != 0) {
          f.largest_branch = std::max<std::size_t>(f.largest_branch, d.branch(b)->room_count);
        }
        now += 301;  // past the window: a fresh branch
        const enter_result e = d.enter_from_start(all_directions[f.branches % 4], now, clear);
        ++f.branches;
        ++spawned;
        b = e.branch;
        push_unexplored(frontier, e.first_room);
        continue;
      }
      const std::size_t i = depth_first ? frontier.size() - 1 : bounded(rng, frontier.size());
      const open_exit x = frontier[i];
      frontier[i] = frontier.back();
      frontier.pop_back();
      const move_result m = d.move(b, x.from, x.dir, false, clear);
      if (m.spawned) {
        ++spawned;
        push_unexplored(frontier, m.destination);
      }
      // else: the exit turned one-way when a loop closed; nothing to spawn there.
    }
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    f.rooms = spawned;
    f.largest_branch = std::max<std::size_t>(f.largest_branch, d.branch(b)->room_count);
    last_branch = b;
  }
  f.heap_bytes_per_room =
      static_cast<double>(heap_in_use() - heap_before) / static_cast<double>(d.resident_rooms());
  f.table_bytes_per_room = static_cast<double>(d.resident_bytes()) / static_cast<double>(d.resident_rooms());

  // Walking through explored rooms of the last branch: the common case once a branch exists.
  std::optional<room> here = d.room_at(last_branch, first_room_pos(d.branch(last_branch)->dir));
  splitmix64 rng{7};
  constexpr int walk_moves = 1'000'000;
  const auto start = std::chrono::steady_clock::now();
  int moved = 0;
  for (int i = 0; i < walk_moves; ++i) {
    const direction dir = all_directions[bounded(rng, 4)];
    const exit_state e = here->exit(dir);
    if (e != exit_state::two_way && e != exit_state::one_way) {
      continue;
    }
    const move_result m = d.move(last_branch, here->pos, dir, false, clear);
    here = m.destination;
    ++moved;
  }
  const double walk_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  f.walk_moves_per_second = moved / walk_seconds;
  return f;
}

/// One branch's table holding n rooms on a filled square: what a million-room branch would cost.
void single_table(std::size_t n) {
  const std::size_t heap_before = heap_in_use();
  room_table t;
  const auto side = static_cast<std::int32_t>(isqrt(n)) + 1;
  const auto start = std::chrono::steady_clock::now();
  std::size_t inserted = 0;
  for (std::int32_t x = 1; x <= side && inserted < n; ++x) {
    for (std::int32_t y = 1; y <= side && inserted < n; ++y) {
      t.insert({x, y}).id = inserted++;
    }
  }
  const double insert_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double bytes = static_cast<double>(heap_in_use() - heap_before) / static_cast<double>(t.size());
  splitmix64 rng{5};
  std::size_t found = 0;
  constexpr int probes = 2'000'000;
  const auto probe_start = std::chrono::steady_clock::now();
  for (int i = 0; i < probes; ++i) {
    // Half the probes land outside the square: the spawn rule mostly asks about free neighbours.
    const coord c{static_cast<std::int32_t>(bounded(rng, static_cast<std::uint64_t>(side) * 2)) + 1,
                  static_cast<std::int32_t>(bounded(rng, static_cast<std::uint64_t>(side))) + 1};
    found += t.find(c) != nullptr ? 1 : 0;
  }
  const double probe_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - probe_start).count();
  std::printf("one table, %zu rooms: %.1f heap B/room, %.0f inserts/s, %.0f lookups/s (%zu hits)\n", t.size(),
              bytes, static_cast<double>(t.size()) / insert_seconds, probes / probe_seconds, found);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "dry") == 0) {
    dw::bench::dry_options o;
    dw::dungeon::dungeon_settings base{20261122, 4, 300, 3600};
    int number = 0;
    for (int i = 2; i < argc; ++i) {
      if (std::strcmp(argv[i], "finish") == 0) {
        base.branches_can_finish = true;  // the literal rule, as before branches were kept from running dry
      } else {
        (number++ == 0 ? o.branches : o.cap) = std::atoi(argv[i]);
      }
    }
    return dw::bench::run_dry_branches(o, base) == 0 ? 0 : 1;
  }
  const bool quick = argc > 1 && std::strcmp(argv[1], "quick") == 0;
  std::vector<std::size_t> sizes{10'000, 100'000};
  if (!quick) {
    sizes.push_back(1'000'000);
  }
  // A benchmark's whole job is to print its table; the no-printf rule is for the server's code.
  std::printf("%-7s %-7s %10s %9s %8s %10s %12s %12s %13s\n", "walker", "budget", "rooms", "branches", "largest",
              "seconds", "rooms/s", "heap B/room", "table B/room");
  for (const bool depth_first : {false, true}) {
    for (const std::uint32_t budget : {4U, 8U, 64U}) {
      for (const std::size_t n : sizes) {
        const figures f = run(n, budget, depth_first);
        std::printf("%-7s %-7u %10zu %9zu %8zu %10.4f %12.0f %12.1f %13.1f\n", depth_first ? "newest" : "random",
                    budget, f.rooms, f.branches, f.largest_branch, f.seconds, static_cast<double>(f.rooms) / f.seconds,
                    f.heap_bytes_per_room, f.table_bytes_per_room);
      }
    }
  }
  std::printf("\n");
  for (const std::size_t n : sizes) {
    single_table(n);
  }
  std::printf("moves through explored rooms (budget 4, last branch of a 100k run): %.0f moves/s\n",
              run(100'000, 4, false).walk_moves_per_second);
  return 0;
}
