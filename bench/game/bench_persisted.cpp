// Rooms per second from the pure orchestrator alone, and generated-and-persisted through the real
// SQLite store (the server's writer thread, group commit, the same change records the server writes).
// A benchmark tool: it prints its table on stdout.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

#include "dungeon/dungeon.hpp"
#include "dungeon/random.hpp"
#include "server/game/places/dungeon_bridge.hpp"
#include "server/store/database.hpp"
#include "server/store/game_changes.hpp"
#include "server/store/writer.hpp"

namespace {
using namespace dw;

struct frontier_entry {
  dungeon::branch_id branch;
  dungeon::coord pos;
  dungeon::direction dir;
};

/// Spawns `target` rooms by walking random unexplored exits; `sink` receives every change set.
template <typename Sink>
std::size_t generate(std::size_t target, Sink&& sink) {
  dungeon::dungeon_settings settings;
  settings.world_seed = 20261122;
  dungeon::dungeon d(settings, nullptr);
  dungeon::splitmix64 rng(7);
  std::vector<frontier_entry> frontier;
  std::int64_t now = 1'800'000'000;
  std::size_t rooms = 0;
  auto take = [&](const dungeon::change_set& changes) {
    for (const dungeon::room& r : changes.rooms) {
      for (dungeon::direction dir : dungeon::all_directions) {
        if (r.exit(dir) == dungeon::exit_state::unexplored) {
          frontier.push_back({r.branch, r.pos, dir});
        }
      }
    }
    sink(changes);
  };
  auto always_clear = [](const dungeon::room&) { return true; };
  while (rooms < target) {
    if (frontier.empty()) {
      now += settings.branch_join_seconds + 1;  // the window has closed: the next walk opens a new branch
      const auto entered = d.enter_from_start(dungeon::all_directions[rng.next() % 4], now, always_clear);
      rooms += entered.new_branch ? 1 : 0;
      take(entered.changes);
      continue;
    }
    const std::size_t pick = rng.next() % frontier.size();
    const frontier_entry e = frontier[pick];
    frontier[pick] = frontier.back();
    frontier.pop_back();
    const auto moved = d.move(e.branch, e.pos, e.dir, false, always_clear);
    if (moved.spawned) {
      ++rooms;
      take(moved.changes);
    }
  }
  return rooms;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes{10'000, 100'000, 1'000'000};
  if (argc > 1) {
    sizes.clear();
    for (int i = 1; i < argc; ++i) {
      sizes.push_back(std::stoul(argv[i]));
    }
  }
  std::printf("%10s %16s %20s %8s\n", "rooms", "pure rooms/s", "persisted rooms/s", "ratio");
  for (std::size_t n : sizes) {
    auto t0 = std::chrono::steady_clock::now();
    std::size_t pure = generate(n, [](const dungeon::change_set&) {});
    const double pure_s = seconds_since(t0);

    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("dw-bench-persisted-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "bench.db").string();
    double persisted_s = 0;
    {
      store::writer writer(path, [](std::uint64_t, std::vector<store::write_failure>) {});
      t0 = std::chrono::steady_clock::now();
      generate(n, [&](const dungeon::change_set& changes) {
        // As the server does: the game's change record, applied by the store.
        writer.submit([change = game::to_change(changes)](store::database& db) { store::apply(db, change); });
      });
      writer.flush();  // every room is committed
      persisted_s = seconds_since(t0);
    }
    std::filesystem::remove_all(dir);
    std::printf("%10zu %16.0f %20.0f %8.3f\n", pure, static_cast<double>(pure) / pure_s,
                static_cast<double>(pure) / persisted_s, pure_s / persisted_s);
    std::fflush(stdout);
  }
  return 0;
}
