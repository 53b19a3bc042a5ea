#pragma once

#include <spdlog/sinks/base_sink.h>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

namespace dw::app {

/// A console sink that never blocks: before each write it asks poll() whether the descriptor has
/// room, and if not it drops the line and counts it. Made for stderr, which may be a pipe that
/// nobody reads; a blocking write there would stall the logging thread and, through it, the file
/// log. The descriptor's flags are never changed (stderr's file description is shared with the
/// parent process), so O_NONBLOCK is out of the question.
///
/// Once lines were dropped, the next line that gets through is preceded by a note saying how many.
/// A terminal gets spdlog's usual level colours.
class nonblocking_fd_sink final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  /// `fd` is borrowed, not owned: it must outlive the sink (stderr does).
  explicit nonblocking_fd_sink(int fd);

  /// Lines dropped since the sink was made; safe to read from any thread.
  std::uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override;
  void flush_() override {}  // every line goes straight to write(): nothing is buffered here

 private:
  /// Writes as much of `data` as the descriptor takes without blocking (none if it is full or
  /// broken); removes what was written from `data`.
  void write_some(std::string_view& data);
  /// Writes a whole line, or keeps its unwritten tail in `pending_` if only a part fit. False if
  /// none of it could be written (the line is dropped).
  bool emit(std::string_view line);
  /// Writes what is left of a partly written line; true when nothing is left.
  bool drain_pending();
  void drop();

  int fd_;
  bool is_socket_ = false;  ///< send(MSG_DONTWAIT) then: non-blocking per call, without touching the flags
  bool colors_ = false;
  std::string pending_;  ///< the unwritten tail of a line, written before anything else
  std::uint64_t dropped_since_note_ = 0;
  std::atomic<std::uint64_t> dropped_{0};
};

}  // namespace dw::app
