#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <string>

#include "server/net/commit_tracker.hpp"

namespace dw::net {

/// The output a connection has queued but not yet written: chunks in flush order, each tagged with
/// the ticket of the batch of changes it announces (0: none). It decides what may leave; the session
/// owns the socket and writes it. Pure (no Asio), so it is tested without sockets. World thread only.
class write_queue {
 public:
  /// What the output stream does after a chunk's bytes (MCCP2): the writer starts compressing after
  /// the chunk that carries IAC SB MCCP2 IAC SE, and ends the compressed stream after a chunk marked
  /// plain. Compression happens in the writer, on what actually leaves, never on queued chunks.
  enum class stream_switch : std::uint8_t { none, compress_after, plain_after };

  /// At most this many chunks leave in one gathered write.
  static constexpr std::size_t max_chunks_per_write = 64;

  /// `max_bytes`: the most unwritten output the connection may hold before it counts as not reading.
  explicit write_queue(std::size_t max_bytes) : max_bytes_(max_bytes) {}

  /// Appends a chunk. False when the queue now holds more than `max_bytes`: the client stopped reading
  /// (the chunk is queued all the same; the caller drops the connection).
  bool push(std::string bytes, std::uint64_t ticket, stream_switch after = stream_switch::none);
  /// How many chunks at the front may leave now (at most max_chunks_per_write). In order: a chunk waits
  /// for its own ticket, and every chunk after it waits for it.
  std::size_t ready(const commit_tracker& commits) const;
  /// Calls fn(bytes, after) for each of the first `count` chunks, front first: a chunk's bytes, and what
  /// the stream does after them (kept when the chunk is discarded). The bytes stay where they are while
  /// chunks are pushed or discarded (list nodes never move), so a write in flight may point at them.
  template <typename Fn>
  void each(std::size_t count, Fn&& fn) const {
    auto it = chunks_.begin();
    for (std::size_t i = 0; i < count && it != chunks_.end(); ++i, ++it) {
      fn(it->bytes, it->after);
    }
  }
  /// The first `count` chunks have been written.
  void pop(std::size_t count);
  /// The first `bytes` bytes have been written (a write the kernel took only part of): whole chunks leave,
  /// a chunk written in part keeps its unwritten end. Only while no write is in flight.
  void consume(std::size_t bytes);
  /// The batch `ticket` failed: its chunks are emptied in place and, once it is resolved, leave as zero
  /// bytes. Emptied, not erased: erasing would move chunks that a write in flight is reading. Only call
  /// it before `ticket` counts as resolved, so that none of its chunks is being written.
  void discard(std::uint64_t ticket);

  bool empty() const { return chunks_.empty(); }
  /// Chunks queued, emptied ones included.
  std::size_t size() const { return chunks_.size(); }
  /// Bytes queued and not yet written (emptied chunks count nothing).
  std::size_t queued_bytes() const { return queued_bytes_; }

 private:
  struct chunk {
    std::string bytes;
    std::uint64_t ticket;
    stream_switch after;
  };
  std::size_t max_bytes_;
  /// A list, not a deque: an empty std::deque still holds a 512-byte block, and most connections are
  /// idle with nothing queued (issue 14: memory per player at 10,000).
  std::list<chunk> chunks_;
  std::size_t queued_bytes_ = 0;
};

}  // namespace dw::net
