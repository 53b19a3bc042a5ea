#include "server/app/metrics_endpoint.hpp"


#include <utility>

#include "server/log/log.hpp"

namespace dw::app {

metrics_endpoint::metrics_endpoint(const config::settings::metrics_section& settings, reader read)
    : read_(std::move(read)) {
  if (settings.enabled) {
    access_.emplace(settings.allowed_addresses);
  }
}

net::web_listener::metrics_source metrics_endpoint::source() {
  if (!access_) {
    return {};
  }
  return [this](const std::string& address, bool through_proxy) -> net::web_listener::metrics_reply {
    if (!access_->allows(address, through_proxy)) {
      log::info("web: /metrics refused to {}{} (metrics.allowed_addresses)", address,
                   through_proxy ? ", through a proxy" : "");
      return {403, "The metrics are for the operator: this address may not read them (metrics.allowed_addresses).\n"};
    }
    return {200, metrics_text(read_())};
  };
}

}  // namespace dw::app
