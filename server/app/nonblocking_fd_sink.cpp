#include "server/app/nonblocking_fd_sink.hpp"

#include <poll.h>
#include <spdlog/fmt/fmt.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstdlib>

namespace dw::app {
namespace {

/// EINTR is retried, but only a few times: a storm of signals must not keep the logging thread here.
constexpr int max_interruptions = 8;

/// The colours of spdlog's own console sink, by level.
constexpr std::array<std::string_view, 7> level_colors = {
    "\033[37m",         // trace: white
    "\033[36m",         // debug: cyan
    "\033[32m",         // info: green
    "\033[33m\033[1m",  // warn: bold yellow
    "\033[31m\033[1m",  // error: bold red
    "\033[1m\033[41m",  // critical: bold on red
    "\033[m",           // off
};
constexpr std::string_view color_reset = "\033[m";

bool wants_colors(int fd) {
  if (::isatty(fd) == 0) {
    return false;
  }
  const char* term = std::getenv("TERM");
  return term != nullptr && std::string_view(term) != "dumb";
}

bool is_socket(int fd) {
  struct stat st {};
  return ::fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode);
}

}  // namespace

nonblocking_fd_sink::nonblocking_fd_sink(int fd) : fd_(fd), is_socket_(is_socket(fd)), colors_(wants_colors(fd)) {}

void nonblocking_fd_sink::write_some(std::string_view& data) {
  int interruptions = 0;
  while (!data.empty()) {
    pollfd p{fd_, POLLOUT, 0};
    const int ready = ::poll(&p, 1, 0);
    if (ready < 0) {
      if (errno == EINTR && ++interruptions < max_interruptions) {
        continue;
      }
      return;
    }
    // Not writable now, or never again: a pipe whose reader is gone (writing would raise SIGPIPE),
    // a hung-up terminal, a closed descriptor.
    if (ready == 0 || (p.revents & (POLLERR | POLLHUP | POLLNVAL)) != 0 || (p.revents & POLLOUT) == 0) {
      return;
    }
    // A pipe that polls writable has room for PIPE_BUF bytes, and no promise beyond: a larger
    // write() could block. So at most PIPE_BUF per write, each after its own poll.
    const std::size_t chunk = std::min(data.size(), static_cast<std::size_t>(PIPE_BUF));
    const ssize_t n =
        is_socket_ ? ::send(fd_, data.data(), chunk, MSG_DONTWAIT | MSG_NOSIGNAL) : ::write(fd_, data.data(), chunk);
    if (n < 0) {
      if (errno == EINTR && ++interruptions < max_interruptions) {
        continue;
      }
      return;  // EAGAIN (full), EPIPE (the reader left), EINTR too often: the caller drops or waits
    }
    if (n == 0) {
      return;  // no progress: try again with the next line rather than spin
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

bool nonblocking_fd_sink::emit(std::string_view line) {
  std::string_view rest = line;
  write_some(rest);
  if (rest.size() == line.size()) {
    return false;
  }
  if (!rest.empty()) {
    // Part of the line went out: the rest must follow before anything else, or lines interleave.
    pending_.assign(rest);
  }
  return true;
}

bool nonblocking_fd_sink::drain_pending() {
  if (pending_.empty()) {
    return true;
  }
  std::string_view rest = pending_;
  write_some(rest);
  pending_.erase(0, pending_.size() - rest.size());
  return pending_.empty();
}

void nonblocking_fd_sink::drop() {
  ++dropped_since_note_;
  dropped_.fetch_add(1, std::memory_order_relaxed);
}

void nonblocking_fd_sink::sink_it_(const spdlog::details::log_msg& msg) {
  if (!drain_pending()) {
    drop();
    return;
  }
  if (dropped_since_note_ > 0) {
    // Whoever reads this output learns that it has a gap, and how big, before the next line.
    const std::string text = fmt::format("{} log line{} dropped here: this output was not being read",
                                         dropped_since_note_, dropped_since_note_ == 1 ? " was" : "s were");
    const spdlog::details::log_msg note(msg.time, spdlog::source_loc{}, msg.logger_name, spdlog::level::warn, text);
    spdlog::memory_buf_t formatted;
    formatter_->format(note, formatted);
    if (!emit(std::string_view(formatted.data(), formatted.size()))) {
      drop();
      return;
    }
    dropped_since_note_ = 0;
    if (!pending_.empty()) {
      drop();  // only part of the note fit; this line would have to wait behind its tail
      return;
    }
  }
  spdlog::memory_buf_t formatted;
  formatter_->format(msg, formatted);
  const std::string_view text(formatted.data(), formatted.size());
  bool accepted = false;
  if (colors_ && msg.color_range_end > msg.color_range_start && msg.color_range_end <= text.size()) {
    std::string colored;
    colored.reserve(text.size() + 16);
    colored.append(text.substr(0, msg.color_range_start));
    colored.append(level_colors[static_cast<std::size_t>(msg.level)]);
    colored.append(text.substr(msg.color_range_start, msg.color_range_end - msg.color_range_start));
    colored.append(color_reset);
    colored.append(text.substr(msg.color_range_end));
    accepted = emit(colored);
  } else {
    accepted = emit(text);
  }
  if (!accepted) {
    drop();
  }
}

}  // namespace dw::app
