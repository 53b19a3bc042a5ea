#pragma once

// mudload's command line: every option with its default in one plain struct, read in one place, so
// that the clients, the driver and the report share the settings and none of them sees CLI11.
#include <cstdint>
#include <optional>
#include <string>

namespace dw::load {

struct options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 4000;
  int clients = 1;
  int sources = 0;
  double ramp = 200;
  double duration = 10;
  double warmup = 0;
  std::string scenario_name = "rtt";
  std::string script_file = DW_LOAD_SCRIPTS "/deepwell.script";
  std::string name_prefix = "load";
  int first_name = 0;  ///< the number in the first client's name (--first-name)
  std::string password = "benchpass1";
  std::string login = "create";
  std::string prompt_text;
  double think_ms = 0;
  double chat_think_ms = -1;  ///< the think of clients that chat; below 0: --think
  int session_commands = 0;   ///< quit and log in again after about this many commands (0: never)
  int relay = 1;              ///< characters that take turns at each client's place (--session-commands)
  double interval = 0;        ///< seconds a row of the report covers (0: no rows)
  double edge = 600;          ///< seconds at each end of the window compared (with --interval)
  double rate = 0;
  bool gmcp = false;
  bool mccp = false;
  std::uint64_t seed = 1;
  int server_pid = 0;
  std::string server_pid_file;
  std::string json_file;
  double login_timeout = 60;
  double reply_timeout = 5;
  bool match_replies = true;
  int trace = -1;
  std::string throttle_text = "You are typing faster than the game can follow";
  bool quiet = false;
  bool print_names = false;
};

/// The command line read: the options, or none and the code to exit with (--help, or a wrong
/// option: CLI11 has already printed why).
struct parsed_options {
  std::optional<options> opts;
  int exit_code = 0;
};

parsed_options parse_options(int argc, char** argv);

}  // namespace dw::load
