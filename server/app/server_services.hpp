#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

#include "server/app/backup_runner.hpp"
#include "server/app/delayed_calls.hpp"
#include "server/app/reader_pool.hpp"
#include "server/game/services.hpp"
#include "server/net/commit_tracker.hpp"
#include "server/store/writer.hpp"

namespace dw::app {

/// game::services on top of Asio, the worker pool and the store's writer. World thread, but for the
/// jobs it hands to the workers.
///
/// Everything it starts counts as work on the io_context until its completion has run there: a job on a
/// worker, a batch on the writer, a delayed call. So at shutdown the io_context's run() returns by
/// itself once those are done (and the delayed calls cancelled), without io_context::stop().
class server_services final : public game::services {
 public:
  server_services(boost::asio::io_context& io, boost::asio::thread_pool& workers, reader_pool& readers,
                  store::writer& writer, net::commit_tracker& commits, backup_runner& backups)
      : io_(io),
        workers_(workers),
        readers_(readers),
        writer_(writer),
        commits_(commits),
        backups_(backups),
        delayed_(io) {}

  void run_blocking(std::function<void(game::storage::loader&)> work,
                    std::function<void(const game::read_result&)> done) override;
  std::uint64_t commit(game::storage::batch changes, std::function<void(const game::commit_result&)> done) override;
  void after_commit(std::function<void()> fn) override { commits_.when_committed(std::move(fn)); }
  void after(std::chrono::milliseconds delay, std::function<void()> fn) override;
  std::int64_t now() override;
  void stop_server() override;
  void reboot(std::uint64_t requested_by) override;
  void take_backup(std::int64_t keep, std::function<void(const game::backup_report&)> done) override;
  void list_backups(std::function<void(const std::vector<game::backup_entry>&, const std::string&)> done) override;

  /// The writer resolved every batch up to `last`; those in `failed` (ticket order) were rolled back.
  /// Tells each batch's event how it ended.
  void resolved(std::uint64_t last, const std::vector<store::write_failure>& failed);

  /// Reads on a worker that failed so far (the metrics; world thread).
  std::uint64_t failed_reads() const { return failed_reads_; }

  /// The server is stopping: pending delayed calls are cancelled, and later ones are not made.
  void cancel_delayed_calls() { delayed_.cancel_all(); }

  std::function<void()> on_stop;  ///< set by the server: what stop_server() runs, after the current event
  std::function<void(std::uint64_t)> on_reboot;  ///< the same for reboot()

 private:
  struct pending {
    std::uint64_t ticket;
    std::function<void(const game::commit_result&)> done;
  };
  boost::asio::io_context& io_;
  boost::asio::thread_pool& workers_;
  reader_pool& readers_;
  store::writer& writer_;
  net::commit_tracker& commits_;
  backup_runner& backups_;
  std::deque<pending> waiting_;  ///< batches handed to the writer, in ticket order
  /// Held while `waiting_` is not empty: the writer's report is still to come back to the io_context.
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> writer_busy_;
  delayed_calls delayed_;
  std::uint64_t failed_reads_ = 0;  ///< counted on the world thread, as each failed read's completion runs
};

}  // namespace dw::app
