#include "server/net/connection_counts.hpp"

namespace dw::net {

std::string_view connection_counts::refusal(const std::string& address, const admission_limits& limits) const {
  if (total_ >= limits.max_connections) {
    return "Deepwell is full right now. Please try again later.";
  }
  if (from(address) >= limits.max_per_address) {
    return "Too many connections from your address.";
  }
  return {};
}

void connection_counts::opened(const std::string& address) {
  ++per_address_[address];
  ++total_;
}

void connection_counts::closed(const std::string& address) {
  auto it = per_address_.find(address);
  if (it == per_address_.end()) {
    return;  // never counted: nothing to give back
  }
  if (--it->second <= 0) {
    per_address_.erase(it);
  }
  --total_;
}

std::int64_t connection_counts::from(const std::string& address) const {
  auto it = per_address_.find(address);
  return it == per_address_.end() ? 0 : it->second;
}

}  // namespace dw::net
