#include "server/net/session.hpp"

#include <array>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "server/log/log.hpp"
#include "server/telnet/codec.hpp"
#include "server/text/log_safe.hpp"

namespace dw::net {
namespace asio = boost::asio;
using asio::use_awaitable;

session::session(asio::ip::tcp::socket socket, game::network_port& game, commit_tracker& commits, session_limits limits,
                 std::function<void()> on_closed)
    : session(std::make_shared<tcp_stream>(std::move(socket)), game, commits, limits, std::move(on_closed)) {}

session::session(std::shared_ptr<stream> stream, game::network_port& game, commit_tracker& commits,
                 session_limits limits, std::function<void()> on_closed)
    : stream_(std::move(stream)),
      wake_(stream_->get_executor()),
      close_deadline_(stream_->get_executor()),
      batch_(output_batch::of(stream_->get_executor())),
      game_(game),
      commits_(commits),
      limits_(limits),
      on_closed_(std::move(on_closed)),
      queue_(limits.max_output_queue_bytes),
      deflate_(limits.mccp2_level) {
  boost::system::error_code ec;
  const auto remote = stream_->socket().remote_endpoint(ec);
  address_ = ec ? std::string("unknown") : remote.address().to_string();
  // Small replies must not wait for Nagle's algorithm (it costs ~40 ms per command).
  stream_->socket().set_option(asio::ip::tcp::no_delay(true), ec);
  abilities_.tls = stream_->is_tls();
  traffic_kind_ = stream_->is_websocket() ? connection_kind::web
                  : stream_->is_tls()     ? connection_kind::tls
                                          : connection_kind::telnet;
  if (const auto protocol = stream_->message_subprotocol()) {
    framing_ = make_message_framing(*protocol, limits.codec);
    abilities_.web_page = true;
  } else {
    framing_ = make_telnet_framing(limits.codec);
  }
  wake_.expires_at(asio::steady_timer::time_point::max());
}

session::~session() = default;

void session::start() {
  framing_->start(gathering_);  // (a message subprotocol has nothing to negotiate)
  refresh_abilities();
  flush(0);  // the opening negotiation leaves at once
  id_ = game_.on_connect(*this);
  asio::co_spawn(
      stream_->get_executor(), [self = shared_from_this()] { return self->read_loop(); }, asio::detached);
  asio::co_spawn(
      stream_->get_executor(), [self = shared_from_this()] { return self->write_loop(); }, asio::detached);
}

void session::start_restored(std::string_view codec_state, const game::saved_connection& saved) {
  // Only plain telnet connections are handed over (stream::can_hand_over), so the framing is telnet's.
  telnet::codec& codec = *framing_->telnet();
  if (auto restored = telnet::codec::restore_state(codec_state, limits_.codec)) {
    codec = std::move(*restored);
  } else {
    log::warn("connection from {}: telnet state lost in the reboot; negotiating again", address_);
    codec.start(gathering_);
  }
  // The old image ended MCCP2 compression before it went: offer it again, so the client can turn it on.
  codec.offer_compression_again(gathering_);
  refresh_abilities();
  id_ = game_.on_restore(*this, saved);
  game_.flush_output();
  flush(0);
  asio::co_spawn(
      stream_->get_executor(), [self = shared_from_this()] { return self->read_loop(); }, asio::detached);
  asio::co_spawn(
      stream_->get_executor(), [self = shared_from_this()] { return self->write_loop(); }, asio::detached);
}

namespace {

/// Input of plain connections is read into this one buffer, world thread only: a connection waits for
/// its socket to be readable instead of holding a read buffer of its own while idle (4 KiB a player at
/// 10,000 players; issue 14). Nothing suspends between reading into it and handing its bytes on.
struct input_scratch {
  std::array<char, 4096> bytes;
  std::vector<telnet::event> events;
  std::string replies;
};
thread_local input_scratch scratch;


}  // namespace

asio::awaitable<void> session::read_loop() {
  try {
    if (asio::ip::tcp::socket* socket = stream_->plain_socket()) {
      co_await read_plain(*socket);
    } else {
      // TLS and WebSocket layers read through their own buffers and may suspend mid-read: a buffer of
      // its own, on the heap only for these connections.
      const auto buffer = std::make_unique<std::array<char, 4096>>();
      while (!shut_) {
        const std::size_t n = co_await stream_->read_some(asio::buffer(*buffer));
        if (!take_input(std::string_view(buffer->data(), n))) {
          break;
        }
      }
    }
  } catch (const boost::system::system_error& e) {
    // EOF, reset and our own cancellation are how connections end: not failures.
    if (e.code() != asio::error::eof && e.code() != asio::error::operation_aborted &&
        e.code() != asio::error::connection_reset && e.code() != asio::error::bad_descriptor) {
      log::debug("connection {} read error: {}", id_, e.code().message());
    }
  } catch (const std::exception& e) {
    log::error("connection {}: {}", id_, log_safe(e.what()));
  }
  shut();
}

asio::awaitable<void> session::read_plain(asio::ip::tcp::socket& socket) {
  socket.non_blocking(true);  // reads and writes below return would_block instead of waiting
  while (!shut_) {
    boost::system::error_code ec;
    const std::size_t n = socket.read_some(asio::buffer(scratch.bytes), ec);
    if (ec == asio::error::would_block) {
      // Drained: the next edge of readiness wakes this (one thread runs the reactor, so no edge is missed
      // between the read above and this wait).
      co_await socket.async_wait(asio::ip::tcp::socket::wait_read, use_awaitable);
      continue;
    }
    if (ec) {
      throw boost::system::system_error(ec);
    }
    if (!take_input(std::string_view(scratch.bytes.data(), n))) {
      co_return;
    }
    if (n == scratch.bytes.size()) {
      // More may be waiting: let every other connection's handler run before this one reads again.
      co_await asio::post(socket.get_executor(), use_awaitable);
    }
  }
}

bool session::take_input(std::string_view bytes) {
  // Output this input makes is tried at the end; if world code throws, a posted handler tries it instead.
  batch_.begin_input();
  struct input_ends {
    session& s;
    bool done = false;
    ~input_ends() {
      if (!done) {
        s.batch_.abandon_input(s.stream_->get_executor());
      }
    }
  } ends{*this};
  std::vector<telnet::event>& events = scratch.events;
  std::string& replies = scratch.replies;
  events.clear();
  replies.clear();
  bool ok = true;
  if (!framing_->feed(bytes, events, replies)) {
    log::warn("connection {} ({}): its stream broke the record format; closing", id_, address_);
    ok = false;
  }
  if (ok) {
    refresh_abilities();
    if (!replies.empty()) {
      // Negotiation answers are a chunk of their own: they announce nothing the game saves.
      gathering_ += replies;
      flush(0);
    }
    handle_events(events);
    if (!gathering_.empty()) {
      flush(0);
    }
  }
  events.clear();
  ends.done = true;
  batch_.end_input();
  return ok;
}

void session::refresh_abilities() {
  const telnet::client_info& info = framing_->client();
  if (info == negotiated_) {
    return;
  }
  negotiated_ = info;
  abilities_.client_name = info.client_name;
  abilities_.terminal_type = info.terminal_type;
  abilities_.width = info.width;
  abilities_.height = info.height;
  abilities_.utf8 = info.utf8;
  abilities_.ansi = info.ansi;
  abilities_.xterm256 = info.xterm256;
  abilities_.truecolour = info.truecolour;
  abilities_.screen_reader = info.screen_reader;
  abilities_.gmcp = info.gmcp;
}

void session::handle_events(std::vector<telnet::event>& events) {
  for (telnet::event& ev : events) {
    if (disconnected_) {
      return;
    }
    std::visit(
        [this](auto& e) {
          using T = std::decay_t<decltype(e)>;
          if constexpr (std::is_same_v<T, telnet::line_event>) {
            game_.on_line(id_, e.text);
          } else if constexpr (std::is_same_v<T, telnet::line_too_long_event>) {
            game_.on_line_too_long(id_, e.bytes);
          } else if constexpr (std::is_same_v<T, telnet::gmcp_event>) {
            game_.on_gmcp(id_, e.package, e.json);
          } else if constexpr (std::is_same_v<T, telnet::option_event>) {
            option_settled(e);
          } else if constexpr (std::is_same_v<T, telnet::subneg_overflow_event>) {
            log::warn("connection {} ({}) sent an oversized subnegotiation (option {}); dropped", id_, address_,
                         static_cast<int>(e.option));
          }
          // NAWS, TTYPE and other option changes need no call: the game reads client() when it renders.
        },
        ev);
  }
}

void session::option_settled(const telnet::option_event& e) {
  telnet::codec* codec = framing_->telnet();  // (only telnet settles options)
  if (!e.local || codec == nullptr) {
    return;
  }
  if (e.option == telnet::opt::MSSP && e.enabled) {
    std::vector<telnet::mssp_variable> variables;
    for (game::listing_entry& e : game_.listing()) {
      variables.push_back({std::move(e.name), std::move(e.value)});
    }
    if (codec->encode_mssp(variables, gathering_)) {
      flush(0);
    }
  } else if (e.option == telnet::opt::MCCP2) {
    if (e.enabled && !compression_queued_ && !handing_over_) {
      log::debug("connection {} turned MCCP2 compression on", id_);
      telnet::codec::encode_compression_start(gathering_);
      queue_switch(write_queue::stream_switch::compress_after);
      compression_queued_ = true;
    } else if (!e.enabled && compression_queued_) {
      log::debug("connection {} turned MCCP2 compression off", id_);
      queue_switch(write_queue::stream_switch::plain_after);
      compression_queued_ = false;
    }
  }
}

void session::queue_switch(write_queue::stream_switch after) {
  if (shut_ || overflowed_) {
    gathering_.clear();
    return;
  }
  // Not through flush(): a switch with no bytes of its own (the end of compression) is queued too.
  enqueue(0, after);
}

void session::handover_failed() {
  if (!handing_over_) {
    return;
  }
  handing_over_ = false;
  if (telnet::codec* codec = framing_->telnet()) {  // (a message subprotocol has no MCCP2 to offer)
    codec->offer_compression_again(gathering_);
    flush(0);
  }
}

void session::end_compression_for_handover() {
  handing_over_ = true;
  if (compression_queued_) {
    queue_switch(write_queue::stream_switch::plain_after);
    compression_queued_ = false;
  }
}

void session::write_text(std::string_view text) { framing_->encode_text(text, gathering_); }

void session::write_gmcp(std::string_view package, std::string_view json) {
  framing_->encode_gmcp(package, json, gathering_);
}

void session::write_prompt_end() { framing_->end_prompt(gathering_); }

void session::flush(std::uint64_t ticket) {
  if (overflowed_) {
    gathering_.clear();
  }
  if (gathering_.empty() || shut_ || overflowed_) {
    return;
  }
  enqueue(ticket, write_queue::stream_switch::none);
}

void session::enqueue(std::uint64_t ticket, write_queue::stream_switch after) {
  const bool within_limit = queue_.push(std::move(gathering_), ticket, after);
  gathering_.clear();
  if (!within_limit) {
    // The client stopped reading. Drop it rather than let it hold memory or slow anyone else.
    log::warn("connection {} ({}) has {} bytes of unread output: disconnecting", id_, address_,
                 queue_.queued_bytes());
    // The queue is not cleared here: a write in flight may be reading its front chunks. It goes with the
    // session. Not shut() here either: flush() runs inside world code, which must not be re-entered.
    overflowed_ = true;
    asio::post(stream_->get_executor(), [self = shared_from_this()] { self->shut(); });
    return;
  }
  if (ticket > awaited_ticket_ && !commits_.is_committed(ticket)) {
    // Woken when its batch commits: only the sessions that wait are told, not every session at every
    // commit (at 10,000 players that walk was a fifth of the world thread's time; BENCHMARKS.md, issue 14).
    awaited_ticket_ = ticket;
    commits_.when_committed(ticket, [weak = weak_from_this()] {
      if (const auto self = weak.lock()) {
        self->commits_advanced();
      }
    });
  }
  write_soon();
}

void session::discard(std::uint64_t ticket) {
  // The world calls this before the tracker counts `ticket` as resolved, so no write in flight is
  // reading the chunks it empties (write_queue::discard).
  queue_.discard(ticket);
  write_soon();
}

void session::discard_unflushed() { gathering_.clear(); }

void session::set_hidden_input(bool hidden) { framing_->set_hidden_input(hidden, gathering_); }

void session::close() {
  // Not flushed here: the world flushes this event's output (the farewell) with its ticket when the
  // event ends, before the writer below wakes up; the queue then drains and the socket shuts.
  closing_ = true;
  wake_.cancel();
  // A client that stops reading must not keep a closing connection open for ever.
  close_deadline_.expires_after(std::chrono::seconds(5));
  close_deadline_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) {
      self->shut();
    }
  });
}

std::string session::codec_state() const {
  const telnet::codec* codec = framing_->telnet();
  return codec != nullptr ? codec->save_state() : std::string();
}

void session::abort() { shut(); }

void session::shut() {
  if (!shut_) {
    shut_ = true;
    stream_->close();
    wake_.cancel();
    close_deadline_.cancel();
  }
  if (!disconnected_) {
    disconnected_ = true;
    game_.on_disconnect(id_);
    if (on_closed_) {
      on_closed_();
    }
  }
}

}  // namespace dw::net
