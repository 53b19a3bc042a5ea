#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace dw::app {

/// Log lines that never reached a destination since logging was set up.
struct log_drops {
  std::uint64_t queue_overruns = 0;   ///< lost everywhere: the log queue was full
  std::uint64_t console_dropped = 0;  ///< not written to stderr, which was not being read (the file has them)
};

/// Logs to stderr and to a rotating file `<dir>/deepwell.log`, through a bounded queue and one
/// logging thread, so that logging never blocks the thread that logs. Throws if the folder cannot be made.
void setup_logging(const std::string& dir, const std::string& level);

/// What was dropped so far; any thread.
log_drops dropped_log_lines();

/// Waits (at most `timeout`) until every line logged before the call is written and flushed, e.g.
/// before exec() replaces the process. True if that happened in time.
bool flush_logging(std::chrono::milliseconds timeout = std::chrono::seconds(2));

/// Writes out the queue, says what was dropped, and stops the logging thread; later lines are
/// written synchronously. Call from main once no other thread needs fast logging.
void shutdown_logging();

}  // namespace dw::app
