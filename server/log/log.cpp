#include "server/log/log.hpp"

#include <spdlog/spdlog.h>

#include <string>

namespace dw::log {
namespace {

/// spdlog's level for each of ours, in the order `level` declares them.
constexpr spdlog::level::level_enum spdlog_levels[] = {spdlog::level::trace, spdlog::level::debug,
                                                       spdlog::level::info,  spdlog::level::warn,
                                                       spdlog::level::err,   spdlog::level::critical};

spdlog::level::level_enum spdlog_level(level l) { return spdlog_levels[static_cast<int>(l)]; }

}  // namespace

bool enabled(level l) { return spdlog::default_logger_raw()->should_log(spdlog_level(l)); }

void write(level l, std::string_view message) { spdlog::default_logger_raw()->log(spdlog_level(l), message); }

void set_level(std::string_view name) { spdlog::set_level(spdlog::level::from_str(std::string(name))); }

}  // namespace dw::log
