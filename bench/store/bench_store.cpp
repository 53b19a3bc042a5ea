// Store throughput: (1) raw batched INSERTs through the sqlite3 C API, 1,000 rows per transaction;
// (2) room upserts through the writer thread, one submit per room, group commit.
// Both write the real `rooms` table (same schema, indexes and pragmas: WAL, synchronous=NORMAL)
// into a fresh file under the temp dir. Run: build-store/bench/store/bench_store
#include <benchmark/benchmark.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

#include "server/store/branches.hpp"
#include "server/store/database.hpp"
#include "server/store/rooms.hpp"
#include "server/store/writer.hpp"

namespace {

using dw::store::database;

class scratch_file {
 public:
  scratch_file() {
    std::string pattern = (std::filesystem::temp_directory_path() / "deepwell-bench-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error("mkdtemp failed");
    }
    dir_ = pattern;
  }
  scratch_file(const scratch_file&) = delete;
  scratch_file& operator=(const scratch_file&) = delete;
  ~scratch_file() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  std::string path() const { return (dir_ / "bench.db").string(); }

 private:
  std::filesystem::path dir_;
};

// A branch row for the rooms' foreign key.
void prepare_branch(const std::string& path) {
  database db = database::open(path);
  dw::store::branch_record b;
  b.id = 1;
  b.seed = 12345;
  dw::store::branches::upsert(db, b);
}

// A typical room: a few monsters encoded by the content layer, some exits.
dw::store::room_record room_at(std::int64_t i) {
  dw::store::room_record r;
  r.id = 1000 + i;
  r.branch_id = 1;
  r.x = static_cast<std::int32_t>(i % 1000);
  r.y = static_cast<std::int32_t>(i / 1000);
  r.depth = r.x + r.y;
  r.clear = (i % 3) == 0;
  r.exits = {2, 1, 0, 3};
  r.event = static_cast<std::int32_t>(i % 7);
  r.contents = "m:goblin,3,12;m:rat,1,4;f:0";
  return r;
}

void check(int rc, sqlite3* db, benchmark::State& state) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE) {
    state.SkipWithError(sqlite3_errmsg(db));
  }
}

void raw_batched_inserts(benchmark::State& state) {
  const std::int64_t rows = state.range(0);
  constexpr std::int64_t per_transaction = 1000;
  for (auto _ : state) {
    state.PauseTiming();
    scratch_file file;
    prepare_branch(file.path());
    database db = database::open(file.path());
    sqlite3* raw = db.handle();
    sqlite3_stmt* insert = nullptr;
    check(sqlite3_prepare_v2(raw,
                             "INSERT INTO rooms (id, branch_id, x, y, depth, clear, exit_n, exit_e, exit_s, exit_w, "
                             "event, contents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             -1, &insert, nullptr),
          raw, state);
    state.ResumeTiming();

    for (std::int64_t i = 0; i < rows; ++i) {
      if (i % per_transaction == 0) {
        check(sqlite3_exec(raw, "BEGIN", nullptr, nullptr, nullptr), raw, state);
      }
      const auto r = room_at(i);
      sqlite3_bind_int64(insert, 1, r.id);
      sqlite3_bind_int64(insert, 2, r.branch_id);
      sqlite3_bind_int(insert, 3, r.x);
      sqlite3_bind_int(insert, 4, r.y);
      sqlite3_bind_int(insert, 5, r.depth);
      sqlite3_bind_int(insert, 6, r.clear ? 1 : 0);
      for (int e = 0; e < 4; ++e) {
        sqlite3_bind_int(insert, 7 + e, r.exits[static_cast<std::size_t>(e)]);
      }
      sqlite3_bind_int(insert, 11, r.event);
      sqlite3_bind_text(insert, 12, r.contents.data(), static_cast<int>(r.contents.size()), SQLITE_TRANSIENT);
      check(sqlite3_step(insert), raw, state);
      sqlite3_reset(insert);
      if (i % per_transaction == per_transaction - 1 || i == rows - 1) {
        check(sqlite3_exec(raw, "COMMIT", nullptr, nullptr, nullptr), raw, state);
      }
    }

    state.PauseTiming();
    sqlite3_finalize(insert);
    if (dw::store::rooms::count_in_branch(db, 1) != rows) {
      state.SkipWithError("row count mismatch");
    }
    state.ResumeTiming();
  }
  state.counters["rows_per_s"] = benchmark::Counter(static_cast<double>(rows), benchmark::Counter::kIsIterationInvariantRate);
}

void writer_room_upserts(benchmark::State& state) {
  const std::int64_t rows = state.range(0);
  std::uint64_t batches = 0;
  for (auto _ : state) {
    state.PauseTiming();
    scratch_file file;
    prepare_branch(file.path());
    auto w = std::make_unique<dw::store::writer>(file.path(), [&batches](std::uint64_t, std::vector<dw::store::write_failure>) { ++batches; });
    batches = 0;
    state.ResumeTiming();

    // The game thread's side: one change per room, as a spawning branch would submit them.
    for (std::int64_t i = 0; i < rows; ++i) {
      w->submit([r = room_at(i)](database& db) { dw::store::rooms::upsert(db, r); });
    }
    w->flush();

    state.PauseTiming();
    w.reset();
    database db = database::open(file.path());
    if (dw::store::rooms::count_in_branch(db, 1) != rows) {
      state.SkipWithError("row count mismatch");
    }
    state.ResumeTiming();
  }
  state.counters["rows_per_s"] = benchmark::Counter(static_cast<double>(rows), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["commits"] = static_cast<double>(batches);
}

}  // namespace

BENCHMARK(raw_batched_inserts)->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(writer_room_upserts)->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
