#pragma once

#include <string>
#include <string_view>

#include "server/game/output/output.hpp"

namespace dw::game {


/// `Char.Name {"name": ...}`
std::string gmcp_char_name(std::string_view name);

/// Answers the Core package: Hello (recorded), Supports.Set/Add/Remove (recorded), Ping (answered).
/// Anything else is logged at debug level and ignored. Bad JSON is ignored with a log line.
void handle_gmcp(output& out, connection& conn, std::string_view package, std::string_view json);

}  // namespace dw::game
