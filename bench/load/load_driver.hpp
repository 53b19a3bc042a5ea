#pragma once

// The run: opens the connections at --ramp per second (each bound to the next of the loopback source
// addresses), prints the progress line each second, opens the measured window after --warmup and
// samples the server at both of its ends, and stops when it closes. With --interval it also keeps a
// row for each interval of the window (its round trips, the server's memory, descriptors and CPU), and
// with --session-commands it logs clients in again once they have quit. One io_context on one thread
// runs the clients and the timers, so nothing here is locked. The clients are kept, not destroyed,
// until the process ends: the report reads what they left unanswered.
#include <boost/asio.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "bench/load/client.hpp"
#include "bench/load/options.hpp"
#include "bench/load/scenario.hpp"
#include "bench/load/script.hpp"
#include "bench/load/server_probe.hpp"
#include "bench/load/totals.hpp"

namespace dw::load {

class load_driver {
 public:
  /// `o`, `sp`, `t` and `probe` must outlive the driver. Raises the open-files limit to its maximum.
  load_driver(const options& o, const script& sp, scenario sc, boost::asio::ip::address_v4 server, totals& t,
              server_probe& probe);

  /// Runs until the measured window closes.
  void run();
  /// Commands sent whose reply has not come, all clients together.
  std::uint64_t unfinished() const;

 private:
  void open_next();
  void wait_tick();
  void on_tick();
  void log_in_again();
  void wait_interval();
  void on_interval();

  const options& o_;
  const script& script_;
  scenario scenario_;
  totals& t_;
  server_probe& probe_;
  boost::asio::io_context io_{1};
  boost::asio::ip::tcp::endpoint server_;
  bool loopback_;
  int sources_;
  std::chrono::nanoseconds ramp_step_;
  boost::asio::steady_timer ramp_{io_};
  boost::asio::steady_timer tick_{io_};
  boost::asio::steady_timer window_{io_};
  boost::asio::steady_timer interval_{io_};
  double interval_cpu_ = -1;  ///< the server's CPU seconds when the current --interval began
  std::vector<std::shared_ptr<client>> clients_;
  clock_type::time_point begin_;
  std::uint64_t last_commands_ = 0;
  int second_ = 0;
};

}  // namespace dw::load
