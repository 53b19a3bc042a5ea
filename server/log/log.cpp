#include "server/log/log.hpp"

#include <spdlog/spdlog.h>

#include <string>

namespace dw::log {
namespace {

spdlog::level::level_enum spdlog_level(level l) {
  switch (l) {
    case level::trace:
      return spdlog::level::trace;
    case level::debug:
      return spdlog::level::debug;
    case level::info:
      return spdlog::level::info;
    case level::warn:
      return spdlog::level::warn;
    case level::error:
      return spdlog::level::err;
    case level::critical:
      return spdlog::level::critical;
  }
  return spdlog::level::critical;
}

}  // namespace

bool enabled(level l) { return spdlog::default_logger_raw()->should_log(spdlog_level(l)); }

void write(level l, std::string_view message) { spdlog::default_logger_raw()->log(spdlog_level(l), message); }

void set_level(std::string_view name) { spdlog::set_level(spdlog::level::from_str(std::string(name))); }

}  // namespace dw::log
