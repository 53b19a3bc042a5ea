#include <algorithm>
#include <cstdio>
#include <thread>

#include "bench/abuse/scenarios.hpp"
#include "tests/support/telnet_client.hpp"

namespace dw::bench {

void row(const std::string& scenario, const std::string& figure, const std::string& value) {
  std::fprintf(stdout, "| %s | %s | %s |\n", scenario.c_str(), figure.c_str(), value.c_str());
  std::fflush(stdout);
}

std::string latency_text(std::optional<double> ms, double timeout_s) {
  return ms ? fmt("%.0f ms", *ms) : fmt("no answer in %.0f s", timeout_s);
}

std::string tries_text(const std::vector<login_try>& tries, double timeout_s) {
  std::vector<double> welcomed;
  std::size_t timed_out = 0;
  std::string refusal;
  for (const login_try& t : tries) {
    if (t.welcomed_ms) {
      welcomed.push_back(*t.welcomed_ms);
    } else if (t.timed_out) {
      ++timed_out;
    } else if (refusal.empty()) {
      refusal = one_line(t.told, 80);
    }
  }
  const std::size_t refused = tries.size() - welcomed.size() - timed_out;
  std::string out = fmt("%zu %s", tries.size(), tries.size() == 1 ? "try" : "tries");
  if (!welcomed.empty()) {
    std::sort(welcomed.begin(), welcomed.end());
    out += fmt(", %zu welcomed: median %.0f ms, max %.0f ms", welcomed.size(), welcomed[welcomed.size() / 2],
               welcomed.back());
  }
  if (refused > 0) {
    out += fmt(", %zu refused (\"%s\")", refused, refusal.c_str());
  }
  if (timed_out > 0) {
    out += fmt(", %zu with no answer in %.0f s", timed_out, timeout_s);
  }
  return out;
}

std::string one_line(std::string text, std::size_t limit) {
  for (char& ch : text) {
    ch = (ch == '\n' || ch == '\r') ? ' ' : ch;
  }
  return text.size() > limit ? text.substr(0, limit) + "..." : text;
}

login_try timed_login(std::uint16_t port, const std::string& source, const std::string& name,
                      const std::string& password, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  auto left = [&] {
    return std::max(std::chrono::milliseconds(1),
                    std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()));
  };
  login_try result;
  try {
    dw::testing::client_options options;
    options.source_address = source;
    dw::testing::telnet_client c(port, options);
    c.expect("quit", left());
    c.expect("> ", left());  // the login screen's prompt
    const auto asked = std::chrono::steady_clock::now();
    c.send_line("connect " + name + " " + password);
    const std::string reply = c.expect("> ", left());
    if (reply.find("Welcome back") != std::string::npos) {
      result.welcomed_ms = seconds_since(asked) * 1000.0;
    } else {
      result.told = reply;
    }
  } catch (const std::exception& e) {
    // Closed at the door (what it said follows the client's first line), or no answer in time.
    const std::string why = e.what();
    result.timed_out = std::chrono::steady_clock::now() >= deadline;
    result.told = why.substr(std::min(why.size(), why.find('\n') + 1));
  }
  return result;
}

void create_account(std::uint16_t port, const std::string& name, const std::string& password) {
  dw::testing::telnet_client c(port);
  c.create(name, password);
}

void sleep_until(std::chrono::steady_clock::time_point t) { std::this_thread::sleep_until(t); }

}  // namespace dw::bench
