#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace dw::store {
class database;
}

namespace dw::game {

/// What the game needs from the process around it. The server implements it with a worker pool,
/// the store's writer thread and Asio timers; tests implement it inline. Called on the world thread.
class services {
 public:
  virtual ~services() = default;
  /// Runs `work` on a worker thread with that thread's own read connection, then `done` on the world thread.
  /// For blocking work: password hashing, reads at login.
  virtual void run_blocking(std::function<void(store::database&)> work, std::function<void()> done) = 0;
  /// Hands a change to the writer thread (group commit). Output produced after this call is held
  /// back until the change has committed. Returns the change's ticket.
  virtual std::uint64_t persist(std::function<void(store::database&)> change) = 0;
  /// Runs `fn` on the world thread once every change persisted so far has committed.
  virtual void after_commit(std::function<void()> fn) = 0;
  /// Runs `fn` on the world thread after `delay`.
  virtual void after(std::chrono::milliseconds delay, std::function<void()> fn) = 0;
  /// Wall-clock time in unix seconds.
  virtual std::int64_t now() = 0;
  /// Stops the server gracefully (as SIGTERM does).
  virtual void stop_server() = 0;
  /// Hot reboot: saves, hands every connection to a fresh image of the binary (exec in place). Runs
  /// after the current event; on failure the server keeps running and world::reboot_failed is called.
  virtual void reboot(std::uint64_t requested_by) = 0;
};

}  // namespace dw::game
