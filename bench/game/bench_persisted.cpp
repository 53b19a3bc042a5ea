// Rooms per second from the pure orchestrator alone, and generated-and-persisted through the real
// SQLite store (the server's writer thread, group commit, the same change records the server writes).
// A benchmark tool: it prints its table on stdout.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <unistd.h>
#include <variant>
#include <vector>

#include "content/content_loader.hpp"
#include "content/room_interior.hpp"
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
    sink(d, changes);
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

/// Makes each new room's interior as the game does on first need (place_directory::interior): the seed from the
/// branch's seed and the room's place, the sides from its exits. Returns a checksum so nothing is optimised away.
struct interior_maker {
  const content::content_tables* tables = nullptr;
  std::uint64_t made = 0;
  std::uint64_t checksum = 0;
  void operator()(const dungeon::dungeon& d, const dungeon::change_set& changes) {
    if (tables == nullptr) {
      return;
    }
    for (const dungeon::room& r : changes.rooms) {
      const auto info = d.branch(r.branch);
      if (!info) {
        continue;
      }
      auto room = content::make_interior(*tables, static_cast<int>(dungeon::depth_of(r.pos)),
                                         dungeon::interior_seed(info->seed, r.pos), r.exit_sides());
      ++made;
      checksum += room ? room->name.size() + room->spots.size() : 0;
    }
  }
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Seconds to generate `n` rooms and commit every one through the real writer; with `tables`, each new
/// room's interior is made too, as the game makes it the first time the room is shown.
double persisted_seconds(std::size_t n, const content::content_tables* tables, const std::string& keep) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("dw-bench-persisted-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = keep.empty() ? (dir / "bench.db").string() : keep;
  double seconds = 0;
  {
    store::writer writer(path, [](std::uint64_t, std::vector<store::write_failure>) {});
    interior_maker interiors{tables};
    const auto t0 = std::chrono::steady_clock::now();
    generate(n, [&](const dungeon::dungeon& d, const dungeon::change_set& changes) {
      interiors(d, changes);
      // As the server does: the game's change record, applied by the store.
      writer.submit([change = game::to_change(changes)](store::database& db) { store::apply(db, change); });
    });
    writer.flush();  // every room is committed
    seconds = seconds_since(t0);
    if (tables != nullptr && interiors.checksum == 0) {
      std::fprintf(stderr, "no interior was made\n");
    }
  }
  std::filesystem::remove_all(dir);
  return seconds;
}

}  // namespace

// Usage: bench_persisted [--interiors] [--keep-db FILE] [rooms...]. With --interiors a further column makes
// every new room's interior (content/ tables from DW_CONTENT_DIR) on the generating thread, as the world
// thread would. --keep-db leaves the database of the last size's persisted run at FILE (a world a server
// can start on: bench/game/startup.sh times that).
int main(int argc, char** argv) {
  std::vector<std::size_t> sizes;
  bool with_interiors = false;
  std::string keep;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--interiors") == 0) {
      with_interiors = true;
    } else if (std::strcmp(argv[i], "--keep-db") == 0 && i + 1 < argc) {
      keep = argv[++i];
    } else {
      sizes.push_back(std::stoul(argv[i]));
    }
  }
  if (sizes.empty()) {
    sizes = {10'000, 100'000, 1'000'000};
  }
  std::optional<content::content_tables> tables;
  if (with_interiors) {
    auto loaded = content::load_content(DW_CONTENT_DIR);
    if (auto* error = std::get_if<content::content_error>(&loaded)) {
      std::fprintf(stderr, "content: %s\n", error->to_string().c_str());
      return 1;
    }
    tables = std::move(std::get<content::content_tables>(loaded));
  }
  std::printf("%10s %16s %20s %8s %26s\n", "rooms", "pure rooms/s", "persisted rooms/s", "ratio",
              with_interiors ? "persisted+interiors /s" : "");
  for (std::size_t n : sizes) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::size_t pure = generate(n, [](const dungeon::dungeon&, const dungeon::change_set&) {});
    const double pure_s = seconds_since(t0);
    const double persisted_s = persisted_seconds(n, nullptr, n == sizes.back() ? keep : std::string());
    std::printf("%10zu %16.0f %20.0f %8.3f", pure, static_cast<double>(pure) / pure_s,
                static_cast<double>(pure) / persisted_s, pure_s / persisted_s);
    if (tables) {
      std::printf(" %26.0f", static_cast<double>(pure) / persisted_seconds(n, &*tables, std::string()));
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}
