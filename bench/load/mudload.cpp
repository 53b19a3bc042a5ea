// mudload: opens many telnet connections to a MUD, logs each in with a small script, plays a scenario
// and measures each command's round trip (from sending the line to the next prompt marker).
// (first: the termios headers that CLI11 brings in define ECHO as a macro)
#include "server/telnet/telnet_constants.hpp"

#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <array>
#include <functional>
#include <random>
#include <boost/asio.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/load/histogram.hpp"
#include "bench/load/scenario.hpp"
#include "bench/load/script.hpp"
#include "bench/load/telnet_reader.hpp"
#include "bench/support/report.hpp"

namespace dw::load {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using clock_type = std::chrono::steady_clock;
namespace cmd = dw::telnet::cmd;
namespace opt = dw::telnet::opt;

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
  std::string password = "benchpass1";
  std::string login = "create";
  std::string prompt_text;
  double think_ms = 0;
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

/// What all clients add up to. Single-threaded: plain counters.
struct totals {
  int connecting = 0;
  int connected = 0;
  int logged_in = 0;
  std::uint64_t connect_errors = 0;
  std::uint64_t login_errors = 0;
  std::uint64_t other_errors = 0;
  std::uint64_t disconnects = 0;
  std::uint64_t timeouts = 0;   ///< commands that had no reply within --reply-timeout
  std::uint64_t throttled = 0;  ///< times the server said it was dropping commands (--throttle-text)
  std::uint64_t commands_all = 0;
  std::uint64_t commands_window = 0;
  std::map<std::string, std::uint64_t> sent;  ///< commands sent, by verb (steps counted as "walk")
  histogram all;
  histogram window;
  histogram login;
  clock_type::time_point window_start;
  clock_type::time_point window_end;
  bool measuring = false;
  std::uint64_t errors() const { return connect_errors + login_errors + other_errors + timeouts; }
};

std::uint64_t ns_between(clock_type::time_point a, clock_type::time_point b) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count());
}

/// "say" for "say hello", "walk" for a direction.
std::string verb_of(const std::string& line) {
  std::string verb = line.substr(0, line.find(' '));
  for (const char* dir : {"north", "east", "south", "west", "up", "down"}) {
    if (verb == dir) {
      return "walk";
    }
  }
  return verb;
}

class client : public std::enable_shared_from_this<client> {
 public:
  client(asio::io_context& io, const options& o, const script& s, totals& t, scenario sc, int n)
      : o_(o),
        script_(s),
        t_(t),
        scenario_(sc),
        n_(n),
        name_(client_name(o.name_prefix, n, o.clients)),
        socket_(io),
        timer_(io),
        reader_(telnet_reader::handlers{[this](std::string_view text) { on_text(text); },
                                        [this] { on_marker(); },
                                        [this](std::uint8_t verb, std::uint8_t option) { on_negotiate(verb, option); },
                                        [this](std::uint8_t option, std::string_view data) { on_sb(option, data); }}),
        player_(sc, name_, o.seed * 1000003 + static_cast<std::uint64_t>(n)),
        fired_(s.rules.size(), false) {}

  void start(const tcp::endpoint& server, std::optional<asio::ip::address_v4> source) {
    started_ = clock_type::now();
    ++t_.connecting;
    boost::system::error_code ec;
    socket_.open(tcp::v4(), ec);
    if (!ec && source) {
      socket_.bind(tcp::endpoint(*source, 0), ec);
    }
    if (ec) {
      --t_.connecting;
      ++t_.connect_errors;
      close();
      return;
    }
    socket_.async_connect(server, [self = shared_from_this()](const boost::system::error_code& err) {
      --self->t_.connecting;
      if (err) {
        ++self->t_.connect_errors;
        self->close();
        return;
      }
      ++self->t_.connected;
      self->connected_ = true;
      self->socket_.set_option(tcp::no_delay(true));
      self->arm_login_timeout();
      self->advance_script();
      self->read();
    });
  }

  void close() {
    if (closed_) {
      return;
    }
    closed_ = true;
    boost::system::error_code ignored;
    timer_.cancel();
    socket_.close(ignored);
    if (connected_) {
      --t_.connected;
    }
    if (stage_ == stage::playing || stage_ == stage::settling) {
      --t_.logged_in;
    }
  }

  /// Commands sent whose reply has not come.
  std::size_t unfinished() const { return pending_.size(); }

 private:
  enum class stage : std::uint8_t { login, settling, playing };
  struct pending {
    clock_type::time_point start;
    std::vector<std::string> ack;
    bool ack_seen = false;
  };

  /// The reply to the oldest command has come (its prompt then ends the round trip).
  void check_ack() {
    if (pending_.empty() || pending_.front().ack_seen) {
      return;
    }
    for (const std::string& a : pending_.front().ack) {
      if (reply_.find(a) != std::string::npos) {
        pending_.front().ack_seen = true;
        return;
      }
    }
  }

  void read() {
    socket_.async_read_some(asio::buffer(buf_), [self = shared_from_this()](const boost::system::error_code& err,
                                                                             std::size_t n) {
      if (self->closed_) {
        return;
      }
      if (err) {
        // The server closed or reset the connection (or refused it at the login screen).
        if (self->stage_ == stage::login) {
          ++self->t_.login_errors;
        }
        ++self->t_.disconnects;
        self->close();
        return;
      }
      if (!self->reader_.feed(std::string_view(self->buf_.data(), n))) {
        ++self->t_.other_errors;  // a broken MCCP2 stream
        self->close();
        return;
      }
      if (!self->closed_) {
        self->read();
      }
    });
  }

  void write_raw(std::string bytes) {
    if (closed_) {
      return;
    }
    outbox_ += bytes;
    flush();
  }

  void flush() {
    if (writing_ || outbox_.empty() || closed_) {
      return;
    }
    writing_ = true;
    in_flight_.swap(outbox_);
    outbox_.clear();
    asio::async_write(socket_, asio::buffer(in_flight_),
                      [self = shared_from_this()](const boost::system::error_code& err, std::size_t) {
                        self->writing_ = false;
                        self->in_flight_.clear();
                        if (err) {
                          if (!self->closed_) {
                            ++self->t_.other_errors;
                            self->close();
                          }
                          return;
                        }
                        self->flush();
                      });
  }

  void send_line(const std::string& line) {
    std::string out;
    out.reserve(line.size() + 2);
    for (char c : line) {
      out += c;
      if (static_cast<std::uint8_t>(c) == cmd::IAC) {
        out += c;
      }
    }
    out += "\r\n";
    write_raw(std::move(out));
  }

  void send_iac(std::initializer_list<std::uint8_t> bytes) {
    std::string out;
    for (std::uint8_t b : bytes) {
      out += static_cast<char>(b);
    }
    write_raw(std::move(out));
  }

  void send_sb(std::uint8_t option, std::string_view payload) {
    std::string out{static_cast<char>(cmd::IAC), static_cast<char>(cmd::SB), static_cast<char>(option)};
    for (char c : payload) {
      out += c;
      if (static_cast<std::uint8_t>(c) == cmd::IAC) {
        out += c;
      }
    }
    out += static_cast<char>(cmd::IAC);
    out += static_cast<char>(cmd::SE);
    write_raw(std::move(out));
  }

  // ------------------------------------------------------------------ telnet options
  void on_negotiate(std::uint8_t verb, std::uint8_t option) {
    if (verb == cmd::DO) {
      const bool yes = option == opt::TTYPE || option == opt::NAWS;
      if (us_[option] == (yes ? 1 : 2)) {
        return;  // (already answered so: no loops)
      }
      us_[option] = yes ? 1 : 2;
      send_iac({cmd::IAC, yes ? cmd::WILL : cmd::WONT, option});
      if (option == opt::NAWS) {
        send_sb(opt::NAWS, std::string_view("\0\310\0\062", 4));  // 200 x 50
      }
    } else if (verb == cmd::WILL) {
      const bool yes = option == opt::EOR || (option == opt::GMCP && o_.gmcp) || (option == opt::MCCP2 && o_.mccp);
      if (him_[option] == (yes ? 1 : 2)) {
        return;
      }
      him_[option] = yes ? 1 : 2;
      send_iac({cmd::IAC, yes ? cmd::DO : cmd::DONT, option});
      if (yes && option == opt::GMCP) {
        send_sb(opt::GMCP, R"(Core.Hello {"client":"mudload","version":"1"})");
      }
    } else if (verb == cmd::DONT) {
      us_[option] = 2;
    } else if (verb == cmd::WONT) {
      him_[option] = 2;
    }
  }

  void on_sb(std::uint8_t option, std::string_view data) {
    if (option == opt::TTYPE && !data.empty() && static_cast<std::uint8_t>(data[0]) == dw::telnet::ttype::SEND) {
      send_sb(opt::TTYPE, std::string("\0mudload", 8));
    }
  }

  // ------------------------------------------------------------------ text and prompts
  void on_text(std::string_view raw) {
    // Colours (ESC [ ... letter) and carriage returns are dropped, even when split across reads.
    std::string text;
    text.reserve(raw.size());
    for (char c : raw) {
      if (escape_ == 1) {
        escape_ = c == '[' ? 2 : 0;
        continue;
      }
      if (escape_ == 2) {
        if (c >= '@' && c <= '~') {
          escape_ = 0;
        }
        continue;
      }
      if (c == '\x1b') {
        escape_ = 1;
      } else if (c != '\r') {
        text += c;
      }
    }
    if (!o_.throttle_text.empty()) {
      throttle_tail_ += text;
      if (throttle_tail_.find(o_.throttle_text) != std::string::npos) {
        ++t_.throttled;
        throttle_tail_.clear();
      } else if (throttle_tail_.size() > o_.throttle_text.size()) {
        throttle_tail_.erase(0, throttle_tail_.size() - o_.throttle_text.size());
      }
    }
    reply_ += text;
    if (reply_.size() > 65536) {
      reply_.erase(0, reply_.size() - 32768);
    }
    if (stage_ == stage::login) {
      seen_ += text;
      if (seen_.size() > 65536) {
        seen_.erase(0, seen_.size() - 32768);
      }
      advance_script();
    }
    check_ack();
    if (!text.empty()) {
      text_prompt_just_fired_ = false;
    }
    if (!o_.prompt_text.empty()) {
      prompt_tail_ += text;
      for (std::size_t at; (at = prompt_tail_.find(o_.prompt_text)) != std::string::npos;) {
        prompt_tail_.erase(0, at + o_.prompt_text.size());
        on_prompt();
        text_prompt_just_fired_ = prompt_tail_.empty();
      }
      if (prompt_tail_.size() > o_.prompt_text.size()) {
        prompt_tail_.erase(0, prompt_tail_.size() - o_.prompt_text.size());
      }
    }
  }

  /// IAC EOR or IAC GA: a prompt, unless --prompt-text has just ended the same one.
  void on_marker() {
    if (!text_prompt_just_fired_) {
      on_prompt();
    }
    text_prompt_just_fired_ = false;
  }

  void on_prompt() {
    if (closed_) {
      return;
    }
    const auto now = clock_type::now();
    if (stage_ == stage::login) {
      if (step_ < script_.steps.size() && script_.steps[step_].what == script_step::kind::marker &&
          script_.steps[step_].text.empty()) {
        logged_in(now);
        begin_playing();
      }
      return;
    }
    if (stage_ == stage::settling) {
      begin_playing();
      return;
    }
    if (pending_.empty()) {
      player_.observe(reply_);  // (something came unasked: a fight round, someone's words)
      reply_.clear();
      return;
    }
    pending& front = pending_.front();
    if (!front.ack.empty() && !front.ack_seen) {
      return;  // the prompt of something sent unasked, not of this command's reply
    }
    const std::uint64_t ns = ns_between(front.start, now);
    ++t_.commands_all;
    t_.all.record(ns);
    if (t_.measuring && front.start >= t_.window_start && now <= t_.window_end) {
      ++t_.commands_window;
      t_.window.record(ns);
    }
    pending_.pop_front();
    if (n_ == o_.trace) {
      std::fprintf(stderr, "<<< %.3f ms\n%s\n", static_cast<double>(ns) / 1e6, reply_.c_str());
    }
    player_.observe(reply_);
    reply_.clear();
    if (o_.rate <= 0) {
      if (o_.think_ms > 0) {
        timer_.expires_after(std::chrono::microseconds(static_cast<long long>(o_.think_ms * 1000)));
        timer_.async_wait([self = shared_from_this()](const boost::system::error_code& err) {
          if (!err && !self->closed_) {
            self->send_command(clock_type::now());
          }
        });
      } else {
        send_command(now);
      }
    }
  }

  // ------------------------------------------------------------------ login script
  void arm_login_timeout() {
    timer_.expires_after(std::chrono::milliseconds(static_cast<long long>(o_.login_timeout * 1000)));
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& err) {
      if (!err && !self->closed_ && self->stage_ == stage::login) {
        ++self->t_.login_errors;
        self->close();
      }
    });
  }

  std::string filled(const std::string& text) const { return fill(text, name_, o_.password, n_, o_.login); }

  void advance_script() {
    for (std::size_t i = 0; i < script_.rules.size(); ++i) {
      if (!fired_[i] && seen_.find(filled(script_.rules[i].when)) != std::string::npos) {
        fired_[i] = true;
        send_line(filled(script_.rules[i].send));
      }
    }
    while (step_ < script_.steps.size() && stage_ == stage::login) {
      const script_step& s = script_.steps[step_];
      if (s.what == script_step::kind::send) {
        send_line(filled(s.text));
        ++step_;
        continue;
      }
      if (s.text.empty()) {
        return;  // a marker that waits for the prompt
      }
      const std::string want = filled(s.text);
      const std::size_t at = seen_.find(want);
      if (at == std::string::npos) {
        return;
      }
      seen_.erase(0, at + want.size());
      ++step_;
      if (s.what == script_step::kind::marker) {
        logged_in(clock_type::now());
        stage_ = stage::settling;  // the first command waits for the prompt after the welcome
      }
    }
  }

  void logged_in(clock_type::time_point now) {
    ++t_.logged_in;
    t_.login.record(ns_between(started_, now));
    timer_.cancel();
    stage_ = stage::settling;
  }

  void begin_playing() {
    stage_ = stage::playing;
    seen_.clear();
    player_.observe(reply_);
    reply_.clear();
    if (scenario_ == scenario::idle) {
      return;
    }
    if (o_.rate > 0) {
      // Open loop: command k goes at start + k / rate, whether or not the replies have come, and
      // its round trip counts from that scheduled time (no coordinated omission).
      period_ = std::chrono::nanoseconds(static_cast<long long>(1e9 / o_.rate));
      std::uniform_int_distribution<long long> phase(0, period_.count());
      std::mt19937_64 rng(o_.seed + static_cast<std::uint64_t>(n_));
      next_send_ = clock_type::now() + std::chrono::nanoseconds(phase(rng));
      schedule();
    } else {
      send_command(clock_type::now());
    }
  }

  void schedule() {
    timer_.expires_at(next_send_);
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& err) {
      if (err || self->closed_) {
        return;
      }
      self->drop_overdue(clock_type::now());
      self->send_command(self->next_send_);
      self->next_send_ += self->period_;
      self->schedule();
    });
  }

  void send_command(clock_type::time_point start) {
    command c = player_.next();
    if (!o_.match_replies) {
      c.ack.clear();
    }
    pending_.push_back({start, std::move(c.ack), false});
    if (pending_.size() == 1) {
      reply_.clear();
    }
    ++t_.sent[verb_of(c.line)];
    if (n_ == o_.trace) {
      std::fprintf(stderr, ">>> %s%s\n", c.line.c_str(), reader_.compressing() ? "  (MCCP2 on)" : "");
    }
    send_line(c.line);
    if (o_.rate <= 0) {
      // Closed loop: a command the server drops (a rate limit) must not stop this client for good.
      timer_.expires_after(reply_timeout());
      timer_.async_wait([self = shared_from_this()](const boost::system::error_code& err) {
        if (!err && !self->closed_ && !self->pending_.empty()) {
          self->drop_overdue(clock_type::now() + self->reply_timeout());
          self->send_command(clock_type::now());
        }
      });
    }
  }

  std::chrono::nanoseconds reply_timeout() const {
    return std::chrono::nanoseconds(static_cast<long long>(o_.reply_timeout * 1e9));
  }

  /// Commands sent longer than --reply-timeout before `now` count as timed out and are forgotten.
  void drop_overdue(clock_type::time_point now) {
    while (!pending_.empty() && now - pending_.front().start >= reply_timeout()) {
      ++t_.timeouts;
      pending_.pop_front();
      reply_.clear();
    }
    check_ack();
  }

  const options& o_;
  const script& script_;
  totals& t_;
  scenario scenario_;
  int n_;
  std::string name_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  telnet_reader reader_;
  player player_;
  std::vector<bool> fired_;
  std::array<char, 16384> buf_{};
  std::string outbox_;
  std::string in_flight_;
  bool writing_ = false;
  bool closed_ = false;
  bool connected_ = false;
  stage stage_ = stage::login;
  std::size_t step_ = 0;
  std::string seen_;
  std::string reply_;
  std::string prompt_tail_;
  std::string throttle_tail_;
  bool text_prompt_just_fired_ = false;
  int escape_ = 0;
  std::array<std::uint8_t, 256> us_{};
  std::array<std::uint8_t, 256> him_{};
  std::deque<pending> pending_;
  clock_type::time_point started_;
  clock_type::time_point next_send_;
  std::chrono::nanoseconds period_{};
};

void raise_fd_limit() {
  rlimit lim{};
  if (::getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
    lim.rlim_cur = lim.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &lim);
  }
}

std::string ms(std::uint64_t ns) { return bench::fmt("%.3f", static_cast<double>(ns) / 1e6); }

/// The server's CPU seconds and memory, if it was named.
struct server_probe {
  pid_t pid = 0;
  double cpu_start = -1;  ///< CPU seconds, to the nanosecond where the clock can be read, else in ticks
  double cpu_end = -1;
  long rss_kib = -1;
  double own_start = 0;  ///< mudload's own CPU seconds at the window's ends: is the generator the limit?
  double own_end = 0;
};

double own_cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/// The server's CPU seconds: its CPU-time clock where it can be read (ns), else /proc/<pid>/stat (ticks).
double server_cpu(pid_t pid) {
  const double exact = bench::process_cpu_seconds_exact(pid);
  return exact >= 0 ? exact : bench::process_cpu_seconds(pid);
}

}  // namespace

int run(int argc, char** argv) {
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
  app.add_option("-s,--scenario", o.scenario_name, "idle, rtt, chat, explore or mixed")->capture_default_str();
  app.add_option("--script", o.script_file, "login script")->capture_default_str();
  app.add_option("--name-prefix", o.name_prefix, "names are this and the client's number in letters")
      ->capture_default_str();
  app.add_option("--password", o.password, "every client's password")->capture_default_str();
  app.add_option("--login", o.login, "{login} in the script: create or connect")->capture_default_str();
  app.add_option("--prompt-text", o.prompt_text, "text that ends a reply, for servers that send no EOR/GA");
  app.add_option("--think", o.think_ms, "closed loop: milliseconds between a prompt and the next command")
      ->capture_default_str();
  app.add_option("--rate", o.rate, "open loop: commands per second per client (0: closed loop)")
      ->capture_default_str();
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
  CLI11_PARSE(app, argc, argv);
  o.match_replies = match == "replies";

  if (o.print_names) {
    for (int i = 0; i < o.clients; ++i) {
      std::printf("%s\n", client_name(o.name_prefix, i, o.clients).c_str());
    }
    return 0;
  }
  scenario sc{};
  script sp;
  try {
    sc = parse_scenario(o.scenario_name);
    sp = read_script(o.script_file);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mudload: %s\n", e.what());
    return 2;
  }
  server_probe probe;
  probe.pid = o.server_pid;
  if (!o.server_pid_file.empty()) {
    std::ifstream in(o.server_pid_file);
    in >> probe.pid;
  }
  raise_fd_limit();

  asio::io_context io(1);
  boost::system::error_code ec;
  const auto address = asio::ip::make_address_v4(o.host, ec);
  if (ec) {
    std::fprintf(stderr, "mudload: --host must be an IPv4 address: %s\n", o.host.c_str());
    return 2;
  }
  const tcp::endpoint server(address, o.port);
  const bool loopback = (address.to_uint() >> 24) == 127;
  const int sources = o.sources > 0 ? o.sources : (o.clients + 11) / 12;

  totals t;
  std::vector<std::shared_ptr<client>> clients;
  clients.reserve(static_cast<std::size_t>(o.clients));
  const auto begin = clock_type::now();
  t.window_start = begin + std::chrono::milliseconds(static_cast<long long>(o.warmup * 1000));
  t.window_end = t.window_start + std::chrono::milliseconds(static_cast<long long>(o.duration * 1000));

  // Connections are opened at --ramp per second.
  asio::steady_timer ramp(io);
  const auto ramp_step = std::chrono::nanoseconds(static_cast<long long>(1e9 / o.ramp));
  std::function<void()> open_next = [&] {
    const auto due = static_cast<std::size_t>(ns_between(begin, clock_type::now()) / static_cast<std::uint64_t>(ramp_step.count())) + 1;
    while (clients.size() < static_cast<std::size_t>(o.clients) && clients.size() < due) {
      const int n = static_cast<int>(clients.size());
      std::optional<asio::ip::address_v4> source;
      if (loopback) {
        source = asio::ip::address_v4(0x7f000001u + static_cast<std::uint32_t>(n % sources));
      }
      clients.push_back(std::make_shared<client>(io, o, sp, t, sc, n));
      clients.back()->start(server, source);
    }
    if (clients.size() < static_cast<std::size_t>(o.clients)) {
      ramp.expires_after(std::max(ramp_step, std::chrono::nanoseconds(1000000)));
      ramp.async_wait([&](const boost::system::error_code& err) {
        if (!err) {
          open_next();
        }
      });
    }
  };
  open_next();

  // Progress each second; the window's start and end.
  asio::steady_timer tick(io);
  std::uint64_t last_commands = 0;
  int second = 0;
  std::function<void()> on_tick = [&] {
    ++second;
    if (!o.quiet) {
      const histogram& h = t.window.count() > 0 ? t.window : t.all;
      std::fprintf(stderr, "[%3ds] connected %d (opening %d)  logged in %d  cmd/s %llu  p99 %s ms  errors %llu  disconnects %llu\n",
                   second, t.connected, t.connecting, t.logged_in,
                   static_cast<unsigned long long>(t.commands_all - last_commands), ms(h.quantile(0.99)).c_str(),
                   static_cast<unsigned long long>(t.errors()), static_cast<unsigned long long>(t.disconnects));
    }
    last_commands = t.commands_all;
    tick.expires_at(begin + std::chrono::seconds(second + 1));
    tick.async_wait([&](const boost::system::error_code& err) {
      if (!err) {
        on_tick();
      }
    });
  };
  // The measured window: the server's CPU time is read at both ends.
  asio::steady_timer window(io);
  window.expires_at(t.window_start);
  window.async_wait([&](const boost::system::error_code& err) {
    if (err) {
      return;
    }
    t.measuring = true;
    probe.cpu_start = server_cpu(probe.pid);
    probe.own_start = own_cpu_seconds();
    window.expires_at(t.window_end);
    window.async_wait([&](const boost::system::error_code& err2) {
      if (err2) {
        return;
      }
      probe.cpu_end = server_cpu(probe.pid);
      probe.own_end = own_cpu_seconds();
      probe.rss_kib = probe.pid > 0 ? bench::process_rss_kib(probe.pid) : -1;
      io.stop();
    });
  });
  tick.expires_at(begin + std::chrono::seconds(1));
  tick.async_wait([&](const boost::system::error_code& err) {
    if (!err) {
      on_tick();
    }
  });
  io.run();

  std::uint64_t unfinished = 0;
  for (const auto& c : clients) {
    unfinished += c->unfinished();
  }
  const histogram& h = t.window;
  const double seconds = o.duration;
  const double per_s = static_cast<double>(t.commands_window) / seconds;
  const double cpu = probe.cpu_start >= 0 && probe.cpu_end >= 0 ? probe.cpu_end - probe.cpu_start : -1;
  const std::string mode = o.rate > 0 ? bench::fmt("open loop, %.2f cmd/s per client", o.rate)
                                      : bench::fmt("closed loop, think %g ms", o.think_ms);

  std::printf("mudload %s:%u  scenario %s  clients %d  %s  %.0f s measured after %.0f s warm-up\n", o.host.c_str(),
              o.port, o.scenario_name.c_str(), o.clients, mode.c_str(), o.duration, o.warmup);
  std::printf("  %-22s %d of %d (login p50 %s ms, p99 %s ms)\n", "logged in at the end", t.logged_in, o.clients,
              ms(t.login.quantile(0.5)).c_str(), ms(t.login.quantile(0.99)).c_str());
  std::printf("  %-22s %llu (%.1f per second)\n", "commands", static_cast<unsigned long long>(t.commands_window),
              per_s);
  std::printf("  %-22s p50 %s  p90 %s  p99 %s  p99.9 %s  max %s ms\n", "round trip", ms(h.quantile(0.5)).c_str(),
              ms(h.quantile(0.9)).c_str(), ms(h.quantile(0.99)).c_str(), ms(h.quantile(0.999)).c_str(),
              ms(h.max()).c_str());
  std::printf("  %-22s %llu (connect %llu, login %llu, reply timeouts %llu, other %llu)\n", "errors",
              static_cast<unsigned long long>(t.errors()), static_cast<unsigned long long>(t.connect_errors),
              static_cast<unsigned long long>(t.login_errors), static_cast<unsigned long long>(t.timeouts),
              static_cast<unsigned long long>(t.other_errors));
  if (t.throttled > 0) {
    std::printf("  %-22s %llu times: the server dropped commands (rate limit), the figures are not valid\n",
                "THROTTLED", static_cast<unsigned long long>(t.throttled));
  }
  std::string verbs;
  for (const auto& [verb, count] : t.sent) {
    verbs += bench::fmt("%s%s %llu", verbs.empty() ? "" : ", ", verb.c_str(), static_cast<unsigned long long>(count));
  }
  std::printf("  %-22s %s\n", "sent (whole run)", verbs.empty() ? "-" : verbs.c_str());
  std::printf("  %-22s %llu\n", "disconnects", static_cast<unsigned long long>(t.disconnects));
  std::printf("  %-22s %llu\n", "unanswered at the end", static_cast<unsigned long long>(unfinished));
  if (probe.pid > 0) {
    std::printf("  %-22s pid %d: CPU %.3f s over the window (%.1f %% of one core), %s us per command, RSS %.1f MiB\n",
                "server", probe.pid, cpu, cpu >= 0 ? 100 * cpu / seconds : -1,
                t.commands_window > 0 && cpu >= 0 ? bench::fmt("%.1f", 1e6 * cpu / static_cast<double>(t.commands_window)).c_str() : "-",
                static_cast<double>(probe.rss_kib) / 1024);
  }
  const double own = probe.own_end - probe.own_start;
  std::printf("  %-22s CPU %.3f s over the window (%.1f %% of one core%s)\n", "mudload", own, 100 * own / seconds,
              own / seconds > 0.9 ? ": the generator may be the limit" : "");
  std::fflush(stdout);

  if (!o.json_file.empty()) {
    std::ofstream out(o.json_file);
    out << "{\"host\":\"" << o.host << "\",\"port\":" << o.port << ",\"scenario\":\"" << o.scenario_name
        << "\",\"clients\":" << o.clients << ",\"rate_per_client\":" << o.rate << ",\"think_ms\":" << o.think_ms
        << ",\"duration_s\":" << o.duration << ",\"warmup_s\":" << o.warmup << ",\"logged_in\":" << t.logged_in
        << ",\"commands\":" << t.commands_window << ",\"commands_per_s\":" << per_s
        << ",\"rtt_ms\":{\"p50\":" << ms(h.quantile(0.5)) << ",\"p90\":" << ms(h.quantile(0.9))
        << ",\"p99\":" << ms(h.quantile(0.99)) << ",\"p999\":" << ms(h.quantile(0.999)) << ",\"max\":" << ms(h.max())
        << "},\"login_ms\":{\"p50\":" << ms(t.login.quantile(0.5)) << ",\"p99\":" << ms(t.login.quantile(0.99))
        << "},\"errors\":" << t.errors() << ",\"connect_errors\":" << t.connect_errors
        << ",\"login_errors\":" << t.login_errors << ",\"other_errors\":" << t.other_errors
        << ",\"timeouts\":" << t.timeouts << ",\"throttled\":" << t.throttled
        << ",\"disconnects\":" << t.disconnects << ",\"unanswered\":" << unfinished
        << ",\"mudload_cpu_s\":" << own;
    if (probe.pid > 0) {
      out << ",\"server\":{\"pid\":" << probe.pid << ",\"cpu_s\":" << cpu << ",\"cpu_us_per_command\":"
          << (t.commands_window > 0 && cpu >= 0 ? 1e6 * cpu / static_cast<double>(t.commands_window) : -1)
          << ",\"rss_kib\":" << probe.rss_kib << "}";
    }
    out << "}\n";
  }
  // The clients' sockets and callbacks go with the process: nothing to wait for.
  std::_Exit(0);
}

}  // namespace dw::load

int main(int argc, char** argv) { return dw::load::run(argc, argv); }
