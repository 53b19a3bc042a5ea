#include "bench/abuse/attackers.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>

namespace dw::bench {

int connect_from(const std::string& source, std::uint16_t port, std::chrono::milliseconds timeout) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return -1;
  }
  // The port is chosen at connect() time, from the whole 4-tuple: tens of thousands of short
  // connections from one address do not run out of ports while earlier ones sit in TIME_WAIT.
  int one = 1;
  ::setsockopt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
  // connect() on Linux gives up after SO_SNDTIMEO.
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  sockaddr_in from{};
  from.sin_family = AF_INET;
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(port);
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::inet_pton(AF_INET, source.c_str(), &from.sin_addr) != 1 ||
      ::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

hash_flood::hash_flood(std::uint16_t port, int threads, const std::vector<std::string>& addresses,
                       const std::string& account) {
  for (int t = 0; t < threads; ++t) {
    workers_.emplace_back([this, port, addresses, account, t] {
      for (long i = 0; !stop_; ++i) {
        const std::string& address = addresses[static_cast<std::size_t>(t + i) % addresses.size()];
        const int fd = connect_from(address, port, std::chrono::seconds(2));
        if (fd < 0) {
          ++failed_;
          continue;
        }
        const std::string line = "connect " + account + " guess" + std::to_string(t) + "x" + std::to_string(i) + "\r\n";
        if (::send(fd, line.data(), line.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(line.size())) {
          ++sent_;
        } else {
          ++failed_;
        }
        ::close(fd);  // hang up at once, without reading the answer
      }
    });
  }
}

hash_flood::~hash_flood() { stop(); }

void hash_flood::stop() {
  stop_ = true;
  for (std::thread& t : workers_) {
    if (t.joinable()) {
      t.join();
    }
  }
}

slot_grab slot_holder::grab(std::uint16_t port, const std::vector<std::string>& addresses, int per_address, int target,
                            std::chrono::milliseconds settle) {
  slot_grab result;
  struct pending {
    int fd;
    std::string text;
    bool menu = false;
    bool closed = false;
  };
  std::vector<pending> conns;
  const auto started = std::chrono::steady_clock::now();
  int menus = 0;
  auto seconds_since_start = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  // Reads whatever has arrived on every connection without waiting; notes login screens and closes.
  auto drain = [&](int wait_ms) {
    std::vector<pollfd> polls;
    std::vector<std::size_t> which;
    for (std::size_t i = 0; i < conns.size(); ++i) {
      if (!conns[i].closed) {
        polls.push_back({conns[i].fd, POLLIN, 0});
        which.push_back(i);
      }
    }
    if (polls.empty() || ::poll(polls.data(), polls.size(), wait_ms) <= 0) {
      return;
    }
    for (std::size_t k = 0; k < polls.size(); ++k) {
      if ((polls[k].revents & (POLLIN | POLLHUP | POLLERR)) == 0) {
        continue;
      }
      pending& c = conns[which[k]];
      char buf[4096];
      const ssize_t n = ::recv(c.fd, buf, sizeof buf, MSG_DONTWAIT);
      if (n > 0) {
        c.text.append(buf, static_cast<std::size_t>(n));
        if (!c.menu && c.text.find("quit") != std::string::npos) {
          c.menu = true;
          if (++menus == target && result.seconds_to_target < 0) {
            result.seconds_to_target = seconds_since_start();
          }
        }
      } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
        c.closed = true;
      }
    }
  };
  for (int i = 0; i < per_address; ++i) {
    for (const std::string& address : addresses) {
      ++result.attempted;
      const int fd = connect_from(address, port, std::chrono::seconds(2));
      if (fd < 0) {
        ++result.failed;
        continue;
      }
      conns.push_back({fd, {}});
    }
    drain(0);
  }
  const auto deadline = std::chrono::steady_clock::now() + settle;
  while (std::chrono::steady_clock::now() < deadline) {
    drain(50);
  }
  for (pending& c : conns) {
    if (c.closed || !c.menu) {
      result.refused += c.closed ? 1 : 0;
      ::close(c.fd);
    } else {
      ++result.held;
      fds_.push_back(c.fd);
    }
  }
  return result;
}

void slot_holder::release() {
  for (int fd : fds_) {
    ::close(fd);
  }
  fds_.clear();
}

}  // namespace dw::bench
