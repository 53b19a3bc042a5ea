#include "server/app/backup_runner.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <exception>
#include <utility>

namespace dw::app {

backup_runner::backup_runner(std::string database_path, std::string folder)
    : database_path_(std::move(database_path)), folder_(std::move(folder)), thread_([this] { run(); }) {}

backup_runner::~backup_runner() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  wake_.notify_one();
  thread_.join();
}

void backup_runner::backup(std::int64_t at, std::size_t keep, std::function<void(store::backup_outcome)> done) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back([this, at, keep, done = std::move(done)] {
      store::backup_options options;
      options.at = at;
      options.keep = keep;
      // Checked between steps of 256 pages (1 MiB): a shutdown does not wait for a whole copy.
      options.go_on = [this] {
        std::lock_guard lock(mutex_);
        return !stopping_;
      };
      done(store::take_backup(database_path_, folder_, options));
    });
  }
  wake_.notify_one();
}

void backup_runner::list(std::function<void(std::vector<store::backup_file>, std::string error)> done) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back([this, done = std::move(done)] {
      std::vector<store::backup_file> files;
      std::string error;
      try {
        files = store::list_backups(folder_, database_path_);
      } catch (const std::exception& e) {
        error = e.what();
      }
      done(std::move(files), std::move(error));
    });
  }
  wake_.notify_one();
}

void backup_runner::run() {
  // Below the world thread, as the workers are: on a small machine a copy must not take the core the
  // game's one thread needs (Linux gives each thread its own nice value; a failure leaves it as it was).
  static_cast<void>(::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10));
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (stopping_) {
        return;
      }
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();  // take_backup and list never throw; a completion that did would end the process, as anywhere
  }
}

}  // namespace dw::app
