#pragma once

// One connection of the load generator: it connects (bound to a loopback source address if given),
// answers telnet, logs in with the script, then plays its scenario, closed loop (the next command
// after the prompt, and --think) or open loop (--rate, on a fixed schedule), and times each command
// from its send, or scheduled send, to the prompt that ends its reply, into the shared totals.
// Everything runs on the io_context's one thread; each pending callback holds `self`, so a client
// lives as long as something of it is under way.
#include <array>
#include <boost/asio.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/load/options.hpp"
#include "bench/load/scenario.hpp"
#include "bench/load/script.hpp"
#include "bench/load/telnet_answers.hpp"
#include "bench/load/telnet_reader.hpp"
#include "bench/load/totals.hpp"

namespace dw::load {

class client : public std::enable_shared_from_this<client> {
 public:
  /// Client number `n` playing its role_of(sc, n); `o`, `s` and `t` must outlive it. `session` counts
  /// the logins at this client's place (0 first). With --relay K they go to K characters in turn
  /// (n, n + clients, ... n + (K-1) clients: their names, their seeds), and each character's own
  /// sessions walk and quit by their own seeded choices; with K = 1 the character is always n.
  client(boost::asio::io_context& io, const options& o, const script& s, totals& t, scenario sc, int n,
         int session = 0);

  /// Connects to `server`; counts a connect error and closes if that fails.
  void start(const boost::asio::ip::tcp::endpoint& server, std::optional<boost::asio::ip::address_v4> source);
  void close();

  /// Commands sent whose reply has not come.
  std::size_t unfinished() const { return pending_.size(); }
  /// It quit (--session-commands) and the server has closed: log in again with a new client.
  bool wants_again() const { return quitting_ && closed_; }
  int number() const { return n_; }
  int session() const { return session_; }
  /// The character this session plays (its name and seed): see the constructor.
  int character() const { return character_; }

 private:
  enum class stage : std::uint8_t { login, settling, playing };
  struct pending {
    clock_type::time_point start;
    std::vector<std::string> ack;
    bool ack_seen = false;
  };

  void check_ack();
  void read();
  void write_raw(std::string bytes);
  void flush();

  void on_text(std::string_view raw);
  void on_marker();
  void on_prompt();

  void arm_login_timeout();
  std::string filled(const std::string& text) const;
  void advance_script();
  void logged_in(clock_type::time_point now);
  void begin_playing();

  void schedule();
  void send_command(clock_type::time_point start);
  void quit();
  double think_ms() const;
  std::chrono::nanoseconds reply_timeout() const;
  void drop_overdue(clock_type::time_point now);

  const options& o_;
  const script& script_;
  totals& t_;
  scenario scenario_;
  int n_;
  int session_;
  int character_;
  std::string name_;
  boost::asio::ip::tcp::socket socket_;
  boost::asio::steady_timer timer_;
  telnet_reader reader_;
  telnet_answers answers_;
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
  std::deque<pending> pending_;
  clock_type::time_point started_;
  clock_type::time_point next_send_;
  std::chrono::nanoseconds period_{};
  std::uint64_t sent_ = 0;
  std::uint64_t session_limit_ = 0;  ///< quit after this many commands (0: never)
  bool quitting_ = false;
};

}  // namespace dw::load
