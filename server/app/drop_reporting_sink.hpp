#pragma once

#include <spdlog/sinks/dist_sink.h>
#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/app/logging.hpp"

namespace dw::app {

/// Hands every line to its sinks and, when lines were dropped since it last said so, first tells
/// them how many (at most once per `interval`, so a stuck stderr cannot flood the file with
/// reports). It runs on the logging thread, so reports cost the logging threads nothing.
class drop_reporting_sink final : public spdlog::sinks::dist_sink<std::mutex> {
 public:
  drop_reporting_sink(std::vector<spdlog::sink_ptr> sinks, std::function<log_drops()> count_drops,
                      std::chrono::steady_clock::duration interval);

  /// Reports whatever is unreported now, whatever the interval (at shutdown).
  void report_now();

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override;

 private:
  void report(bool force);

  std::function<log_drops()> count_drops_;
  std::chrono::steady_clock::duration interval_;
  log_drops reported_;
  std::optional<std::chrono::steady_clock::time_point> last_report_;
  std::string logger_name_;  ///< of the last line seen: reports go out under the same name
};

}  // namespace dw::app
