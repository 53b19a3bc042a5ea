#include "bench/load/load_report.hpp"

#include <cstdio>
#include <fstream>

#include "bench/support/report.hpp"

namespace dw::load {

namespace {

/// Commands per second over the window.
double per_second(const options& o, const totals& t) { return static_cast<double>(t.commands_window) / o.duration; }

/// The server's CPU microseconds per command over the window; -1 if there were none or no CPU time.
double cpu_us_per_command(const totals& t, const server_probe& probe) {
  const double cpu = probe.cpu();
  return t.commands_window > 0 && cpu >= 0 ? 1e6 * cpu / static_cast<double>(t.commands_window) : -1;
}

/// The rows' round trips at both ends of the window (--edge seconds each), and the rows that end them.
struct edges {
  histogram first;
  histogram last;
  const interval_row* first_row = nullptr;  ///< the last row within the first --edge seconds
  const interval_row* last_row = nullptr;   ///< the window's last row
};

edges edges_of(const options& o, const totals& t) {
  edges e;
  if (t.rows.empty()) {
    return e;
  }
  const double end = t.rows.back().end_s;
  for (const interval_row& r : t.rows) {
    if (r.end_s <= o.edge + 1e-9) {
      e.first.merge(r.rtt);
      e.first_row = &r;
    }
    if (r.end_s - o.interval >= end - o.edge - 1e-9) {
      e.last.merge(r.rtt);
    }
  }
  e.last_row = &t.rows.back();
  return e;
}

double ratio(double a, double b) { return b > 0 ? a / b : -1; }

void print_rows(const options& o, const totals& t) {
  if (t.rows.empty()) {
    return;
  }
  std::printf("  %-10s %9s %9s %9s %9s %10s %6s %8s %9s %7s\n", "interval", "commands", "p50 ms", "p99 ms", "max ms",
              "RSS MiB", "fds", "CPU %", "logged in", "quits");
  for (const interval_row& r : t.rows) {
    std::printf("  %-10s %9llu %9s %9s %9s %10.1f %6d %8.1f %9d %7llu\n", bench::fmt("%.0f s", r.end_s).c_str(),
                static_cast<unsigned long long>(r.commands), ms(r.rtt.quantile(0.5)).c_str(),
                ms(r.rtt.quantile(0.99)).c_str(), ms(r.rtt.max()).c_str(), static_cast<double>(r.rss_kib) / 1024, r.fds,
                r.cpu_s >= 0 ? 100 * r.cpu_s / o.interval : -1.0, r.logged_in,
                static_cast<unsigned long long>(r.quits));
  }
  const edges e = edges_of(o, t);
  if (e.first_row != nullptr && e.first.count() > 0 && e.last.count() > 0) {
    const double p99_first = static_cast<double>(e.first.quantile(0.99));
    const double p99_last = static_cast<double>(e.last.quantile(0.99));
    std::printf("  %-22s first %.0f s %s ms, last %.0f s %s ms: %.2fx\n", "p99 at the ends", o.edge,
                ms(e.first.quantile(0.99)).c_str(), o.edge, ms(e.last.quantile(0.99)).c_str(),
                ratio(p99_last, p99_first));
    std::printf("  %-22s at %.0f s %.1f MiB, at the end %.1f MiB: %.3fx\n", "server RSS", e.first_row->end_s,
                static_cast<double>(e.first_row->rss_kib) / 1024, static_cast<double>(e.last_row->rss_kib) / 1024,
                ratio(static_cast<double>(e.last_row->rss_kib), static_cast<double>(e.first_row->rss_kib)));
    std::printf("  %-22s at %.0f s %d, at the end %d\n", "server fds", e.first_row->end_s, e.first_row->fds,
                e.last_row->fds);
  }
}

}  // namespace

std::string ms(std::uint64_t ns) { return bench::fmt("%.3f", static_cast<double>(ns) / 1e6); }

void print_report(const options& o, const totals& t, const server_probe& probe, std::uint64_t unfinished) {
  const histogram& h = t.window;
  const double seconds = o.duration;
  const double cpu = probe.cpu();
  const double us_per_command = cpu_us_per_command(t, probe);
  const std::string mode = o.rate > 0 ? bench::fmt("open loop, %.2f cmd/s per client", o.rate)
                                      : bench::fmt("closed loop, think %g ms", o.think_ms);

  std::printf("mudload %s:%u  scenario %s  clients %d  %s  %.0f s measured after %.0f s warm-up\n", o.host.c_str(),
              o.port, o.scenario_name.c_str(), o.clients, mode.c_str(), o.duration, o.warmup);
  std::printf("  %-22s %d of %d (login p50 %s ms, p99 %s ms)\n", "logged in at the end", t.logged_in, o.clients,
              ms(t.login.quantile(0.5)).c_str(), ms(t.login.quantile(0.99)).c_str());
  std::printf("  %-22s %llu (%.1f per second)\n", "commands", static_cast<unsigned long long>(t.commands_window),
              per_second(o, t));
  std::printf("  %-22s p50 %s  p90 %s  p99 %s  p99.9 %s  max %s ms\n", "round trip", ms(h.quantile(0.5)).c_str(),
              ms(h.quantile(0.9)).c_str(), ms(h.quantile(0.99)).c_str(), ms(h.quantile(0.999)).c_str(),
              ms(h.max()).c_str());
  std::printf("  %-22s %llu (connect %llu, login %llu, reply timeouts %llu, other %llu)\n", "errors",
              static_cast<unsigned long long>(t.errors()), static_cast<unsigned long long>(t.connect_errors),
              static_cast<unsigned long long>(t.login_errors), static_cast<unsigned long long>(t.timeouts),
              static_cast<unsigned long long>(t.other_errors));
  if (t.throttled > 0) {
    std::printf("  %-22s %llu times: the server dropped commands (rate limit), the figures are not valid\n",
                "THROTTLED", static_cast<unsigned long long>(t.throttled));
  }
  std::string verbs;
  for (const auto& [verb, count] : t.sent) {
    verbs += bench::fmt("%s%s %llu", verbs.empty() ? "" : ", ", verb.c_str(), static_cast<unsigned long long>(count));
  }
  std::printf("  %-22s %s\n", "sent (whole run)", verbs.empty() ? "-" : verbs.c_str());
  std::printf("  %-22s %llu\n", "disconnects", static_cast<unsigned long long>(t.disconnects));
  if (o.session_commands > 0) {
    std::printf(
        "  %-22s %llu quit (of them %llu explorers lost on the way back, quitting in the dungeon), %llu logged "
        "in again%s\n",
        "sessions ended", static_cast<unsigned long long>(t.quits), static_cast<unsigned long long>(t.lost),
        static_cast<unsigned long long>(t.reconnects),
        o.relay > 1 ? bench::fmt(" (%d characters take turns at each client's place)", o.relay).c_str() : "");
    std::printf("  %-22s %llu began in the dungeon, where they had quit; %llu of them found the well\n",
                "explorers' sessions", static_cast<unsigned long long>(t.began_inside),
                static_cast<unsigned long long>(t.found_way_out));
  }
  std::printf("  %-22s %llu\n", "unanswered at the end", static_cast<unsigned long long>(unfinished));
  if (probe.pid > 0) {
    std::printf("  %-22s pid %d: CPU %.3f s over the window (%.1f %% of one core), %s us per command, RSS %.1f MiB\n",
                "server", probe.pid, cpu, cpu >= 0 ? 100 * cpu / seconds : -1,
                us_per_command >= 0 ? bench::fmt("%.1f", us_per_command).c_str() : "-",
                static_cast<double>(probe.rss_kib) / 1024);
  }
  const double own = probe.own();
  std::printf("  %-22s CPU %.3f s over the window (%.1f %% of one core%s)\n", "mudload", own, 100 * own / seconds,
              own / seconds > 0.9 ? ": the generator may be the limit" : "");
  print_rows(o, t);
  std::fflush(stdout);
}

void write_json_report(const options& o, const totals& t, const server_probe& probe, std::uint64_t unfinished) {
  const histogram& h = t.window;
  std::ofstream out(o.json_file);
  out << "{\"host\":\"" << o.host << "\",\"port\":" << o.port << ",\"scenario\":\"" << o.scenario_name
      << "\",\"clients\":" << o.clients << ",\"rate_per_client\":" << o.rate << ",\"think_ms\":" << o.think_ms
      << ",\"duration_s\":" << o.duration << ",\"warmup_s\":" << o.warmup << ",\"logged_in\":" << t.logged_in
      << ",\"commands\":" << t.commands_window << ",\"commands_per_s\":" << per_second(o, t)
      << ",\"rtt_ms\":{\"p50\":" << ms(h.quantile(0.5)) << ",\"p90\":" << ms(h.quantile(0.9))
      << ",\"p99\":" << ms(h.quantile(0.99)) << ",\"p999\":" << ms(h.quantile(0.999)) << ",\"max\":" << ms(h.max())
      << "},\"login_ms\":{\"p50\":" << ms(t.login.quantile(0.5)) << ",\"p99\":" << ms(t.login.quantile(0.99))
      << "},\"errors\":" << t.errors() << ",\"connect_errors\":" << t.connect_errors
      << ",\"login_errors\":" << t.login_errors << ",\"other_errors\":" << t.other_errors
      << ",\"timeouts\":" << t.timeouts << ",\"throttled\":" << t.throttled << ",\"disconnects\":" << t.disconnects
      << ",\"unanswered\":" << unfinished << ",\"quits\":" << t.quits << ",\"reconnects\":" << t.reconnects
      << ",\"lost\":" << t.lost << ",\"began_inside\":" << t.began_inside << ",\"found_way_out\":" << t.found_way_out << ",\"relay\":" << o.relay << ",\"mudload_cpu_s\":" << probe.own();
  if (!t.rows.empty()) {
    out << ",\"interval_s\":" << o.interval << ",\"intervals\":[";
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      const interval_row& r = t.rows[i];
      out << (i > 0 ? "," : "") << "{\"end_s\":" << r.end_s << ",\"commands\":" << r.commands
          << ",\"p50_ms\":" << ms(r.rtt.quantile(0.5)) << ",\"p99_ms\":" << ms(r.rtt.quantile(0.99))
          << ",\"max_ms\":" << ms(r.rtt.max()) << ",\"rss_kib\":" << r.rss_kib << ",\"fds\":" << r.fds
          << ",\"cpu_s\":" << r.cpu_s << ",\"logged_in\":" << r.logged_in << ",\"errors\":" << r.errors
          << ",\"quits\":" << r.quits << "}";
    }
    out << "]";
    const edges e = edges_of(o, t);
    if (e.first_row != nullptr) {
      out << ",\"edges\":{\"edge_s\":" << o.edge << ",\"p99_first_ms\":" << ms(e.first.quantile(0.99))
          << ",\"p99_last_ms\":" << ms(e.last.quantile(0.99)) << ",\"rss_first_kib\":" << e.first_row->rss_kib
          << ",\"rss_last_kib\":" << e.last_row->rss_kib << ",\"fds_first\":" << e.first_row->fds
          << ",\"fds_last\":" << e.last_row->fds << "}";
    }
  }
  if (probe.pid > 0) {
    out << ",\"server\":{\"pid\":" << probe.pid << ",\"cpu_s\":" << probe.cpu()
        << ",\"cpu_us_per_command\":" << cpu_us_per_command(t, probe) << ",\"rss_kib\":" << probe.rss_kib << "}";
  }
  out << "}\n";
}

}  // namespace dw::load
