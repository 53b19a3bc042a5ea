#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace dw::game {

/// Password checks (argon2id, deliberately slow) waiting for a worker. Bounded per address and overall,
/// fair between addresses (round robin), and a check whose connection has gone is dropped before it
/// costs anything. Only as many checks as there are workers are ever handed to the worker pool, so a
/// flood never builds a backlog there and shutdown never waits for one. Pure; world thread.
class password_queue {
 public:
  struct job {
    std::uint64_t conn = 0;
    std::string address;
    std::string name;            ///< the account name tried (for the audit of dropped attempts)
    std::function<void()> start; ///< hands the check to a worker; the caller calls finished() when it ends
  };
  enum class admission { accepted, address_busy, server_busy };

  password_queue(std::size_t workers, std::size_t per_address, std::size_t overall)
      : workers_(workers), per_address_(per_address), overall_(overall) {}
  void set_limits(std::size_t per_address, std::size_t overall) {
    per_address_ = per_address;
    overall_ = overall;
  }

  /// Queues a check, unless its address already has per_address checks waiting or running, or the
  /// server has `overall` of them.
  admission push(job j);
  /// The next check to start when a worker is free (the address waiting longest goes first), or nullopt.
  std::optional<job> next();
  /// A started check of `address` has ended.
  void finished(const std::string& address);
  /// Drops the waiting checks of a connection that has gone; returns them (for the audit).
  std::deque<job> cancel(std::uint64_t conn);
  /// Drops every waiting check (shutdown); returns how many.
  std::size_t clear();

  std::size_t waiting() const { return waiting_; }
  std::size_t running() const { return running_; }

 private:
  struct per_address {
    std::deque<job> waiting;
    std::size_t running = 0;
  };
  std::size_t workers_;
  std::size_t per_address_;
  std::size_t overall_;
  std::map<std::string, per_address> by_address_;
  std::deque<std::string> turns_;  ///< addresses with waiting checks, in turn order
  std::size_t waiting_ = 0;
  std::size_t running_ = 0;
};

}  // namespace dw::game
