#include "server/store/writer.hpp"

#include <spdlog/spdlog.h>

#include <exception>
#include <utility>

#include "server/store/transaction.hpp"

namespace dw::store {

namespace {

// A burst (a branch spawning thousands of rooms) may grow the queues; give that memory back
// afterwards instead of holding the peak for the life of the server.
constexpr std::size_t retained_capacity = 1 << 16;
constexpr std::size_t initial_capacity = 256;

}  // namespace

writer::writer(const std::string& path, committed_handler on_committed, error_handler on_error)
    : writer(database::open(path), std::move(on_committed), std::move(on_error)) {}

writer::writer(database db, committed_handler on_committed, error_handler on_error)
    : db_(std::move(db)), on_committed_(std::move(on_committed)), on_error_(std::move(on_error)) {
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
    commit_batch(batch);
    const std::uint64_t last = batch.back().ticket;
    committed_.store(last, std::memory_order_release);
    report_committed(last);
    batch.clear();
    if (batch.capacity() > retained_capacity) {
      batch = std::vector<entry>();
      batch.reserve(initial_capacity);
    }
    {
      std::lock_guard lock(mutex_);
      done_ = last;
    }
    batch_done_.notify_all();
  }
}

void writer::commit_batch(std::vector<entry>& batch) {
  std::string first_error;
  try {
    transaction tx(db_);
    for (entry& e : batch) {
      e.fn(db_);
    }
    tx.commit();
    return;
  } catch (const std::exception& e) {
    first_error = e.what();
  } catch (...) {
    first_error = "unknown exception";
  }
  if (batch.size() == 1) {
    report_error(batch.front().ticket, first_error);
    return;
  }
  // One transaction per change: slower, but only the guilty changes are lost.
  for (entry& e : batch) {
    try {
      transaction tx(db_);
      e.fn(db_);
      tx.commit();
    } catch (const std::exception& ex) {
      report_error(e.ticket, ex.what());
    } catch (...) {
      report_error(e.ticket, "unknown exception");
    }
  }
}

void writer::report_error(std::uint64_t ticket, std::string_view message) noexcept {
  try {
    if (on_error_) {
      on_error_(ticket, message);
    } else {
      spdlog::error("store: change {} failed and was rolled back: {}", ticket, message);
    }
  } catch (const std::exception& e) {
    spdlog::error("store: on_error handler threw for change {}: {}", ticket, e.what());
  } catch (...) {
    spdlog::error("store: on_error handler threw for change {}", ticket);
  }
}

void writer::report_committed(std::uint64_t last_ticket) noexcept {
  try {
    if (on_committed_) {
      on_committed_(last_ticket);
    }
  } catch (const std::exception& e) {
    spdlog::error("store: on_committed handler threw at ticket {}: {}", last_ticket, e.what());
  } catch (...) {
    spdlog::error("store: on_committed handler threw at ticket {}", last_ticket);
  }
}

}  // namespace dw::store
