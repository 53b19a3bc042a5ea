#include "server/app/drop_reporting_sink.hpp"

#include <spdlog/fmt/fmt.h>

namespace dw::app {
namespace {

std::string log_lines(std::uint64_t n) { return fmt::format("{} log line{}", n, n == 1 ? "" : "s"); }

}  // namespace

drop_reporting_sink::drop_reporting_sink(std::vector<spdlog::sink_ptr> sinks, std::function<log_drops()> count_drops,
                                         std::chrono::steady_clock::duration interval)
    : spdlog::sinks::dist_sink<std::mutex>(std::move(sinks)),
      count_drops_(std::move(count_drops)),
      interval_(interval) {}

void drop_reporting_sink::report_now() {
  std::lock_guard lock(mutex_);
  report(true);
}

void drop_reporting_sink::sink_it_(const spdlog::details::log_msg& msg) {
  if (std::string_view(msg.logger_name.data(), msg.logger_name.size()) != logger_name_) {
    logger_name_.assign(msg.logger_name.data(), msg.logger_name.size());
  }
  report(false);
  spdlog::sinks::dist_sink<std::mutex>::sink_it_(msg);
}

void drop_reporting_sink::report(bool force) {
  const auto now = std::chrono::steady_clock::now();
  if (!force && last_report_ && now - *last_report_ < interval_) {
    return;
  }
  const log_drops total = count_drops_();
  const std::uint64_t lost = total.queue_overruns - reported_.queue_overruns;
  const std::uint64_t unwritten = total.console_dropped - reported_.console_dropped;
  if (lost == 0 && unwritten == 0) {
    return;
  }
  std::string text = "logging fell behind:";
  if (lost > 0) {
    text += fmt::format(" {} lost (the log queue was full)", log_lines(lost));
  }
  if (unwritten > 0) {
    text +=
        fmt::format("{} {} not written to stderr (nobody was reading it)", lost > 0 ? ";" : "", log_lines(unwritten));
  }
  const spdlog::details::log_msg note(spdlog::source_loc{}, logger_name_, spdlog::level::warn, text);
  spdlog::sinks::dist_sink<std::mutex>::sink_it_(note);
  // Counted after writing: if the note itself was dropped by stderr, the next report says so.
  reported_ = total;
  last_report_ = now;
}

}  // namespace dw::app
