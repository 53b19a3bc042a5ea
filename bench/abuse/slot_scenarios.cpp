// Scenario (3): unauthenticated connections holding every slot, and one address minting accounts.
#include <atomic>
#include <mutex>
#include <thread>

#include "bench/abuse/attackers.hpp"
#include "bench/abuse/scenarios.hpp"
#include "tests/support/telnet_client.hpp"

namespace dw::bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

/// A name of letters only (names are 3-20 letters): "Mint" and the number in base 26.
std::string letters_name(long n) {
  std::string tail;
  do {
    tail.insert(tail.begin(), static_cast<char>('a' + n % 26));
    n /= 26;
  } while (n > 0);
  return "Mint" + tail;
}

}  // namespace

void slots_scenario(const bench_options& o) {
  const std::string s = "3 login-screen slots";
  server_run server(o.binary, shipped_defaults());
  create_account(server.port(), "Honest", "correcthorse");
  std::vector<std::string> addresses;
  for (int i = 1; i <= 63; ++i) {
    addresses.push_back("127.0.1." + std::to_string(i));
  }
  constexpr int per_address = 20;  // more than either server lets one address hold
  constexpr int slots = 512;
  slot_holder holder;
  const slot_grab grabbed = holder.grab(server.port(), addresses, per_address, slots, std::chrono::seconds(3));
  row(s, "connections attempted (63 addresses x 20)",
      fmt("%d (%d connect() failures)", grabbed.attempted, grabbed.failed));
  row(s, "connections held at the login screen", fmt("%d (%d closed by the server)", grabbed.held, grabbed.refused));
  row(s, fmt("all %d slots filled", slots),
      grabbed.held >= slots ? fmt("yes, in %.3f s", grabbed.seconds_to_target) : std::string("no"));
  // An honest player from another address, while they are held.
  row(s, "honest login from 127.0.0.1 meanwhile",
      tries_text({timed_login(server.port(), "", "Honest", "correcthorse", std::chrono::seconds(10))}, 10));
  holder.release();
}

void creation_scenario(const bench_options& o) {
  const std::string s = "3 account creation";
  server_run server(o.binary, shipped_defaults());
  const std::string address = "127.0.0.72";
  std::atomic<long> next_name{0};
  std::atomic<int> created{0};
  std::atomic<int> capped{0};
  std::atomic<int> queue_full{0};
  std::atomic<int> door{0};
  std::atomic<int> other{0};
  const auto started = steady_clock::now();
  const auto until = started + milliseconds(static_cast<long long>(o.create_seconds * 1000));
  std::vector<std::thread> workers;
  for (int t = 0; t < o.create_threads; ++t) {
    workers.emplace_back([&] {
      while (steady_clock::now() < until) {
        try {
          dw::testing::client_options options;
          options.source_address = address;
          dw::testing::telnet_client c(server.port(), options);
          c.expect("quit", std::chrono::seconds(10));
          c.expect("> ", std::chrono::seconds(10));  // the login screen's prompt
          c.send_line("create " + letters_name(next_name++) + " password123");
          const std::string reply = c.expect("> ", std::chrono::seconds(30));
          if (reply.find("Welcome to Deepwell") != std::string::npos) {
            ++created;
          } else if (reply.find("Too many characters") != std::string::npos) {
            ++capped;
          } else if (reply.find("being checked") != std::string::npos ||
                     reply.find("busy checking") != std::string::npos) {
            ++queue_full;
          } else {
            ++other;
          }
        } catch (const std::exception& e) {
          const std::string why = e.what();
          if (why.find("Too many connections") != std::string::npos) {
            ++door;
          } else {
            ++other;
          }
        }
      }
    });
  }
  for (std::thread& t : workers) {
    t.join();
  }
  const double took = seconds_since(started);
  row(s, fmt("accounts created from one address (%d connections at a time)", o.create_threads),
      fmt("%d in %.1f s", created.load(), took));
  row(s, "refused: hourly cap / checks queue / at the door / other",
      fmt("%d / %d / %d / %d", capped.load(), queue_full.load(), door.load(), other.load()));
  row(s, "\"account created\" lines in the server log / new password hashes made",
      fmt("%zu / %llu", server.count_in_output("account created: "),
          static_cast<unsigned long long>(server.hashes_made())));
}

}  // namespace dw::bench
