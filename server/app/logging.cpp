#include "server/app/logging.hpp"

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <filesystem>

namespace dw::app {

void setup_logging(const std::string& dir, const std::string& level) {
  std::filesystem::create_directories(dir);
  auto console = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  auto file = std::make_shared<spdlog::sinks::rotating_file_sink_mt>(
      (std::filesystem::path(dir) / "deepwell.log").string(), 10 * 1024 * 1024, 5);
  auto logger = std::make_shared<spdlog::logger>("deepwell", spdlog::sinks_init_list{console, file});
  logger->set_level(spdlog::level::from_str(level));
  logger->flush_on(spdlog::level::info);  // connects and logins must reach the file even if we are killed
  spdlog::set_default_logger(logger);
}

}  // namespace dw::app
