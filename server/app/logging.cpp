#include "server/app/logging.hpp"

#include <pthread.h>
#include <spdlog/async_logger.h>
#include <spdlog/details/thread_pool.h>
#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/spdlog.h>
#include <unistd.h>
#include <condition_variable>
#include <csignal>
#include <filesystem>
#include <mutex>

#include "server/app/drop_reporting_sink.hpp"
#include "server/app/nonblocking_fd_sink.hpp"

namespace dw::app {
namespace {

/// Lines queued between the threads that log and the logging thread. At a few hundred bytes a
/// line this holds a few MiB at most, and seconds of the busiest logging the server does; a burst
/// beyond it (the disk stalled, say) loses its oldest lines rather than stalling the game.
constexpr std::size_t log_queue_lines = 8192;
/// How often, at most, the log says how many lines were dropped while lines keep being dropped.
constexpr auto drop_report_interval = std::chrono::seconds(10);
constexpr const char* logger_name = "deepwell";

/// Counts the flushes the logging thread has carried out for flush_logging(). The logging thread
/// handles the queue in order, so when a flush posted after some lines is done, so are they.
class barrier_sink final : public spdlog::sinks::sink {
 public:
  void log(const spdlog::details::log_msg&) override {}
  void set_pattern(const std::string&) override {}
  void set_formatter(std::unique_ptr<spdlog::formatter>) override {}
  void flush() override {
    {
      std::lock_guard lock(mutex_);
      ++flushed_;
    }
    done_.notify_all();
  }
  bool wait_for(std::uint64_t count, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return done_.wait_for(lock, timeout, [&] { return flushed_ >= count; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable done_;
  std::uint64_t flushed_ = 0;
};

/// Everything logging is made of. spdlog's default logger is process-wide, so this is too: it is
/// set up and torn down by main, while no other thread runs.
struct logging_state {
  std::shared_ptr<spdlog::details::thread_pool> pool;
  std::shared_ptr<nonblocking_fd_sink> console;
  std::shared_ptr<drop_reporting_sink> fan_out;
  std::shared_ptr<spdlog::async_logger> logger;
  std::shared_ptr<barrier_sink> barrier;
  std::shared_ptr<spdlog::async_logger> barrier_logger;  ///< not registered: spdlog::set_level must not silence it
  std::mutex flush_mutex;                                ///< orders flush requests with their count
  std::uint64_t flushes_requested = 0;
  std::uint64_t final_overruns = 0;  ///< once the pool is gone
};

logging_state& state() {
  static logging_state s;
  return s;
}

/// Runs first on the logging thread. A write to a pipe whose reader has gone raises SIGPIPE, which
/// would end the server; blocked on this thread, the write fails with EPIPE instead. (The console
/// sink polls first, so only a reader leaving between poll() and write() gets this far.)
void block_sigpipe() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

}  // namespace

void setup_logging(const std::string& dir, const std::string& level) {
  shutdown_logging();  // a second set-up replaces the first
  std::filesystem::create_directories(dir);
  logging_state& s = state();
  s.console = std::make_shared<nonblocking_fd_sink>(STDERR_FILENO);
  auto file = std::make_shared<spdlog::sinks::rotating_file_sink_mt>(
      (std::filesystem::path(dir) / "deepwell.log").string(), 10 * 1024 * 1024, 5);
  s.fan_out = std::make_shared<drop_reporting_sink>(
      std::vector<spdlog::sink_ptr>{s.console, file}, [] { return dropped_log_lines(); }, drop_report_interval);
  s.pool = std::make_shared<spdlog::details::thread_pool>(log_queue_lines, 1, block_sigpipe);
  s.final_overruns = 0;
  // overrun_oldest: a full queue loses its oldest line; the thread that logs never waits.
  s.logger = std::make_shared<spdlog::async_logger>(logger_name, s.fan_out, s.pool,
                                                    spdlog::async_overflow_policy::overrun_oldest);
  s.logger->set_level(spdlog::level::from_str(level));
  // Connects and logins must reach the file even if we are killed; the flush runs on the logging thread.
  s.logger->flush_on(spdlog::level::info);
  s.barrier = std::make_shared<barrier_sink>();
  s.barrier_logger = std::make_shared<spdlog::async_logger>(std::string(logger_name) + ".barrier", s.barrier, s.pool,
                                                            spdlog::async_overflow_policy::overrun_oldest);
  spdlog::set_default_logger(s.logger);
}

log_drops dropped_log_lines() {
  logging_state& s = state();
  log_drops drops;
  drops.queue_overruns = s.pool ? s.pool->overrun_counter() : s.final_overruns;
  drops.console_dropped = s.console ? s.console->dropped() : 0;
  return drops;
}

bool flush_logging(std::chrono::milliseconds timeout) {
  logging_state& s = state();
  if (!s.logger) {
    spdlog::default_logger()->flush();  // not set up, or shut down: logging is synchronous
    return true;
  }
  std::uint64_t target = 0;
  {
    std::lock_guard lock(s.flush_mutex);
    target = ++s.flushes_requested;
    s.logger->flush();          // queued behind every line logged so far: the file is flushed in turn
    s.barrier_logger->flush();  // queued behind that: when it is done, so is everything before it
  }
  return s.barrier->wait_for(target, timeout);
}

void shutdown_logging() {
  logging_state& s = state();
  if (!s.logger) {
    return;
  }
  // Anything logged from now on (late destructors, say) goes straight to the sinks on its own thread.
  auto sync = std::make_shared<spdlog::logger>(logger_name, s.fan_out);
  sync->set_level(s.logger->level());
  sync->flush_on(spdlog::level::info);
  spdlog::set_default_logger(sync);
  s.logger.reset();
  s.barrier_logger.reset();
  s.barrier.reset();
  s.final_overruns = s.pool->overrun_counter();
  s.pool.reset();  // the pool's destructor lets the logging thread write out the queue, then joins it
  s.fan_out->report_now();
  s.fan_out->flush();
}

}  // namespace dw::app
