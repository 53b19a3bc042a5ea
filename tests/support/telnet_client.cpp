#include "tests/support/telnet_client.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace dw::testing {
namespace {
constexpr std::uint8_t IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, GA = 249, SE = 240,
                       EOR_CMD = 239;
constexpr std::uint8_t OPT_ECHO = 1, OPT_SGA = 3, OPT_TTYPE = 24, OPT_EOR = 25, OPT_NAWS = 31, OPT_GMCP = 201;
}  // namespace

telnet_client::telnet_client(std::uint16_t port, client_options options) : options_(std::move(options)) {
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) {
    throw std::runtime_error("socket() failed");
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (!options_.source_address.empty()) {
    // Any 127.x.y.z is this machine: binding to one makes the connection come from that address.
    sockaddr_in from{};
    from.sin_family = AF_INET;
    if (::inet_pton(AF_INET, options_.source_address.c_str(), &from.sin_addr) != 1 ||
        ::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      const std::string why = std::strerror(errno);
      ::close(fd_);
      fd_ = -1;
      throw std::runtime_error("cannot connect from " + options_.source_address + ": " + why);
    }
  }
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    throw std::runtime_error("connect to port " + std::to_string(port) + " failed: " + why);
  }
  int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

telnet_client::~telnet_client() {
  if (fd_ >= 0) {
    ::close(fd_);
  }
}

void telnet_client::write_all(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) {
      if (n < 0 && errno == EINTR) {
        continue;
      }
      throw std::runtime_error("send failed: connection closed");
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

void telnet_client::send_raw(std::string_view bytes) { write_all(bytes); }

void telnet_client::answer_bytes(std::string_view bytes) {
  // A negotiation answer to a server that has already hung up (a refusal at the door) is lost, as in
  // a real client; what the server sent before closing is still there to read.
  try {
    write_all(bytes);
  } catch (const std::runtime_error&) {
  }
}

void telnet_client::send_line(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  for (char c : text) {
    out.push_back(c);
    if (static_cast<std::uint8_t>(c) == IAC) {
      out.push_back(c);
    }
  }
  out += "\r\n";
  write_all(out);
}

bool telnet_client::pump(std::chrono::steady_clock::time_point deadline) {
  if (closed_) {
    return false;
  }
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) {
    return false;
  }
  pollfd p{fd_, POLLIN, 0};
  const int r = ::poll(&p, 1, static_cast<int>(left.count()));
  if (r <= 0) {
    return false;
  }
  char buf[8192];
  const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
  if (n <= 0) {
    closed_ = true;
    return false;
  }
  parse(std::string_view(buf, static_cast<std::size_t>(n)));
  return true;
}

void telnet_client::data_byte(char ch) {
  // ANSI escape sequences (ESC [ ... final byte) are counted, and kept only when the options ask.
  const auto b = static_cast<unsigned char>(ch);
  if (escape_ == 0 && b == 0x1BU) {
    escape_ = 1;
    ++escapes_seen_;
  } else if (escape_ == 1) {
    escape_ = b == '[' ? 2 : 0;
  } else if (escape_ == 2 && b >= 0x40U && b <= 0x7EU) {
    escape_ = 0;
  } else if (escape_ == 0) {
    text_.push_back(ch);
    return;
  }
  if (options_.keep_escapes) {
    text_.push_back(ch);
  }
}

void telnet_client::parse(std::string_view bytes) {
  for (char ch : bytes) {
    const auto b = static_cast<std::uint8_t>(ch);
    switch (state_) {
      case state::data:
        if (b == IAC) {
          state_ = state::iac;
        } else if (b != '\r' && b != 0) {
          data_byte(ch);
        }
        break;
      case state::iac:
        if (b == IAC) {
          text_.push_back(ch);
          state_ = state::data;
        } else if (b == WILL || b == WONT || b == DO || b == DONT) {
          pending_command_ = b;
          state_ = state::command;
        } else if (b == SB) {
          state_ = state::sb;
        } else {
          if (b == GA || b == EOR_CMD) {
            ++prompt_marks_;
            prompt_ends_.push_back(text_.size());
          }
          state_ = state::data;
        }
        break;
      case state::command:
        commands_.emplace_back(pending_command_, b);
        answer(pending_command_, b);
        state_ = state::data;
        break;
      case state::sb:
        sb_option_ = b;
        sb_payload_.clear();
        state_ = state::sb_data;
        break;
      case state::sb_data:
        if (b == IAC) {
          state_ = state::sb_iac;
        } else {
          sb_payload_.push_back(ch);
        }
        break;
      case state::sb_iac:
        if (b == SE) {
          subnegotiation(sb_option_, sb_payload_);
          state_ = state::data;
        } else {
          sb_payload_.push_back(ch);
          state_ = state::sb_data;
        }
        break;
    }
  }
}

void telnet_client::answer(std::uint8_t command, std::uint8_t option) {
  auto reply = [this](std::uint8_t c, std::uint8_t o) {
    const char bytes[3] = {static_cast<char>(IAC), static_cast<char>(c), static_cast<char>(o)};
    answer_bytes(std::string_view(bytes, 3));
  };
  if (command == WILL) {
    const bool want = (option == OPT_GMCP && options_.gmcp) || (option == OPT_EOR && options_.eor) ||
                      option == OPT_ECHO || option == OPT_SGA;
    reply(want ? DO : DONT, option);
  } else if (command == DO) {
    if (option == OPT_NAWS && options_.naws) {
      reply(WILL, option);
      std::string sb = {static_cast<char>(IAC), static_cast<char>(SB), static_cast<char>(OPT_NAWS)};
      for (std::uint16_t v : {options_.width, options_.height}) {
        sb.push_back(static_cast<char>(v >> 8));
        sb.push_back(static_cast<char>(v & 0xFF));
      }
      sb += {static_cast<char>(IAC), static_cast<char>(SE)};
      answer_bytes(sb);
    } else if (option == OPT_TTYPE && options_.ttype) {
      reply(WILL, option);
    } else {
      reply(WONT, option);
    }
  }
  // WONT/DONT need no answer from a client that never asked.
}

void telnet_client::subnegotiation(std::uint8_t option, const std::string& payload) {
  if (option == OPT_GMCP) {
    const std::size_t space = payload.find(' ');
    gmcp_.push_back({payload.substr(0, space), space == std::string::npos ? "" : payload.substr(space + 1)});
  } else if (option == OPT_TTYPE && !payload.empty() && payload[0] == 1) {
    const std::string& name = options_.ttype_answers[std::min(ttype_index_, options_.ttype_answers.size() - 1)];
    ++ttype_index_;
    std::string sb = {static_cast<char>(IAC), static_cast<char>(SB), static_cast<char>(OPT_TTYPE), 0};
    sb += name;
    sb += {static_cast<char>(IAC), static_cast<char>(SE)};
    answer_bytes(sb);
  }
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
