#include "server/app/server_services.hpp"

#include <sys/resource.h>
#include <unistd.h>
#include <boost/asio/post.hpp>
#include <memory>

#include "server/log/log.hpp"
#include "server/store/game_changes.hpp"
#include "server/store/game_loader.hpp"
#include "server/store/store_error.hpp"
#include "server/text/log_safe.hpp"

namespace dw::app {
namespace asio = boost::asio;
namespace {

/// Worker threads (password hashing, the loads a player waits for) run below the world thread's priority:
/// on a small machine fifty argon2id checks at once would otherwise take the cores the game's one thread
/// needs, and every player's round trip would queue behind them (BENCHMARKS.md, issue 14). Linux gives each
/// thread its own nice value; a failure only leaves the thread as it was.
void yield_to_the_world_thread() {
  thread_local const bool lowered = ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10) == 0;
  static_cast<void>(lowered);
}

}  // namespace

void server_services::run_blocking(std::function<void(game::storage::loader&)> work,
                                   std::function<void(const game::read_result&)> done) {
  // The guard keeps the io_context's run() going until `done` has been posted back to it (the guard goes
  // with this job's closure, on the worker, once the job has run).
  asio::post(workers_, [this, guard = asio::make_work_guard(io_), work = std::move(work),
                        done = std::move(done)]() mutable {
    yield_to_the_world_thread();
    game::read_result result;
    try {
      auto db = readers_.acquire();
      store::game_loader loader(*db);
      work(loader);
      readers_.release(std::move(db));
    } catch (const store::store_error& e) {
      result = {false, e.code(), e.what()};
    } catch (const std::exception& e) {
      result = {false, 0, e.what()};
    }
    if (!result.ok) {
      log::error("a read on a worker failed: {}", log_safe(result.message));
    }
    asio::post(io_, [this, done = std::move(done), result = std::move(result)] {
      failed_reads_ += result.ok ? 0 : 1;
      done(result);
    });
  });
}

std::uint64_t server_services::commit(game::storage::batch changes,
                                      std::function<void(const game::commit_result&)> done) {
  // Shared: the writer may keep a copy of the closure to run a failed batch's changes one by one.
  auto shared = std::make_shared<const game::storage::batch>(std::move(changes));
  const std::uint64_t ticket = writer_.submit([shared](store::database& db) { store::apply(db, *shared); });
  commits_.submitted(ticket);
  if (waiting_.empty()) {
    writer_busy_.emplace(io_.get_executor());
  }
  waiting_.push_back({ticket, std::move(done)});
  return ticket;
}

void server_services::resolved(std::uint64_t last, const std::vector<store::write_failure>& failed) {
  std::size_t next_failure = 0;
  while (!waiting_.empty() && waiting_.front().ticket <= last) {
    pending p = std::move(waiting_.front());
    waiting_.pop_front();
    game::commit_result result;
    result.ticket = p.ticket;
    while (next_failure < failed.size() && failed[next_failure].ticket < p.ticket) {
      ++next_failure;
    }
    if (next_failure < failed.size() && failed[next_failure].ticket == p.ticket) {
      result.ok = false;
      result.code = failed[next_failure].code;
      result.message = failed[next_failure].message;
    }
    if (p.done) {
      p.done(result);
    }
  }
  if (waiting_.empty()) {
    writer_busy_.reset();  // (a `done` above may have submitted more: then it is still busy)
  }
}

void server_services::after(std::chrono::milliseconds delay, std::function<void()> fn) {
  delayed_.after(delay, std::move(fn));
}

std::int64_t server_services::now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void server_services::stop_server() {
  asio::post(io_, [this] { on_stop(); });
}

void server_services::reboot(std::uint64_t requested_by) {
  asio::post(io_, [this, requested_by] { on_reboot(requested_by); });
}

void server_services::take_backup(std::int64_t keep, std::function<void(const game::backup_report&)> done) {
  // No work guard: a shutdown does not wait for a backup (the runner abandons it between steps), and a
  // completion posted after the io_context has stopped is simply never run.
  backups_.backup(now(), static_cast<std::size_t>(keep), [this, done = std::move(done)](store::backup_outcome o) {
    game::backup_report r;
    r.ok = o.ok;
    r.file = std::move(o.path);
    r.bytes = o.bytes;
    r.took_ms = o.took.count();
    r.error = std::move(o.error);
    r.removed = std::move(o.removed);
    asio::post(io_, [done, r = std::move(r)] { done(r); });
  });
}

void server_services::list_backups(
    std::function<void(const std::vector<game::backup_entry>&, const std::string&)> done) {
  backups_.list([this, done = std::move(done)](std::vector<store::backup_file> files, std::string error) {
    std::vector<game::backup_entry> entries;
    for (store::backup_file& f : files) {
      entries.push_back({std::move(f.path), f.bytes, f.taken_at});
    }
    asio::post(io_, [done, entries = std::move(entries), error = std::move(error)] { done(entries, error); });
  });
}

}  // namespace dw::app
