#include "bench/play/player.hpp"

#include <stdexcept>
#include <thread>

namespace dw::bench {
namespace {

dw::testing::client_options wide() {
  dw::testing::client_options o;
  o.width = 200;
  return o;
}

/// The server's answer to a command it dropped for coming too fast (it then sends nothing more).
constexpr std::string_view too_fast = "typing faster than the game can follow";

}  // namespace

player::player(std::uint16_t port, std::chrono::microseconds min_gap) : client_(port, wide()), min_gap_(min_gap) {}

void player::create(const std::string& name, const std::string& password) {
  client_.create(name, password);
  sync();
}

void player::connect(const std::string& name, const std::string& password) {
  client_.connect(name, password);
  sync();
}

std::string player::command(std::string_view line) {
  std::string reply;
  timed(line, &reply);
  return reply;
}

void player::pace() {
  if (min_gap_.count() > 0) {
    std::this_thread::sleep_until(last_sent_ + min_gap_);
  }
}

double player::timed(std::string_view line, std::string* reply) {
  pace();
  // Keep the client's buffers small: a copy of a large buffer inside a timed command would be timed.
  if (++since_discard_ >= 256) {
    client_.discard_consumed();
    since_discard_ = 0;
  }
  const auto sent = std::chrono::steady_clock::now();
  last_sent_ = sent;
  client_.send_line(line);
  std::string text = client_.expect_prompt();
  const auto done = std::chrono::steady_clock::now();
  if (text.find(too_fast) != std::string::npos) {
    throw std::runtime_error("the server dropped commands for coming too fast; raise --min-gap-us");
  }
  if (reply != nullptr) {
    *reply = std::move(text);
  }
  return std::chrono::duration<double, std::micro>(done - sent).count();
}

void player::sync() {
  const std::string marker = "sync-" + std::to_string(++syncs_);
  client_.send_line("say " + marker);
  client_.expect(marker);
  client_.expect_prompt();
  client_.discard_consumed();
  last_sent_ = std::chrono::steady_clock::now();
}

void player::quit() {
  client_.send_line("quit");
  client_.wait_closed();
}

const std::string& require(const std::string& reply, std::string_view needle, std::string_view what) {
  if (reply.find(needle) == std::string::npos) {
    throw std::runtime_error(std::string(what) + ": expected \"" + std::string(needle) + "\" in the reply:\n" + reply);
  }
  return reply;
}

}  // namespace dw::bench
