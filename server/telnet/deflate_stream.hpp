#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace dw::telnet {

/// One connection's MCCP2 compressor: a single zlib (deflate) stream, started when the client agrees
/// to MCCP2 and ended with Z_FINISH when it stops (DONT), before a hot reboot and before the connection
/// closes. Pure (zlib only, no sockets): the session feeds it what actually goes out, at write time.
///
/// The z_stream and its window are allocated once, on the first start(), and reused by later streams
/// (deflateReset), so turning compression off and on again costs no allocation.
class deflate_stream {
 public:
  /// zlib levels: 1 (fastest) .. 9 (smallest).
  static constexpr int min_level = 1;
  static constexpr int max_level = 9;

  explicit deflate_stream(int level = 4);
  ~deflate_stream();
  deflate_stream(deflate_stream&&) noexcept;
  deflate_stream& operator=(deflate_stream&&) noexcept;
  deflate_stream(const deflate_stream&) = delete;
  deflate_stream& operator=(const deflate_stream&) = delete;

  /// Begins a new stream (its zlib header goes out with the first bytes compressed). Does nothing while
  /// one is active. Throws std::runtime_error when zlib cannot be set up (out of memory).
  void start();
  /// True between start() and finish().
  bool active() const { return active_; }
  /// Compresses `in` and appends what zlib releases to `out`; with `sync_flush`, everything given so far
  /// is released and ends on a byte boundary (Z_SYNC_FLUSH), so the client can show it at once.
  /// Requires active().
  void write(std::string_view in, std::string& out, bool sync_flush);
  /// Ends the stream (Z_FINISH) and appends its last bytes to `out`; afterwards the output is plain.
  /// Does nothing when no stream is active.
  void finish(std::string& out);

  /// Bytes given to write() and bytes it produced, over every stream this object ran.
  std::size_t bytes_in() const { return bytes_in_; }
  std::size_t bytes_out() const { return bytes_out_; }

 private:
  struct state;
  void run(std::string_view in, std::string& out, int flush);

  int level_;
  std::unique_ptr<state> z_;
  bool active_ = false;
  std::size_t bytes_in_ = 0;
  std::size_t bytes_out_ = 0;
};

}  // namespace dw::telnet
