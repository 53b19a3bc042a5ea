#include "server/game/login/password_queue.hpp"

#include <algorithm>

namespace dw::game {

password_queue::admission password_queue::push(job j) {
  if (waiting_ + running_ >= overall_) {
    return admission::server_busy;
  }
  per_address& a = by_address_[j.address];
  if (a.waiting.size() + a.running >= per_address_) {
    if (a.waiting.empty() && a.running == 0) {
      by_address_.erase(j.address);
    }
    return admission::address_busy;
  }
  if (a.waiting.empty()) {
    turns_.push_back(j.address);
  }
  a.waiting.push_back(std::move(j));
  ++waiting_;
  return admission::accepted;
}

std::optional<password_queue::job> password_queue::next() {
  if (running_ >= workers_ || turns_.empty()) {
    return std::nullopt;
  }
  const std::string address = turns_.front();
  turns_.pop_front();
  per_address& a = by_address_[address];
  job j = std::move(a.waiting.front());
  a.waiting.pop_front();
  --waiting_;
  ++a.running;
  ++running_;
  if (!a.waiting.empty()) {
    turns_.push_back(address);  // its next check waits for every other address's turn
  }
  return j;
}

void password_queue::finished(const std::string& address) {
  auto it = by_address_.find(address);
  if (it == by_address_.end() || it->second.running == 0) {
    return;
  }
  --it->second.running;
  --running_;
  if (it->second.running == 0 && it->second.waiting.empty()) {
    by_address_.erase(it);
  }
}

std::deque<password_queue::job> password_queue::cancel(std::uint64_t conn) {
  std::deque<job> dropped;
  for (auto it = by_address_.begin(); it != by_address_.end();) {
    auto& waiting = it->second.waiting;
    for (auto j = waiting.begin(); j != waiting.end();) {
      if (j->conn == conn) {
        dropped.push_back(std::move(*j));
        j = waiting.erase(j);
        --waiting_;
      } else {
        ++j;
      }
    }
    if (waiting.empty()) {
      std::erase(turns_, it->first);
      if (it->second.running == 0) {
        it = by_address_.erase(it);
        continue;
      }
    }
    ++it;
  }
  return dropped;
}

std::size_t password_queue::clear() {
  const std::size_t n = waiting_;
  for (auto it = by_address_.begin(); it != by_address_.end();) {
    it->second.waiting.clear();
    it = it->second.running == 0 ? by_address_.erase(it) : std::next(it);
  }
  turns_.clear();
  waiting_ = 0;
  return n;
}

}  // namespace dw::game
