#pragma once

#include <string>
#include <string_view>

#include "server/game/output/output.hpp"

namespace dw::game {

/// A part that answers GMCP requests of its own (item_news: Char.Items.Inv and Char.Items.Room), asked by
/// handle_gmcp before the Core packages.
class gmcp_requests {
 public:
  /// True if `package` was one this part answers (and it answered it).
  virtual bool answer_request(const connection& conn, std::string_view package) = 0;

 protected:
  ~gmcp_requests() = default;
};

/// `Char.Name {"name": ...}`
std::string gmcp_char_name(std::string_view name);

/// Answers a GMCP message: first what `requests` answers, then the Core package: Hello (logged at debug
/// level: nothing in the game depends on the client's name), Supports.Set/Add/Remove (recorded by output),
/// Ping (answered). Anything else is logged at debug level and ignored. Bad JSON is ignored with a log line.
void handle_gmcp(output& out, gmcp_requests& requests, connection& conn, std::string_view package,
                 std::string_view json);

}  // namespace dw::game
