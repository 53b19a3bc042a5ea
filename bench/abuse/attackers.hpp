#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

namespace dw::bench {

/// A bare TCP connection to the server from `source` (any 127.x.y.z), or -1. Connecting gives up after
/// `timeout` (a full accept queue would otherwise make connect() retry for minutes).
int connect_from(const std::string& source, std::uint16_t port, std::chrono::milliseconds timeout);

/// Attackers that connect, send one guess (`connect <account> guess...`) and hang up at once without
/// reading, over and over, until stopped: the same as the integration test's hash flood.
class hash_flood {
 public:
  /// Each thread connects from each of `addresses` in turn.
  hash_flood(std::uint16_t port, int threads, const std::vector<std::string>& addresses, const std::string& account);
  ~hash_flood();
  hash_flood(const hash_flood&) = delete;
  hash_flood& operator=(const hash_flood&) = delete;

  /// Tells the threads to stop; stop() also waits for them.
  void signal_stop() { stop_ = true; }
  void stop();
  long sent() const { return sent_; }
  /// Connections that could not be made or whose guess could not be sent.
  long failed() const { return failed_; }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<long> sent_{0};
  std::atomic<long> failed_{0};
  std::vector<std::thread> workers_;
};

/// What came of opening many login-screen connections at once.
struct slot_grab {
  int attempted = 0;
  int held = 0;     ///< reached the login screen and still open at the end
  int refused = 0;  ///< closed by the server (full, or too many from that address)
  int failed = 0;   ///< connect() itself failed
  /// Seconds from the first connect() until the connection that made the count reach `target` saw its
  /// login screen; negative if the count never reached it.
  double seconds_to_target = -1;
};

/// Opens `per_address` connections from each address as fast as possible, then waits `settle` for each
/// to show the login screen or be closed. The held connections stay open until release().
class slot_holder {
 public:
  slot_holder() = default;
  ~slot_holder() { release(); }
  slot_holder(const slot_holder&) = delete;
  slot_holder& operator=(const slot_holder&) = delete;

  slot_grab grab(std::uint16_t port, const std::vector<std::string>& addresses, int per_address, int target,
                 std::chrono::milliseconds settle);
  void release();

 private:
  std::vector<int> fds_;
};

}  // namespace dw::bench
