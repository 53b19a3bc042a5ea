#include "bench/load/client.hpp"

#include <cstdio>
#include <random>
#include <utility>

namespace dw::load {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

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

}  // namespace

namespace {

/// The seed of character `n`'s `session`-th login (the first is the seed it has always had).
std::uint64_t seed_of(const options& o, int n, int session) {
  return o.seed * 1000003 + static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(session) * 0x9E3779B97F4A7C15ull;
}

/// How many commands the session plays before it quits: between half and one and a half times
/// --session-commands, so that a thousand clients do not all quit in the same second.
std::uint64_t session_limit(const options& o, scenario role, int n, int session) {
  if (o.session_commands <= 0 || role == scenario::idle) {
    return 0;
  }
  std::mt19937_64 rng(seed_of(o, n, session) ^ 0x5E55107ull);
  const auto half = static_cast<std::uint64_t>(o.session_commands) / 2;
  return std::uniform_int_distribution<std::uint64_t>(half + 1,
                                                      half + static_cast<std::uint64_t>(o.session_commands))(rng);
}

}  // namespace

client::client(asio::io_context& io, const options& o, const script& s, totals& t, scenario sc, int n, int session)
    : o_(o),
      script_(s),
      t_(t),
      scenario_(role_of(sc, n)),
      n_(n),
      session_(session),
      character_(o.first_name + n + (session % o.relay) * o.clients),
      name_(client_name(o.name_prefix, character_, o.first_name + o.clients * o.relay)),
      socket_(io),
      timer_(io),
      reader_(telnet_reader::handlers{
          [this](std::string_view text) { on_text(text); }, [this] { on_marker(); },
          [this](std::uint8_t verb, std::uint8_t option) { write_raw(answers_.negotiate(verb, option)); },
          [this](std::uint8_t option, std::string_view data) { write_raw(answers_.subnegotiation(option, data)); }}),
      answers_(o.gmcp, o.mccp),
      player_(scenario_, name_, seed_of(o, character_, session / o.relay)),
      fired_(s.rules.size(), false),
      session_limit_(session_limit(o, scenario_, character_, session / o.relay)) {}

void client::start(const tcp::endpoint& server, std::optional<asio::ip::address_v4> source) {
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

void client::close() {
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

/// The reply to the oldest command has come (its prompt then ends the round trip).
void client::check_ack() {
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

void client::read() {
  socket_.async_read_some(asio::buffer(buf_),
                          [self = shared_from_this()](const boost::system::error_code& err, std::size_t n) {
                            if (self->closed_) {
                              return;
                            }
                            if (err) {
                              // The server closed or reset the connection (or refused it at the login screen).
                              if (self->quitting_) {
                                ++self->t_.quits;  // (as it was asked to)
                                self->close();
                                return;
                              }
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

void client::write_raw(std::string bytes) {
  if (closed_) {
    return;
  }
  outbox_ += bytes;
  flush();
}

void client::flush() {
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

void client::on_text(std::string_view raw) {
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
void client::on_marker() {
  if (!text_prompt_just_fired_) {
    on_prompt();
  }
  text_prompt_just_fired_ = false;
}

void client::on_prompt() {
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
    ++t_.commands_interval;
    t_.interval.record(ns);
  }
  pending_.pop_front();
  if (n_ == o_.trace) {
    std::fprintf(stderr, "<<< %.3f ms\n%s\n", static_cast<double>(ns) / 1e6, reply_.c_str());
  }
  player_.observe(reply_);
  reply_.clear();
  if (o_.rate <= 0) {
    if (think_ms() > 0) {
      timer_.expires_after(std::chrono::microseconds(static_cast<long long>(think_ms() * 1000)));
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

void client::arm_login_timeout() {
  timer_.expires_after(std::chrono::milliseconds(static_cast<long long>(o_.login_timeout * 1000)));
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& err) {
    if (!err && !self->closed_ && self->stage_ == stage::login) {
      ++self->t_.login_errors;
      self->close();
    }
  });
}

std::string client::filled(const std::string& text) const { return fill(text, name_, o_.password, character_, o_.login); }

void client::advance_script() {
  for (std::size_t i = 0; i < script_.rules.size(); ++i) {
    if (!fired_[i] && seen_.find(filled(script_.rules[i].when)) != std::string::npos) {
      fired_[i] = true;
      write_raw(line_bytes(filled(script_.rules[i].send)));
    }
  }
  while (step_ < script_.steps.size() && stage_ == stage::login) {
    const script_step& s = script_.steps[step_];
    if (s.what == script_step::kind::send) {
      write_raw(line_bytes(filled(s.text)));
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

void client::logged_in(clock_type::time_point now) {
  ++t_.logged_in;
  t_.login.record(ns_between(started_, now));
  timer_.cancel();
  stage_ = stage::settling;
}

void client::begin_playing() {
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

double client::think_ms() const {
  return scenario_ == scenario::chat && o_.chat_think_ms >= 0 ? o_.chat_think_ms : o_.think_ms;
}

void client::schedule() {
  timer_.expires_at(next_send_);
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& err) {
    if (err || self->closed_ || self->quitting_) {
      return;
    }
    self->drop_overdue(clock_type::now());
    self->send_command(self->next_send_);
    if (self->quitting_) {
      return;  // (quit() has set the timer to wait for the close)
    }
    self->next_send_ += self->period_;
    self->schedule();
  });
}

void client::send_command(clock_type::time_point start) {
  if (session_limit_ > 0 && ++sent_ > session_limit_) {
    // An explorer walks back to the well first (player::go_home), everyone else quits where they are.
    if (scenario_ != scenario::explore || (player_.go_home(), player_.home())) {
      quit();
      return;
    }
  }
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
  write_raw(line_bytes(c.line));
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

/// The session has played its commands: `quit`, forget what is unanswered (the driver logs in again
/// once the server has closed); a server that does not close within --login-timeout is an error.
void client::quit() {
  quitting_ = true;
  if (scenario_ == scenario::explore) {
    t_.lost += player_.reached_home() ? 0 : 1;
    t_.began_inside += player_.began_inside() ? 1 : 0;
    t_.found_way_out += player_.found_way_out() ? 1 : 0;
  }
  pending_.clear();
  reply_.clear();
  ++t_.sent["quit"];
  if (n_ == o_.trace) {
    std::fprintf(stderr, ">>> quit\n");
  }
  write_raw(line_bytes("quit"));
  timer_.expires_after(std::chrono::milliseconds(static_cast<long long>(o_.login_timeout * 1000)));
  timer_.async_wait([self = shared_from_this()](const boost::system::error_code& err) {
    if (!err && !self->closed_) {
      ++self->t_.other_errors;  // quit, and the server did not close
      self->quitting_ = false;
      self->close();
    }
  });
}

std::chrono::nanoseconds client::reply_timeout() const {
  return std::chrono::nanoseconds(static_cast<long long>(o_.reply_timeout * 1e9));
}

/// Commands sent longer than --reply-timeout before `now` count as timed out and are forgotten.
void client::drop_overdue(clock_type::time_point now) {
  while (!pending_.empty() && now - pending_.front().start >= reply_timeout()) {
    ++t_.timeouts;
    pending_.pop_front();
    reply_.clear();
  }
  check_ack();
}
}  // namespace dw::load
