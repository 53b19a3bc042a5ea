#include "server/game/login_throttle.hpp"

#include <algorithm>

namespace dw::game {

int login_throttle::bump(std::unordered_map<std::string, entry>& map, const std::string& key, std::int64_t now) {
  if (map.size() > 100000) {
    std::erase_if(map, [now](const auto& kv) { return now - kv.second.last > forget_after_seconds; });
  }
  entry& e = map[key];
  if (now - e.last > forget_after_seconds) {
    e.count = 0;
  }
  ++e.count;
  e.last = now;
  return e.count;
}

std::chrono::milliseconds login_throttle::fail(const std::string& name_lower, const std::string& address,
                                               std::int64_t now) {
  const int n = std::max(bump(by_name_, name_lower, now), bump(by_address_, address, now));
  std::int64_t delay = base_ms_;
  for (int i = 1; i < n && delay < max_ms_; ++i) {
    delay *= 2;
  }
  return std::chrono::milliseconds(std::min(delay, max_ms_));
}

int login_throttle::failures(const std::string& name_lower, const std::string& address, std::int64_t now) const {
  auto count = [now](const std::unordered_map<std::string, entry>& map, const std::string& key) {
    auto it = map.find(key);
    return (it == map.end() || now - it->second.last > forget_after_seconds) ? 0 : it->second.count;
  };
  return std::max(count(by_name_, name_lower), count(by_address_, address));
}

void login_throttle::succeed(const std::string& name_lower) { by_name_.erase(name_lower); }

}  // namespace dw::game
