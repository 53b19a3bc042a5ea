#include "server/game/login/login_throttle.hpp"

#include <algorithm>

namespace dw::game {

const login_throttle::entry* login_throttle::live(const table& map, const std::string& key, std::int64_t now_ms) {
  auto it = map.find(key);
  if (it == map.end() || now_ms - it->second.last_ms > forget_after_ms) {
    return nullptr;
  }
  return &it->second;
}

login_throttle::entry& login_throttle::bump(table& map, const std::string& key, std::int64_t now_ms) {
  // Bounded: a flood of distinct names or addresses cannot grow the table for ever.
  if (map.size() > 100000) {
    std::erase_if(map, [now_ms](const auto& kv) { return now_ms - kv.second.last_ms > forget_after_ms; });
  }
  entry& e = map[key];
  if (now_ms - e.last_ms > forget_after_ms) {
    e = entry{};
  }
  ++e.count;
  e.last_ms = now_ms;
  return e;
}

std::int64_t login_throttle::wait_ms(const std::string& name_lower, const std::string& address,
                                     std::int64_t now_ms) const {
  std::int64_t until = now_ms;
  if (const entry* e = name_lower.empty() ? nullptr : live(by_name_, name_lower, now_ms)) {
    until = std::max(until, e->next_ms);
  }
  if (const entry* e = live(by_address_, address, now_ms)) {
    until = std::max(until, e->next_ms);
  }
  return until - now_ms;
}

std::int64_t login_throttle::fail(const std::string& name_lower, const std::string& address, std::int64_t now_ms) {
  entry* name = name_lower.empty() ? nullptr : &bump(by_name_, name_lower, now_ms);
  entry& addr = bump(by_address_, address, now_ms);
  const int n = std::max(name != nullptr ? name->count : 0, addr.count);
  std::int64_t delay = base_ms_;
  for (int i = 1; i < n && delay < max_ms_; ++i) {
    delay *= 2;
  }
  delay = std::min(delay, max_ms_);
  if (name != nullptr) {
    name->next_ms = now_ms + delay;
  }
  addr.next_ms = now_ms + delay;
  return delay;
}

int login_throttle::failures(const std::string& name_lower, const std::string& address, std::int64_t now_ms) const {
  const entry* name = live(by_name_, name_lower, now_ms);
  const entry* addr = live(by_address_, address, now_ms);
  return std::max(name != nullptr ? name->count : 0, addr != nullptr ? addr->count : 0);
}

void login_throttle::succeed(const std::string& name_lower) { by_name_.erase(name_lower); }

}  // namespace dw::game

namespace dw::game {

bool creation_limit::allowed(const std::string& address, std::int64_t now, std::int64_t per_hour) {
  if (times_.size() > 100000) {
    std::erase_if(times_, [now](auto& kv) { return kv.second.empty() || now - kv.second.back() >= 3600; });
  }
  auto it = times_.find(address);
  if (it == times_.end()) {
    return true;
  }
  std::erase_if(it->second, [now](std::int64_t t) { return now - t >= 3600; });
  return static_cast<std::int64_t>(it->second.size()) < per_hour;
}

void creation_limit::record(const std::string& address, std::int64_t now) { times_[address].push_back(now); }

void creation_limit::forget(const std::string& address, std::int64_t at) {
  if (auto it = times_.find(address); it != times_.end()) {
    if (auto t = std::find(it->second.begin(), it->second.end(), at); t != it->second.end()) {
      it->second.erase(t);
    }
  }
}

}  // namespace dw::game
