#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "server/game/network_port.hpp"
#include "server/game/roster/session_port.hpp"
#include "server/net/commit_tracker.hpp"
#include "server/net/framing.hpp"
#include "server/net/output_batch.hpp"
#include "server/net/stream.hpp"
#include "server/net/traffic.hpp"
#include "server/net/write_queue.hpp"
#include "server/telnet/deflate_stream.hpp"

namespace dw::net {

struct session_limits {
  std::size_t max_output_queue_bytes = 1024 * 1024;
  telnet::codec_limits codec;
  /// zlib level of MCCP2 compression (codec.mccp2 says whether MCCP2 is offered at all).
  int mccp2_level = 4;
};

/// One telnet connection: owns the stream (a socket, or TLS over one), the codec and a bounded write queue. Runs on the
/// world thread (the io_context has one thread), so it calls the game directly, through game::network_port. Output
/// gathered during an event leaves in one write, once that event's own batch of changes has committed (and after
/// everything queued before it on this connection); output of a batch that failed never leaves.
class session : public game::session_port, public std::enable_shared_from_this<session> {
 public:
  session(boost::asio::ip::tcp::socket socket, game::network_port& game, commit_tracker& commits, session_limits limits,
          std::function<void()> on_closed);
  /// The same over any stream: a TLS one has finished its handshake.
  session(std::shared_ptr<stream> stream, game::network_port& game, commit_tracker& commits, session_limits limits,
          std::function<void()> on_closed);
  ~session() override;

  /// Starts the reader and writer coroutines; `self` references keep the session alive while they run.
  void start();
  /// Starts a connection handed over by the previous server image (hot reboot): negotiation state is
  /// restored rather than negotiated again, and the character goes straight back into play.
  void start_restored(std::string_view codec_state, const game::saved_connection& saved);
  /// What a hot reboot must carry for this connection.
  std::string codec_state() const;
  std::uint64_t id() const { return id_; }
  int native_handle() { return stream_->native_handle(); }
  /// True when the connection is TLS.
  bool is_tls() const { return stream_->is_tls(); }
  /// Whether a hot reboot can hand the connection over (not TLS, not a WebSocket).
  bool can_hand_over() const { return stream_->can_hand_over(); }
  /// "telnet", "TLS", "WebSocket (gmcp.mudstandards.org)", ...
  std::string kind() const { return stream_->kind(); }
  /// True when every queued byte has been written.
  bool drained() const { return queue_.empty() && gathering_.empty(); }
  /// Wakes the writer because more changes committed.
  void commits_advanced();
  /// Closes at once without flushing (used when the server stops).
  void abort();
  /// A hot reboot is coming: MCCP2 compression ends (Z_FINISH) once what is queued has left, and is not
  /// started again by this image. drained() turns true only after the end of the stream has been written.
  void end_compression_for_handover();
  /// The hot reboot did not happen: MCCP2 is offered again (the stream it had was ended).
  void handover_failed();
  /// Bytes given to MCCP2 compression and bytes it produced on this connection (0 and 0 if never on).
  std::size_t compressed_in() const { return deflate_.bytes_in(); }
  std::size_t compressed_out() const { return deflate_.bytes_out(); }
  /// The metrics' kind of this connection: telnet, TLS or web (a WebSocket, over TLS or not).
  connection_kind traffic_kind() const { return traffic_kind_; }
  /// Where this session counts what it writes (and compresses); null: nowhere. `counts` must outlive it.
  void count_traffic(traffic* counts) { traffic_ = counts; }
  /// Called once when the connection has ended (the game has been told).
  void set_on_closed(std::function<void()> fn) { on_closed_ = std::move(fn); }

  // game::session_port
  void write_text(std::string_view text) override;
  void write_gmcp(std::string_view package, std::string_view json) override;
  void write_prompt_end() override;
  void flush(std::uint64_t ticket) override;
  void discard(std::uint64_t ticket) override;
  void discard_unflushed() override;
  void set_hidden_input(bool hidden) override;
  void close() override;
  const game::client_abilities& client() const override { return abilities_; }
  std::string_view address() const override { return address_; }

 private:
  boost::asio::awaitable<void> read_loop();
  /// A plain socket: waits until it is readable, then reads into the buffer all plain sessions share.
  boost::asio::awaitable<void> read_plain(boost::asio::ip::tcp::socket& socket);
  /// Hands bytes that arrived to the codec and the game; false: the connection must end.
  bool take_input(std::string_view bytes);
  boost::asio::awaitable<void> write_loop();
  void handle_events(std::vector<telnet::event>& events);
  /// Output may leave: tried at the end of the current handler, once for all of it (output_batch).
  void write_soon();
  friend class output_batch;
  /// Writes what may leave now straight to a plain socket; leaves the rest (and TLS, WebSocket and
  /// MCCP2 output) to the writer coroutine.
  void write_now();
  /// Brings abilities_ up to date with what telnet negotiation has learned so far.
  void refresh_abilities();
  void shut();
  /// Reacts to an option the codec settled: MSSP sends the listing, MCCP2 starts or ends compression.
  void option_settled(const telnet::option_event& e);
  /// Queues what was gathered (ticket 0) with a stream switch after it (MCCP2 start or end).
  void queue_switch(write_queue::stream_switch after);
  /// Queues what is gathered with its ticket and stream switch; a client over the output limit is dropped.
  void enqueue(std::uint64_t ticket, write_queue::stream_switch after);
  /// Points `buffers` at the first `ready` queued chunks; false when they must go through build_wire()
  /// instead (MCCP2 is on, or one of them starts or ends it).
  bool gather_plain(std::size_t ready, std::vector<boost::asio::const_buffer>& buffers) const;
  /// Builds what leaves for the first `ready` queued chunks into wire_ (compressing as MCCP2 requires).
  void build_wire(std::size_t ready);
  /// Adds `bytes` written, and what MCCP2 compressed since the last call, to the traffic counts.
  void count_written(std::size_t bytes);

  std::shared_ptr<stream> stream_;  ///< shared: a TLS goodbye may outlive the session
  boost::asio::steady_timer wake_;            ///< wakes the writer: more output, or more commits
  boost::asio::steady_timer close_deadline_;  ///< a closing connection is shut after this
  output_batch& batch_;
  game::network_port& game_;
  commit_tracker& commits_;
  session_limits limits_;
  std::function<void()> on_closed_;
  /// The telnet codec, or a WebSocket message subprotocol's records (gmcp, json, terminal: no telnet
  /// negotiation, nor MSSP, MCCP2 or a hot reboot hand-over), chosen once in the constructor.
  std::unique_ptr<framing> framing_;
  /// What the game sees of the client: refreshed from the codec whenever negotiation changes it.
  game::client_abilities abilities_;
  telnet::client_info negotiated_;
  std::string address_;
  std::uint64_t id_ = 0;
  std::string gathering_;
  write_queue queue_;  ///< flushed output, held until its batch is resolved
  bool closing_ = false;  ///< close() asked: drain the queue, then shut the socket
  /// The newest batch this session's queued output waits for, with a wake-up asked of the commit tracker.
  std::uint64_t awaited_ticket_ = 0;
  bool overflowed_ = false;  ///< the client stopped reading: nothing more is queued, the socket is shutting
  bool shut_ = false;
  bool write_wanted_ = false;  ///< in the output batch, to be tried
  bool parked_ = false;        ///< the writer coroutine waits on wake_ (so write_now() may write)
  bool disconnected_ = false;  ///< the game has been told
  telnet::deflate_stream deflate_;  ///< MCCP2: one zlib stream, driven by the writer only
  std::string wire_;                ///< compressed output being written, reused
  bool compression_queued_ = false;  ///< a start of compression is queued and its end is not
  bool handing_over_ = false;        ///< a hot reboot is coming: compression is not started again
  connection_kind traffic_kind_ = connection_kind::telnet;
  traffic* traffic_ = nullptr;
  std::size_t counted_compressed_in_ = 0;   ///< deflate_.bytes_in() when last counted
  std::size_t counted_compressed_out_ = 0;  ///< deflate_.bytes_out() when last counted
};

}  // namespace dw::net
