#include "bench/load/load_driver.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "bench/load/load_report.hpp"

namespace dw::load {

namespace asio = boost::asio;

namespace {

void raise_fd_limit() {
  rlimit lim{};
  if (::getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
    lim.rlim_cur = lim.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &lim);
  }
}

}  // namespace

load_driver::load_driver(const options& o, const script& sp, scenario sc, asio::ip::address_v4 server, totals& t,
                         server_probe& probe)
    : o_(o),
      script_(sp),
      scenario_(sc),
      t_(t),
      probe_(probe),
      server_(server, o.port),
      loopback_((server.to_uint() >> 24) == 127),
      sources_(o.sources > 0 ? o.sources : (o.clients + 11) / 12),
      ramp_step_(static_cast<long long>(1e9 / o.ramp)) {
  raise_fd_limit();
  clients_.reserve(static_cast<std::size_t>(o.clients));
}

void load_driver::run() {
  begin_ = clock_type::now();
  t_.window_start = begin_ + std::chrono::milliseconds(static_cast<long long>(o_.warmup * 1000));
  t_.window_end = t_.window_start + std::chrono::milliseconds(static_cast<long long>(o_.duration * 1000));
  open_next();

  // The measured window: the server's CPU time is read at both ends.
  window_.expires_at(t_.window_start);
  window_.async_wait([this](const boost::system::error_code& err) {
    if (err) {
      return;
    }
    t_.measuring = true;
    probe_.window_opens();
    if (o_.interval > 0) {
      interval_cpu_ = probe_.cpu_start;
      wait_interval();
    }
    window_.expires_at(t_.window_end);
    window_.async_wait([this](const boost::system::error_code& err2) {
      if (err2) {
        return;
      }
      probe_.window_closes();
      if (o_.interval > 0 && static_cast<double>(t_.rows.size() + 1) * o_.interval <= o_.duration + 1e-9) {
        interval_.cancel();  // (the last interval ends with the window: its row before the stop)
        on_interval();
      }
      io_.stop();
    });
  });
  wait_tick();
  io_.run();
}

std::uint64_t load_driver::unfinished() const {
  std::uint64_t unfinished = 0;
  for (const auto& c : clients_) {
    unfinished += c->unfinished();
  }
  return unfinished;
}

/// Opens the connections due by now at --ramp per second, then waits for the next one.
void load_driver::open_next() {
  const auto due =
      static_cast<std::size_t>(ns_between(begin_, clock_type::now()) / static_cast<std::uint64_t>(ramp_step_.count())) +
      1;
  while (clients_.size() < static_cast<std::size_t>(o_.clients) && clients_.size() < due) {
    const int n = static_cast<int>(clients_.size());
    std::optional<asio::ip::address_v4> source;
    if (loopback_) {
      source = asio::ip::address_v4(0x7f000001u + static_cast<std::uint32_t>(n % sources_));
    }
    clients_.push_back(std::make_shared<client>(io_, o_, script_, t_, scenario_, n));
    clients_.back()->start(server_, source);
  }
  if (clients_.size() < static_cast<std::size_t>(o_.clients)) {
    ramp_.expires_after(std::max(ramp_step_, std::chrono::nanoseconds(1000000)));
    ramp_.async_wait([this](const boost::system::error_code& err) {
      if (!err) {
        open_next();
      }
    });
  }
}

/// Clients that quit (--session-commands) and saw the server close log in again, as the same
/// character, through a new client in the same place.
void load_driver::log_in_again() {
  for (auto& c : clients_) {
    if (c->wants_again()) {
      const int n = c->number();
      const int session = c->session() + 1;
      std::optional<asio::ip::address_v4> source;
      if (loopback_) {
        source = asio::ip::address_v4(0x7f000001u + static_cast<std::uint32_t>(n % sources_));
      }
      c = std::make_shared<client>(io_, o_, script_, t_, scenario_, n, session);
      c->start(server_, source);
      ++t_.reconnects;
    }
  }
}

/// Waits for the end of the next --interval of the window.
void load_driver::wait_interval() {
  const auto span = std::chrono::nanoseconds(static_cast<long long>(o_.interval * 1e9));
  interval_.expires_at(t_.window_start + span * static_cast<long long>(t_.rows.size() + 1));
  interval_.async_wait([this](const boost::system::error_code& err) {
    if (!err) {
      on_interval();
    }
  });
}

/// An interval ends: its row, and the next interval's histogram starts empty.
void load_driver::on_interval() {
  interval_row row;
  row.end_s = o_.interval * static_cast<double>(t_.rows.size() + 1);
  row.commands = t_.commands_interval;
  row.rtt = t_.interval;
  const server_sample now = probe_.sample();
  row.rss_kib = now.rss_kib;
  row.fds = now.fds;
  row.cpu_s = now.cpu_s >= 0 && interval_cpu_ >= 0 ? now.cpu_s - interval_cpu_ : -1;
  interval_cpu_ = now.cpu_s;
  row.logged_in = t_.logged_in;
  row.errors = t_.errors();
  row.quits = t_.quits;
  if (!o_.quiet) {
    std::fprintf(stderr, "[interval %.0f s] commands %llu  p50 %s  p99 %s  max %s ms  RSS %.1f MiB  fds %d\n",
                 row.end_s, static_cast<unsigned long long>(row.commands), ms(row.rtt.quantile(0.5)).c_str(),
                 ms(row.rtt.quantile(0.99)).c_str(), ms(row.rtt.max()).c_str(), static_cast<double>(row.rss_kib) / 1024,
                 row.fds);
  }
  t_.rows.push_back(std::move(row));
  t_.interval = histogram{};
  t_.commands_interval = 0;
  if (o_.interval * static_cast<double>(t_.rows.size() + 1) <= o_.duration + 1e-9) {
    wait_interval();
  }
}

/// Waits for the next whole second from the start.
void load_driver::wait_tick() {
  tick_.expires_at(begin_ + std::chrono::seconds(second_ + 1));
  tick_.async_wait([this](const boost::system::error_code& err) {
    if (!err) {
      on_tick();
    }
  });
}

/// The progress line, on stderr.
void load_driver::on_tick() {
  ++second_;
  if (o_.session_commands > 0) {
    log_in_again();
  }
  if (!o_.quiet) {
    const histogram& h = t_.window.count() > 0 ? t_.window : t_.all;
    std::fprintf(stderr,
                 "[%3ds] connected %d (opening %d)  logged in %d  cmd/s %llu  p99 %s ms  errors %llu  disconnects "
                 "%llu  quits %llu\n",
                 second_, t_.connected, t_.connecting, t_.logged_in,
                 static_cast<unsigned long long>(t_.commands_all - last_commands_), ms(h.quantile(0.99)).c_str(),
                 static_cast<unsigned long long>(t_.errors()), static_cast<unsigned long long>(t_.disconnects),
                 static_cast<unsigned long long>(t_.quits));
  }
  last_commands_ = t_.commands_all;
  wait_tick();
}

}  // namespace dw::load
