#include "server/store/writer.hpp"

#include <sqlite3.h>

#include <array>
#include <chrono>
#include <exception>
#include <optional>
#include <utility>

#include "server/log/log.hpp"
#include "server/store/store_error.hpp"
#include "server/store/transaction.hpp"

namespace dw::store {

namespace {

// A burst (a branch spawning thousands of rooms) may grow the queues; give that memory back
// afterwards instead of holding the peak for the life of the server.
constexpr std::size_t retained_capacity = 1 << 16;
constexpr std::size_t initial_capacity = 256;
/// Upper bounds of the commit time buckets, in nanoseconds: a group commit in WAL mode takes about a
/// millisecond on a disk that syncs, far less on one that does not.
constexpr std::array<std::int64_t, 13> commit_bounds_ns{100'000,     250'000,     500'000,       1'000'000,
                                                        2'500'000,   5'000'000,   10'000'000,    25'000'000,
                                                        50'000'000,  100'000'000, 250'000'000,   1'000'000'000,
                                                        5'000'000'000};

}  // namespace

writer::writer(const std::string& path, batch_handler on_batch) : writer(database::open(path), std::move(on_batch)) {}

writer::writer(database db, batch_handler on_batch) : db_(std::move(db)), on_batch_(std::move(on_batch)) {
  pending_.reserve(initial_capacity);
  thread_ = std::thread([this] { run(); });
}

writer::~writer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_one();
  thread_.join();
}

std::uint64_t writer::submit(change c) {
  std::uint64_t ticket = 0;
  bool wake = false;
  {
    std::lock_guard lock(mutex_);
    ticket = ++issued_;
    // The writer only sleeps on an empty queue, so only the first change of a batch needs to wake it.
    wake = pending_.empty();
    pending_.push_back(entry{ticket, std::move(c)});
  }
  if (wake) {
    work_ready_.notify_one();
  }
  return ticket;
}

void writer::flush() {
  std::unique_lock lock(mutex_);
  const std::uint64_t target = issued_;
  batch_done_.wait(lock, [&] { return done_ >= target; });
}

std::uint64_t writer::submitted() const {
  std::lock_guard lock(mutex_);
  return issued_;
}

std::span<const std::int64_t> writer::commit_bounds() { return commit_bounds_ns; }

writer::stats writer::read_stats() const {
  std::lock_guard lock(mutex_);
  stats s = stats_;
  s.queued = issued_ - done_;
  return s;
}

void writer::run() {
  std::vector<entry> batch;
  batch.reserve(initial_capacity);
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return !pending_.empty() || stopping_; });
      if (pending_.empty()) {
        return;  // stopping, and everything submitted has been committed
      }
      // Swap rather than copy: the game thread keeps queueing into the emptied buffer meanwhile.
      batch.swap(pending_);
    }
    const auto started = std::chrono::steady_clock::now();
    std::vector<write_failure> failed = commit_batch(batch);
    const auto took = std::chrono::steady_clock::now() - started;
    const std::uint64_t last = batch.back().ticket;
    const std::size_t changes = batch.size();
    const std::size_t failures = failed.size();
    committed_.store(last, std::memory_order_release);
    report(last, std::move(failed));
    batch.clear();
    if (batch.capacity() > retained_capacity) {
      batch = std::vector<entry>();
      batch.reserve(initial_capacity);
    }
    {
      std::lock_guard lock(mutex_);
      done_ = last;
      stats_.batches += 1;
      stats_.changes += changes;
      stats_.failed += failures;
      stats_.commit_time.record(took);
    }
    batch_done_.notify_all();
  }
}

namespace {

/// Runs one change-or-batch in its own transaction; returns the failure, if any.
template <class Body>
std::optional<write_failure> in_transaction(database& db, std::uint64_t ticket, Body&& body) {
  try {
    transaction tx(db);
    body();
    tx.commit();
    return std::nullopt;
  } catch (const store_error& e) {
    return write_failure{ticket, e.code(), e.what()};
  } catch (const std::exception& e) {
    return write_failure{ticket, 0, e.what()};
  } catch (...) {
    return write_failure{ticket, 0, "unknown exception"};
  }
}

}  // namespace

std::vector<write_failure> writer::commit_batch(std::vector<entry>& batch) {
  std::vector<write_failure> failed;
  const auto whole = in_transaction(db_, batch.front().ticket, [&] {
    for (entry& e : batch) {
      e.fn(db_);
    }
  });
  if (!whole) {
    return failed;
  }
  // A lock another process holds, a read-only or unopenable file, an I/O error or a damaged file fails
  // every change alike: running them again one by one would only wait on the lock once per change.
  const int primary = whole->code & 0xff;
  const bool whole_database = primary == SQLITE_BUSY || primary == SQLITE_LOCKED || primary == SQLITE_READONLY ||
                              primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR || primary == SQLITE_CORRUPT ||
                              primary == SQLITE_NOTADB;
  if (batch.size() == 1 || whole_database) {
    for (entry& e : batch) {
      failed.push_back(write_failure{e.ticket, whole->code, whole->message});
    }
    return failed;
  }
  // One transaction per change: slower, but only the guilty changes are lost.
  for (entry& e : batch) {
    if (auto one = in_transaction(db_, e.ticket, [&] { e.fn(db_); })) {
      failed.push_back(std::move(*one));
    }
  }
  return failed;
}

void writer::report(std::uint64_t last_ticket, std::vector<write_failure> failed) noexcept {
  try {
    if (on_batch_) {
      on_batch_(last_ticket, std::move(failed));
    } else {
      for (const write_failure& f : failed) {
        log::error("store: change {} failed and was rolled back: {}", f.ticket, f.message);
      }
    }
  } catch (const std::exception& e) {
    log::error("store: batch handler threw at ticket {}: {}", last_ticket, e.what());
  } catch (...) {
    log::error("store: batch handler threw at ticket {}", last_ticket);
  }
}

}  // namespace dw::store
