// mudload: opens many telnet clients against a MUD, logs each in with a small script, plays a scenario
// and measures each command's round trip (from sending the line to the next prompt marker).
// This file only puts the pieces together, in the order of a run:
//   options.*         the command line
//   load_driver.*     the run: ramp, progress line, measured window
//   client.*          one connection: telnet, login script, scenario, round trips
//   server_probe.*    the server's CPU and memory, and mudload's own CPU
//   load_report.*     the report as a table and as JSON
#include <boost/asio.hpp>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "bench/load/load_driver.hpp"
#include "bench/load/load_report.hpp"
#include "bench/load/options.hpp"
#include "bench/load/scenario.hpp"
#include "bench/load/script.hpp"
#include "bench/load/server_probe.hpp"
#include "bench/load/totals.hpp"

namespace dw::load {

int run(int argc, char** argv) {
  const parsed_options parsed = parse_options(argc, argv);
  if (!parsed.opts) {
    return parsed.exit_code;
  }
  const options& o = *parsed.opts;

  if (o.print_names) {
    for (int i = o.first_name; i < o.first_name + o.clients * o.relay; ++i) {
      std::printf("%s\n", client_name(o.name_prefix, i, o.first_name + o.clients * o.relay).c_str());
    }
    return 0;
  }
  scenario sc{};
  script sp;
  try {
    sc = parse_scenario(o.scenario_name);
    sp = read_script(o.script_file);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mudload: %s\n", e.what());
    return 2;
  }
  server_probe probe = probe_server(o.server_pid, o.server_pid_file);

  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address_v4(o.host, ec);
  if (ec) {
    std::fprintf(stderr, "mudload: --host must be an IPv4 address: %s\n", o.host.c_str());
    return 2;
  }

  totals t;
  load_driver driver(o, sp, sc, address, t, probe);
  driver.run();

  const std::uint64_t unfinished = driver.unfinished();
  print_report(o, t, probe, unfinished);
  if (!o.json_file.empty()) {
    write_json_report(o, t, probe, unfinished);
  }
  // The clients' sockets and callbacks go with the process: nothing to wait for.
  std::_Exit(0);
}

}  // namespace dw::load

int main(int argc, char** argv) { return dw::load::run(argc, argv); }
