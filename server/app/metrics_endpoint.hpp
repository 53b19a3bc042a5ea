#pragma once

#include <functional>
#include <optional>

#include "server/app/metrics.hpp"
#include "server/config/settings.hpp"
#include "server/net/web_listener.hpp"

// The server's wiring of GET /metrics on the web port: whether the port answers it (metrics.enabled), who
// may read it (metrics.allowed_addresses), and a fresh reading of the parts at each allowed request.
namespace dw::app {

class metrics_endpoint {
 public:
  /// Reads everything /metrics reports from the parts, now (world thread, at each allowed request).
  using reader = std::function<metrics_reading()>;

  /// Reads metrics.allowed_addresses when metrics.enabled (main checked the list: it does not throw here).
  metrics_endpoint(const config::settings::metrics_section& settings, reader read);

  /// What the web port asks at each GET /metrics; empty when metrics.enabled is false (the port then says
  /// 404). It refers to this endpoint, which must outlive the web port.
  net::web_listener::metrics_source source();

 private:
  std::optional<metrics_access> access_;  ///< who may read /metrics, when metrics.enabled
  reader read_;
};

}  // namespace dw::app
