#include "server/net/write_queue.hpp"

#include <utility>

namespace dw::net {

bool write_queue::push(std::string bytes, std::uint64_t ticket, stream_switch after) {
  queued_bytes_ += bytes.size();
  chunks_.push_back({std::move(bytes), ticket, after});
  return queued_bytes_ <= max_bytes_;
}

std::size_t write_queue::ready(const commit_tracker& commits) const {
  std::size_t count = 0;
  for (auto it = chunks_.begin(); it != chunks_.end() && count < max_chunks_per_write; ++it, ++count) {
    if (!commits.is_committed(it->ticket)) {
      break;
    }
  }
  return count;
}

void write_queue::pop(std::size_t count) {
  for (std::size_t i = 0; i < count && !chunks_.empty(); ++i) {
    queued_bytes_ -= chunks_.front().bytes.size();
    chunks_.pop_front();
  }
}

void write_queue::consume(std::size_t bytes) {
  while (bytes > 0 && !chunks_.empty()) {
    std::string& front = chunks_.front().bytes;
    if (bytes < front.size()) {
      front.erase(0, bytes);
      queued_bytes_ -= bytes;
      return;
    }
    bytes -= front.size();
    pop(1);
  }
}

void write_queue::discard(std::uint64_t ticket) {
  for (chunk& c : chunks_) {
    if (c.ticket == ticket) {
      queued_bytes_ -= c.bytes.size();
      std::string().swap(c.bytes);
    }
  }
}

}  // namespace dw::net
