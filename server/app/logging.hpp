#pragma once

#include <string>

namespace dw::app {

/// Logs to the console and to a rotating file `<dir>/deepwell.log`. Throws if the folder cannot be made.
void setup_logging(const std::string& dir, const std::string& level);

}  // namespace dw::app
