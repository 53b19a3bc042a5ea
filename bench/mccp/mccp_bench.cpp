// Colour's and MCCP2's cost per command. (1) The real server with three characters, one whose client
// reports no colour, one reporting 24-bit colour, and that one with MCCP2 on, typing the same commands
// (look, help, say, who) in alternating rounds: the server's CPU per command for each, and bytes on the
// wire compressed / plain. (2) deflate_stream alone, in this process, on the
// replies the server sent, one sync-flushed write per reply, at zlib levels 1, 4, 6 and 9.
//
// A command-line tool: it prints its tables (Markdown) with printf, as the other benchmarks do.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "bench/support/server_run.hpp"
#include "server/telnet/deflate_stream.hpp"
#include "tests/support/telnet_client.hpp"

namespace {

using dw::testing::client_options;
using dw::testing::telnet_client;

constexpr const char* commands[] = {"look", "help", "say the quick brown fox jumps over the lazy dog", "who"};

/// Everything sent so far has been answered: a marker line's echo and its prompt, then forgotten.
void sync(telnet_client& c, int& n) {
  const std::string marker = "sync-" + std::to_string(++n);
  c.send_line("say " + marker);
  c.expect(marker, std::chrono::seconds(30));
  c.expect_prompt(std::chrono::seconds(30));
  c.discard_consumed();
}

struct side {
  double cpu_s = 0;
  std::size_t commands = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int total = 4000;
  int rounds = 8;
  CLI::App app("MCCP2 cost per command");
  app.add_option("--commands", total, "commands per client (split over the rounds)")->capture_default_str();
  app.add_option("--rounds", rounds, "alternating rounds")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  dw::bench::server_binary binary;
  binary.path = DW_SERVER_BINARY;
  binary.content_dir = DW_CONTENT_DIR;
  dw::bench::toml_config config = dw::bench::shipped_defaults();
  config.set("server", "max_commands_per_second", "10000");
  config.set("server", "flood_disconnect_seconds", "3600");
  config.set("server", "mccp2_level", "4");
  config.set("accounts", "hash_ops_limit", "1");
  config.set("accounts", "hash_memory_kib", "8192");
  dw::bench::server_run server(binary, config);

  // Three clients typing the same commands: one that reports no colour (no TTYPE), one that reports
  // 24-bit colour (MTTS 2831, the test client's default), and that one again with MCCP2 on. The
  // first two give colour's cost, the last two MCCP2's.
  client_options bare_options;
  bare_options.ttype = false;
  client_options plain_options;
  client_options mccp_options;
  mccp_options.mccp2 = true;
  telnet_client bare(server.port(), bare_options);
  bare.create("Bare", "barepassword");
  telnet_client plain(server.port(), plain_options);
  plain.create("Plain", "plainpassword");
  telnet_client packed(server.port(), mccp_options);
  packed.create("Packed", "packedpassword");
  if (!packed.compressing()) {
    std::fprintf(stderr, "MCCP2 did not start\n");
    return 1;
  }
  int syncs = 0;
  sync(bare, syncs);
  sync(plain, syncs);
  sync(packed, syncs);

  std::vector<std::string> replies;  // what the plain client received per command, for (2)
  telnet_client* clients[] = {&bare, &plain, &packed};
  side sides[3];
  double compressed = 0;
  double inflated = 0;
  const int per_round = total / rounds;
  for (int round = 0; round < rounds; ++round) {
    for (int which = 0; which < 3; ++which) {
      telnet_client& c = *clients[which];
      side& s = sides[which];
      sync(c, syncs);
      const std::size_t in_before = c.inflated_bytes(), out_before = c.compressed_bytes();
      const double before = server.cpu_seconds_exact();
      auto last = std::chrono::steady_clock::now();
      for (int i = 0; i < per_round; ++i) {
        // Under the server's command limit (10000 a second, the most it allows): no command is dropped.
        std::this_thread::sleep_until(last + std::chrono::microseconds(150));
        last = std::chrono::steady_clock::now();
        c.send_line(commands[i % 4]);
        std::string reply = c.expect_prompt(std::chrono::seconds(30));
        if (which == 1 && round == 0) {
          replies.push_back(std::move(reply));
        }
      }
      s.cpu_s += server.cpu_seconds_exact() - before;
      s.commands += static_cast<std::size_t>(per_round);
      if (which == 2) {
        compressed += static_cast<double>(c.compressed_bytes() - out_before);
        inflated += static_cast<double>(c.inflated_bytes() - in_before);
      }
      c.discard_consumed();
    }
  }
  const auto us_per_command = [](const side& s) { return s.cpu_s * 1e6 / static_cast<double>(s.commands); };
  const double bare_us = us_per_command(sides[0]);
  const double plain_us = us_per_command(sides[1]);
  const double packed_us = us_per_command(sides[2]);
  std::printf("### (1) the real server, %zu commands per client (look, help, say, who in turn), %d rounds\n\n",
              sides[1].commands, rounds);
  std::printf("| client | server CPU µs/command | bytes on the wire / command | compressed / plain |\n");
  std::printf("|---|---|---|---|\n");
  std::printf("| no colour reported | %.1f | | |\n", bare_us);
  std::printf("| 24-bit colour | %.1f | %.0f | 1 |\n", plain_us, inflated / static_cast<double>(sides[2].commands));
  std::printf("| 24-bit colour, MCCP2 level 4 | %.1f | %.0f | %.3f |\n\n", packed_us,
              compressed / static_cast<double>(sides[2].commands), compressed / inflated);
  std::printf("Colour costs %.1f µs of server CPU per command (%+.1f%%); MCCP2 %.1f µs more (%+.1f%%).\n\n",
              plain_us - bare_us, (plain_us - bare_us) * 100.0 / bare_us, packed_us - plain_us,
              (packed_us - plain_us) * 100.0 / plain_us);

  std::printf("### (2) deflate_stream alone on %zu of those replies, one Z_SYNC_FLUSH write each\n\n",
              replies.size());
  std::printf("| level | µs/command | compressed / plain |\n|---|---|---|\n");
  std::size_t plain_bytes = 0;
  for (const std::string& r : replies) {
    plain_bytes += r.size();
  }
  for (const int level : {1, 4, 6, 9}) {
    dw::telnet::deflate_stream d(level);
    d.start();
    std::string wire;
    const int repeats = 20;
    const auto start = std::chrono::steady_clock::now();
    std::size_t out_bytes = 0;
    for (int k = 0; k < repeats; ++k) {
      for (const std::string& r : replies) {
        wire.clear();
        d.write(r, wire, true);
        out_bytes += wire.size();
      }
    }
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    std::printf("| %d | %.2f | %.3f |\n", level, us / static_cast<double>(replies.size() * repeats),
                static_cast<double>(out_bytes) / static_cast<double>(plain_bytes * repeats));
  }
  return 0;
}
