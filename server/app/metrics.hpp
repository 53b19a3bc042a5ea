#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/app/logging.hpp"
#include "server/game/administration/address_pattern.hpp"
#include "server/game/latency_histogram.hpp"
#include "server/net/traffic.hpp"
#include "server/store/writer.hpp"

// The metrics at /metrics on the web port: what the server reads from its parts when asked (nothing is
// gathered in between but the parts' own counters), the Prometheus text made from it, and who may read it.
// docs/operators.md, "Metrics", documents each metric.
namespace dw::game {
class world;
}

namespace dw::app {

/// The process as the kernel sees it.
struct process_reading {
  double cpu_seconds = 0;       ///< user and system time, every thread
  std::uint64_t rss_bytes = 0;  ///< resident memory now
  std::uint64_t open_fds = 0;   ///< open file descriptors (sockets, the database, the log)
};
/// Reads getrusage() and /proc/self (zeros for what cannot be read).
process_reading read_process();

/// Everything one scrape reports, read on the world thread at the request.
struct metrics_reading {
  std::int64_t started_at = 0;  ///< unix time the server started (kept across hot reboots)
  std::uint64_t players = 0;    ///< characters in play
  std::array<std::uint64_t, net::connection_kinds> connections{};  ///< open sessions by kind
  net::traffic traffic;                                            ///< opened, output bytes, MCCP2
  /// Commands by family, and how long they took.
  std::vector<std::pair<std::string, game::latency_histogram>> commands;
  store::writer::stats writer;
  std::uint64_t failed_reads = 0;  ///< reads on a worker that failed
  log_drops log;
  std::uint64_t branches = 0;           ///< branches alive
  std::uint64_t resident_branches = 0;  ///< of those, with rooms in memory
  std::uint64_t resident_rooms = 0;
  std::uint64_t resident_room_bytes = 0;
  std::uint64_t password_checks_waiting = 0;
  std::uint64_t password_checks_running = 0;
  std::uint64_t sqlite_memory_bytes = 0;  ///< store::sqlite_memory_used(): SQLite's page caches and more
  process_reading process;
};

/// What read_metrics() reads besides the parts' own counters.
struct metrics_parts {
  game::world& world;
  const store::writer& writer;
  std::uint64_t failed_reads;  ///< server_services::failed_reads()
  const net::traffic& traffic;
  std::array<std::uint64_t, net::connection_kinds> open_connections;  ///< the server's sessions by kind
  std::int64_t started_at;
};
/// Reads everything /metrics reports from the parts, now. World thread.
metrics_reading read_metrics(const metrics_parts& parts);

/// The Prometheus text (format 0.0.4) of `r`; every name begins deepwell_.
std::string metrics_text(const metrics_reading& r);

/// Who may read /metrics: metrics.allowed_addresses, read once.
class metrics_access {
 public:
  /// Reads the comma-separated list; throws config::config_error naming metrics.allowed_addresses for an
  /// entry that is not an address, a CIDR block or the start of addresses (address_pattern's forms).
  explicit metrics_access(std::string_view allowed);
  /// Whether a request from `address` may have the metrics: listed, and not through a proxy (a proxy on
  /// this machine would make every visitor look local).
  bool allows(std::string_view address, bool through_proxy) const;

 private:
  std::vector<game::address_pattern> allowed_;
};

}  // namespace dw::app
