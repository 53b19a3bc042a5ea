#include "bench/load/options.hpp"

#include <CLI/CLI.hpp>

namespace dw::load {

parsed_options parse_options(int argc, char** argv) {
  options o;
  CLI::App app{
      "mudload: many telnet clients against a MUD. Each logs in with a script, plays a scenario, and\n"
      "each command's round trip is timed from sending the line to the next prompt marker (IAC EOR,\n"
      "IAC GA, or --prompt-text). Closed loop by default: a client sends its next command when the\n"
      "prompt comes (after --think). With --rate each client sends on a fixed schedule whatever the\n"
      "replies, and round trips count from the scheduled send time, so a slow server is not hidden\n"
      "by clients that wait for it (no coordinated omission)."};
  app.add_option("--host", o.host, "server address (IPv4)")->capture_default_str();
  app.add_option("--port", o.port, "server port")->capture_default_str();
  app.add_option("-c,--clients", o.clients, "connections")->capture_default_str()->check(CLI::Range(1, 1000000));
  app.add_option("--sources", o.sources,
                 "source addresses 127.0.0.1 .. 127.0.0.K, bound before connect (loopback servers only); "
                 "0: enough for at most 12 connections each")
      ->capture_default_str();
  app.add_option("--ramp", o.ramp, "new connections per second")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("-d,--duration", o.duration, "seconds measured, after the warm-up")->capture_default_str();
  app.add_option("--warmup", o.warmup, "seconds from the start left out of the figures")->capture_default_str();
  app.add_option("-s,--scenario", o.scenario_name, "idle, rtt, chat, explore, mixed or soak")->capture_default_str();
  app.add_option("--script", o.script_file, "login script")->capture_default_str();
  app.add_option("--first-name", o.first_name,
                 "the number in the first client's name (e.g. a run that makes the characters of another's "
                 "later --relay turns: --first-name 1400 -c 1400 makes the second turn of -c 1400 --relay 2)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--name-prefix", o.name_prefix, "names are this and the client's number in letters")
      ->capture_default_str();
  app.add_option("--password", o.password, "every client's password")->capture_default_str();
  app.add_option("--login", o.login, "{login} in the script: create or connect")->capture_default_str();
  app.add_option("--prompt-text", o.prompt_text, "text that ends a reply, for servers that send no EOR/GA");
  app.add_option("--think", o.think_ms, "closed loop: milliseconds between a prompt and the next command")
      ->capture_default_str();
  app.add_option("--chat-think", o.chat_think_ms,
                 "closed loop: the think of clients that chat (chat, and the soak's chatters); default --think")
      ->capture_default_str();
  app.add_option("--session-commands", o.session_commands,
                 "a playing client quits after about this many commands (its own seeded number between half "
                 "and one and a half times it) and logs in again as the same character; 0: never")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--relay", o.relay,
                 "with --session-commands: each client's place is played by this many characters in turn, so "
                 "that a character who quits rests while the others play (1: the same character logs in again)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  app.add_option("--interval", o.interval,
                 "report the round trips of each this many seconds of the window as a row (0: no rows)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--edge", o.edge, "with --interval: the seconds at each end of the window compared")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--rate", o.rate, "open loop: commands per second per client (0: closed loop)")->capture_default_str();
  app.add_flag("--gmcp", o.gmcp, "accept GMCP and send Core.Hello");
  app.add_flag("--mccp", o.mccp, "accept MCCP2 compression");
  app.add_option("--seed", o.seed, "seed of the clients' random choices")->capture_default_str();
  app.add_option("--server-pid", o.server_pid, "report this process's CPU time over the measured window and its RSS");
  app.add_option("--server-pid-file", o.server_pid_file, "the same, the pid read from this file");
  app.add_option("--json", o.json_file, "also write the figures to this file as JSON");
  app.add_option("--login-timeout", o.login_timeout, "seconds a client may take to log in")->capture_default_str();
  app.add_option("--reply-timeout", o.reply_timeout,
                 "seconds after which a command without its prompt counts as timed out (and, closed loop, the "
                 "next one goes)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  std::string match = "replies";
  app.add_option("--match", match,
                 "replies: a round trip ends at the first prompt after the command's own reply (Deepwell's "
                 "words for it: the scenarios are written for Deepwell); prompt: at the first prompt (other MUDs, "
                 "line_server)")
      ->capture_default_str()
      ->check(CLI::IsMember({"replies", "prompt"}));
  app.add_option("--throttle-text", o.throttle_text,
                 "text by which the server says it drops commands (counted; empty: none)")
      ->capture_default_str();
  app.add_option("--trace", o.trace, "print what client N sends and receives on stderr (from 0)");
  app.add_flag("-q,--quiet", o.quiet, "no progress line each second");
  app.add_flag("--print-names", o.print_names, "print the names the clients would use and stop");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return {std::nullopt, app.exit(e)};  // (what CLI11_PARSE does, here without returning from main)
  }
  o.match_replies = match == "replies";
  return {std::move(o), 0};
}

}  // namespace dw::load
