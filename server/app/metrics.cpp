#include "server/app/metrics.hpp"

#include <sys/resource.h>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <variant>

#include "dungeon/dungeon.hpp"
#include "server/app/exposition.hpp"
#include "server/config/settings.hpp"
#include "server/game/commands/dispatcher.hpp"
#include "server/game/login/login.hpp"
#include "server/game/places/places.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/world.hpp"
#include "server/store/database.hpp"

namespace dw::app {

process_reading read_process() {
  process_reading p;
  rusage usage{};
  if (::getrusage(RUSAGE_SELF, &usage) == 0) {
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    p.cpu_seconds = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  }
  // statm: size resident shared ..., in pages.
  std::ifstream statm("/proc/self/statm");
  std::uint64_t size = 0;
  std::uint64_t resident = 0;
  if (statm >> size >> resident) {
    p.rss_bytes = resident * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  }
  std::error_code ec;
  std::uint64_t fds = 0;
  for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end; it.increment(ec)) {
    ++fds;
  }
  p.open_fds = fds > 0 ? fds - 1 : 0;  // (the listing itself holds one open while it runs)
  return p;
}

metrics_reading read_metrics(const metrics_parts& parts) {
  metrics_reading r;
  game::world& world = parts.world;
  r.started_at = parts.started_at;
  r.players = world.people().playing();
  r.connections = parts.open_connections;
  r.traffic = parts.traffic;
  for (const game::dispatcher::family_timing& t : world.commands().timings()) {
    r.commands.emplace_back(std::string(t.family), t.took);
  }
  r.writer = parts.writer.read_stats();
  r.failed_reads = parts.failed_reads;
  r.log = dropped_log_lines();
  const dungeon::dungeon& dungeon = world.where().dungeon();
  r.branches = dungeon.branch_count();
  r.resident_branches = dungeon.resident_branches();
  r.resident_rooms = dungeon.resident_rooms();
  r.resident_room_bytes = dungeon.resident_bytes();
  r.password_checks_waiting = world.logins().passwords().waiting();
  r.password_checks_running = world.logins().passwords().running();
  r.sqlite_memory_bytes = store::sqlite_memory_used();
  r.process = read_process();
  return r;
}

std::string metrics_text(const metrics_reading& r) {
  exposition out;
  out.family("deepwell_build_info", "gauge", "Always 1; the version of the server running.");
  out.sample("deepwell_build_info", {{"version", DEEPWELL_VERSION}}, std::uint64_t{1});
  out.family("deepwell_start_time_seconds", "gauge", "Unix time the server started (kept across hot reboots).");
  out.sample("deepwell_start_time_seconds", {}, static_cast<std::uint64_t>(r.started_at < 0 ? 0 : r.started_at));

  out.family("deepwell_players", "gauge", "Characters in play.");
  out.sample("deepwell_players", {}, r.players);
  out.family("deepwell_connections", "gauge",
             "Open game connections by kind: telnet, tls (the TLS port), web (WebSockets on the web port).");
  for (std::size_t k = 0; k < net::connection_kinds; ++k) {
    out.sample("deepwell_connections", {{"kind", net::connection_kind_names[k]}}, r.connections[k]);
  }
  out.family("deepwell_connections_opened_total", "counter", "Game connections opened by kind since start-up.");
  for (std::size_t k = 0; k < net::connection_kinds; ++k) {
    out.sample("deepwell_connections_opened_total", {{"kind", net::connection_kind_names[k]}}, r.traffic.opened[k]);
  }
  out.family("deepwell_output_bytes_total", "counter",
             "Bytes written to game connections by kind: after MCCP2 compression, before TLS or WebSocket framing.");
  for (std::size_t k = 0; k < net::connection_kinds; ++k) {
    out.sample("deepwell_output_bytes_total", {{"kind", net::connection_kind_names[k]}}, r.traffic.output_bytes[k]);
  }
  out.family("deepwell_mccp2_input_bytes_total", "counter", "Bytes given to MCCP2 compression.");
  out.sample("deepwell_mccp2_input_bytes_total", {}, r.traffic.mccp2_in);
  out.family("deepwell_mccp2_output_bytes_total", "counter", "Bytes MCCP2 compression produced.");
  out.sample("deepwell_mccp2_output_bytes_total", {}, r.traffic.mccp2_out);
  out.family("deepwell_mccp2_ratio", "gauge",
             "MCCP2 output bytes per input byte since start-up (1 until something was compressed).");
  out.sample("deepwell_mccp2_ratio", {},
             r.traffic.mccp2_in == 0
                 ? 1.0
                 : static_cast<double>(r.traffic.mccp2_out) / static_cast<double>(r.traffic.mccp2_in));

  out.family("deepwell_command_duration_seconds", "histogram",
             "Commands of characters in play by family (the command set; unknown: no such command), and how long "
             "each took on the world thread, from finding it to its handler's return.");
  for (const auto& [family, took] : r.commands) {
    out.histogram("deepwell_command_duration_seconds", {"family", family}, took);
  }

  out.family("deepwell_store_queue_changes", "gauge",
             "Changes handed to the database writer and not yet committed (or rolled back).");
  out.sample("deepwell_store_queue_changes", {}, r.writer.queued);
  out.family("deepwell_store_batches_total", "counter", "Transactions the database writer ran (group commits).");
  out.sample("deepwell_store_batches_total", {}, r.writer.batches);
  out.family("deepwell_store_changes_total", "counter", "Changes the database writer resolved (committed or not).");
  out.sample("deepwell_store_changes_total", {}, r.writer.changes);
  out.family("deepwell_store_commit_duration_seconds", "histogram",
             "How long each batch took on the database writer's thread, through its commit.");
  out.histogram("deepwell_store_commit_duration_seconds", {}, r.writer.commit_time);
  out.family("deepwell_storage_failures_total", "counter",
             "Storage faults: changes rolled back (write) and reads that failed (read).");
  out.sample("deepwell_storage_failures_total", {{"operation", "write"}}, r.writer.failed);
  out.sample("deepwell_storage_failures_total", {{"operation", "read"}}, r.failed_reads);

  out.family("deepwell_log_lines_dropped_total", "counter",
             "Log lines dropped: lost everywhere when the log queue was full (queue), or not written to stderr "
             "because nobody read it (console; the file has them).");
  out.sample("deepwell_log_lines_dropped_total", {{"where", "queue"}}, r.log.queue_overruns);
  out.sample("deepwell_log_lines_dropped_total", {{"where", "console"}}, r.log.console_dropped);

  out.family("deepwell_branches", "gauge", "Dungeon branches alive.");
  out.sample("deepwell_branches", {}, r.branches);
  out.family("deepwell_branches_in_memory", "gauge", "Dungeon branches with rooms in memory.");
  out.sample("deepwell_branches_in_memory", {}, r.resident_branches);
  out.family("deepwell_rooms_in_memory", "gauge", "Dungeon rooms in memory.");
  out.sample("deepwell_rooms_in_memory", {}, r.resident_rooms);
  out.family("deepwell_room_memory_bytes", "gauge", "Heap bytes the dungeon rooms in memory hold.");
  out.sample("deepwell_room_memory_bytes", {}, r.resident_room_bytes);

  out.family("deepwell_password_checks", "gauge",
             "Password checks (argon2id) waiting for a worker (waiting) and on one (running).");
  out.sample("deepwell_password_checks", {{"state", "waiting"}}, r.password_checks_waiting);
  out.sample("deepwell_password_checks", {{"state", "running"}}, r.password_checks_running);

  out.family("deepwell_sqlite_memory_bytes", "gauge",
             "Heap bytes SQLite holds, every connection: mostly page caches, each capped by cache_size.");
  out.sample("deepwell_sqlite_memory_bytes", {}, r.sqlite_memory_bytes);

  out.family("deepwell_process_cpu_seconds_total", "counter", "CPU time of the process, user and system.");
  out.sample("deepwell_process_cpu_seconds_total", {}, r.process.cpu_seconds);
  out.family("deepwell_process_resident_memory_bytes", "gauge", "Resident memory of the process.");
  out.sample("deepwell_process_resident_memory_bytes", {}, r.process.rss_bytes);
  out.family("deepwell_process_open_fds", "gauge", "Open file descriptors of the process.");
  out.sample("deepwell_process_open_fds", {}, r.process.open_fds);
  return out.take();
}

metrics_access::metrics_access(std::string_view allowed) {
  for (std::size_t from = 0; from < allowed.size();) {
    const std::size_t comma = std::min(allowed.find(',', from), allowed.size());
    std::string_view entry = allowed.substr(from, comma - from);
    from = comma + 1;
    while (!entry.empty() && (entry.front() == ' ' || entry.front() == '\t')) {
      entry.remove_prefix(1);
    }
    while (!entry.empty() && (entry.back() == ' ' || entry.back() == '\t')) {
      entry.remove_suffix(1);
    }
    if (entry.empty()) {
      continue;
    }
    auto parsed = game::address_pattern::parse(entry);
    if (const auto* why = std::get_if<std::string>(&parsed)) {
      throw config::config_error("metrics.allowed_addresses",
                                 "metrics.allowed_addresses: " + *why +
                                     " (entries are addresses, CIDR blocks or the start of addresses ending in *)");
    }
    allowed_.push_back(std::get<game::address_pattern>(std::move(parsed)));
  }
}

bool metrics_access::allows(std::string_view address, bool through_proxy) const {
  if (through_proxy) {
    return false;
  }
  for (const game::address_pattern& p : allowed_) {
    if (p.matches(address)) {
      return true;
    }
  }
  return false;
}

}  // namespace dw::app
