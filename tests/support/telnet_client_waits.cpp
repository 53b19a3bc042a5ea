// telnet_client: the waits. Each pumps the socket until what it waits for has arrived or its deadline
// has passed; nothing sleeps for a fixed time.
#include <stdexcept>
#include <string>

#include "tests/support/telnet_client.hpp"

namespace dw::testing {

bool telnet_client::wait_compression(bool on, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  const int ends = compression_ends_;
  while (on ? !compressing() : compression_ends_ == ends && compressing()) {
    if (!pump(deadline) && (closed_ || std::chrono::steady_clock::now() >= deadline)) {
      return false;
    }
  }
  return true;
}

bool telnet_client::wait_mssp(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (mssp_.empty()) {
    if (!pump(deadline) && (closed_ || std::chrono::steady_clock::now() >= deadline)) {
      return false;
    }
  }
  return true;
}

std::string telnet_client::expect(std::string_view needle, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const std::size_t at = text_.find(needle, consumed_);
    if (at != std::string::npos) {
      std::string out = text_.substr(consumed_, at + needle.size() - consumed_);
      consumed_ = at + needle.size();
      return out;
    }
    if (!pump(deadline)) {
      if (closed_ || std::chrono::steady_clock::now() >= deadline) {
        throw std::runtime_error("timed out or closed waiting for \"" + std::string(needle) +
                                 "\"; received since last match:\n" + text_.substr(consumed_));
      }
    }
  }
}

std::string telnet_client::expect_prompt(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    // A marker at or before text already consumed (by expect()) belongs to that text.
    while (prompts_consumed_ < prompt_ends_.size() && prompt_ends_[prompts_consumed_] <= consumed_) {
      ++prompts_consumed_;
    }
    if (prompts_consumed_ < prompt_ends_.size()) {
      const std::size_t end = prompt_ends_[prompts_consumed_++];
      std::string out = text_.substr(consumed_, end - consumed_);
      consumed_ = end;
      return out;
    }
    if (!pump(deadline) && (closed_ || std::chrono::steady_clock::now() >= deadline)) {
      throw std::runtime_error("timed out or closed waiting for a prompt; received since last match:\n" +
                               text_.substr(consumed_));
    }
  }
}

void telnet_client::discard_consumed() {
  text_.erase(0, consumed_);
  prompt_ends_.erase(prompt_ends_.begin(), prompt_ends_.begin() + static_cast<std::ptrdiff_t>(prompts_consumed_));
  for (std::size_t& end : prompt_ends_) {
    end -= std::min(end, consumed_);
  }
  prompts_consumed_ = 0;
  consumed_ = 0;
  gmcp_.clear();
  gmcp_consumed_ = 0;
}

std::string telnet_client::expect_gmcp(std::string_view package, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    while (gmcp_consumed_ < gmcp_.size()) {
      const gmcp_message& m = gmcp_[gmcp_consumed_++];
      if (m.package == package) {
        return m.json;
      }
    }
    if (!pump(deadline) && (closed_ || std::chrono::steady_clock::now() >= deadline)) {
      throw std::runtime_error("timed out waiting for GMCP " + std::string(package));
    }
  }
}

bool telnet_client::expect_command(std::uint8_t command, std::uint8_t option, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    while (commands_consumed_ < commands_.size()) {
      const auto c = commands_[commands_consumed_++];
      if (c.first == command && c.second == option) {
        return true;
      }
    }
    if (!pump(deadline) && (closed_ || std::chrono::steady_clock::now() >= deadline)) {
      return false;
    }
  }
}

bool telnet_client::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!closed_) {
    if (!pump(deadline) && !closed_ && std::chrono::steady_clock::now() >= deadline) {
      return false;
    }
  }
  return true;
}

void telnet_client::create(std::string_view name, std::string_view password) {
  expect("quit");
  send_line("create " + std::string(name) + " " + std::string(password));
  expect("Welcome to Deepwell");
  expect("hp] > ");
}

void telnet_client::connect(std::string_view name, std::string_view password) {
  expect("quit");
  send_line("connect " + std::string(name) + " " + std::string(password));
  expect("Welcome back");
  expect("hp] > ");
}

}  // namespace dw::testing
